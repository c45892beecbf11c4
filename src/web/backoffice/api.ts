import { staffBills, decideBill } from '#shared/bill/endpoints';
import { processOf } from '#shared/process/endpoints';
import { searchCustomers, staffCustomer, type CustomerSort } from '#shared/customer/endpoints';
import { decideDocument, staffDocuments } from '#shared/document/endpoints';
import { customerVisit, moveVisit } from '#shared/visit/endpoints';
import { publishFinalProposal } from '#shared/proposal/endpoints';
import { decideFinancing, reconcileInvoice, staffPayment } from '#shared/payment/endpoints';
import { changeProjectStatus, postProjectMessage, staffProject } from '#shared/project/endpoints';
import type { StaffDocumentDecision } from '#shared/document/payloads';
import type * as visitPayloads from '#shared/visit/payloads';
import type { InferInput } from 'valibot';
type StaffVisitUpdate = InferInput<typeof visitPayloads.StaffVisitUpdate>;
import type { FinalProposalRequest } from '#shared/proposal/payloads';
import type { StaffFinancingDecision, StaffInvoiceUpdate } from '#shared/payment/payloads';
import type { ProjectStatusChange } from '#shared/project/payloads';
import { queue, queues } from '#shared/staff/queues';
import {
  addPasskey, auditTrail, currentSession, endSessions, enrol, enrolPasskey, invitationPasskeyOptions, listPasskeys, passkeyOptions, readInvitation, removePasskey,
  signIn, signInPasskey, signInPasskeyOptions, signOut, staffMembers,
} from '#shared/staff/endpoints';
import type { PasskeyAssertion, PasskeyRegistration } from '#shared/staff/payloads';
import type { StaffBillDecision } from '#shared/bill/payloads';
import { API_PREFIX } from '#shared/endpoint';
import { messages } from '#shared/messages';
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
    /** any endpoint descriptor, for screens whose calls are their own (typed by the descriptor) */
    call: t.call,
    /** a file an admin path answers to a POST with a JSON body (a preview's PDF), as a Blob */
    async postForFile(path: string, json: unknown): Promise<Blob> {
      const token = staffToken.get();
      let response: Response;
      try {
        response = await (fetchImpl ?? fetch)(`${API_PREFIX}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Accept-Language': 'pt-BR', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(json),
        });
      } catch {
        throw new Error(messages['common.error.network']);
      }
      if (response.status === 401) onUnauthorized();
      if (!response.ok) throw new Error(((await response.json().catch(() => null)) as { message?: string } | null)?.message ?? messages['common.error.generic']);
      return response.blob();
    },
    /** a file behind an admin path (under /api/v1), as a Blob */
    download: (path: string) => t.download(`${API_PREFIX}${path}`, '', 'bill.receive.error'),
    /** a multipart upload to an endpoint descriptor, with its progress (0..1) */
    sendFile: t.sendFile,
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
    /** passkeys: the server's options go to the browser (passkey.ts), its answer comes back here */
    invitationPasskeyOptions: async (invite: string) => (await t.call(invitationPasskeyOptions, { json: { invite } })).data,
    async enrolWithPasskey(invite: string, response: InferInput<typeof PasskeyRegistration>) {
      const { data } = await t.call(enrolPasskey, { json: { invite, response } });
      staffToken.set(data.token);
      return data.staff;
    },
    signInPasskeyOptions: async (email: string) => (await t.call(signInPasskeyOptions, { json: { email } })).data,
    async signInWithPasskey(email: string, response: InferInput<typeof PasskeyAssertion>) {
      const { data } = await t.call(signInPasskey, { json: { email, response } });
      staffToken.set(data.token);
      return data.staff;
    },
    passkeyOptions: async () => (await t.call(passkeyOptions, {})).data,
    addPasskey: async (response: InferInput<typeof PasskeyRegistration>) => (await t.call(addPasskey, { json: { response } })).data,
    passkeys: async () => (await t.call(listPasskeys, {})).data.data,
    removePasskey: async (passkeyId: number) => { await t.call(removePasskey, { params: { passkeyId } }); },
    async signOut() {
      try {
        if (staffToken.get()) await t.call(signOut, {});
      } finally {
        staffToken.clear();
      }
    },
    search: async (q: string, page = 1, sort: CustomerSort = 'newest') => (await t.call(searchCustomers, { query: { q, page: String(page), sort } })).data,
    customer: async (customerId: number) => (await t.call(staffCustomer, { params: { id: customerId } })).data,
    documents: async (id: number) => (await t.call(staffDocuments, { params: { id } })).data.data,
    decideDocument: async (id: number, documentId: number, d: StaffDocumentDecision) => (await t.call(decideDocument, { params: { id, documentId }, json: d })).data,
    documentFile: (id: number, documentId: number, side: 'front' | 'back') => t.download(`${API_PREFIX}/admin/customers/${id}/documents/${documentId}/${side}`, '', 'bill.receive.error'),
    visit: async (id: number) => (await t.call(customerVisit, { params: { id } })).data.data,
    moveVisit: async (id: number, u: StaffVisitUpdate) => (await t.call(moveVisit, { params: { id }, json: u })).data.data,
    publishFinalProposal: async (id: number, p: FinalProposalRequest) => (await t.call(publishFinalProposal, { params: { id }, json: p })).data,
    payment: async (id: number) => (await t.call(staffPayment, { params: { id } })).data,
    decideFinancing: async (id: number, d: StaffFinancingDecision) => (await t.call(decideFinancing, { params: { id }, json: d })).data,
    reconcileInvoice: async (id: number, u: StaffInvoiceUpdate) => (await t.call(reconcileInvoice, { params: { id }, json: u })).data,
    project: async (id: number) => (await t.call(staffProject, { params: { id } })).data,
    changeProjectStatus: async (id: number, c: ProjectStatusChange) => (await t.call(changeProjectStatus, { params: { id }, json: c })).data,
    postProjectMessage: async (id: number, message: string) => (await t.call(postProjectMessage, { params: { id }, json: { message } })).data,
    audit: async (query: Record<string, string>) => (await t.call(auditTrail, { query })).data.data,
    team: async () => (await t.call(staffMembers, {})).data.data,
    endSessions: async (staffId: number) => (await t.call(endSessions, { params: { staffId } })).data,
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
