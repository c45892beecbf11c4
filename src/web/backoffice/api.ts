import { staffBills, decideBill } from '#shared/bill/endpoints';
import { processOf } from '#shared/process/endpoints';
import { searchCustomers, staffCustomer } from '#shared/customer/endpoints';
import { queue, queues } from '#shared/staff/queues';
import { currentSession, enrol, readInvitation, signIn, signOut } from '#shared/staff/endpoints';
import type { StaffBillDecision } from '#shared/bill/payloads';
import { API_PREFIX } from '#shared/endpoint';
import { createTransport, isUnauthorized } from '../api/transport';

/**
 * The back-office's calls, over the same transport and endpoint descriptors as the portal. The
 * session's token lives in this tab only (sessionStorage): closing the tab forgets it, and the
 * server ends it after idle time anyway.
 */
const TOKEN_KEY = 'staff:session';

export const staffToken = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

export function createStaffApi(onUnauthorized: () => void, fetchImpl?: typeof fetch) {
  const t = createTransport({ getToken: staffToken.get, onUnauthorized, fetch: fetchImpl });
  return {
    isUnauthorized,
    async session() {
      if (!staffToken.get()) return null;
      try {
        return (await t.call(currentSession, {})).data.staff;
      } catch (e) {
        if (isUnauthorized(e)) { staffToken.clear(); return null; }
        throw e;
      }
    },
    readInvitation: async (invite: string) => (await t.call(readInvitation, { json: { invite } })).data,
    async enrol(invite: string, code: string) {
      const { data } = await t.call(enrol, { json: { invite, code } });
      staffToken.set(data.token);
      return data.staff;
    },
    async signIn(email: string, code: string) {
      const { data } = await t.call(signIn, { json: { email, code } });
      staffToken.set(data.token);
      return data.staff;
    },
    async signOut() {
      try {
        if (staffToken.get()) await t.call(signOut, {});
      } finally {
        staffToken.clear();
      }
    },
    search: async (q: string, page = 1) => (await t.call(searchCustomers, { query: { q, page: String(page) } })).data,
    customer: async (customerId: number) => (await t.call(staffCustomer, { params: { id: customerId } })).data,
    queues: async () => (await t.call(queues, {})).data.data,
    queue: async (key: string, page = 1) => (await t.call(queue, { params: { queue: key }, query: { page: String(page) } })).data,
    bills: async (customerId: number) => (await t.call(staffBills, { params: { id: customerId } })).data.bills,
    process: async (customerId: number) => (await t.call(processOf, { params: { id: customerId } })).data,
    decideBill: async (customerId: number, decision: StaffBillDecision) => (await t.call(decideBill, { params: { id: customerId }, json: decision })).data,
    /** the bill's file as a Blob (the reviewer opens it beside the fields) */
    billFile: (billId: number) => t.download(`${API_PREFIX}/admin/bills/${billId}/file`, '', 'bill.receive.error'),
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;
