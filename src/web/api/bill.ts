import { bills, sendBill } from '#shared/bill/endpoints';
import type { BillsResponse, BillValues } from '#shared/bill/payloads';
import type { Transport } from './transport';

/** The electricity bill. */
export const billCalls = (t: Transport) => ({
  /** GET /portal/customers/bills: the latest bill, holder flag and history */
  async getBills(): Promise<BillsResponse> {
    const { data } = await t.call(bills, {});
    return data;
  },

  /** POST /portal/customers/bills?is_holder=: the bill file, with upload progress */
  async uploadBill(file: Blob, name: string, isHolder: boolean, onProgress?: (ratio: number) => void): Promise<BillValues> {
    return t.sendFile(sendBill, { query: { is_holder: isHolder ? 'true' : 'false' }, file, name, fallback: 'bill.upload.error', onProgress });
  },
});
