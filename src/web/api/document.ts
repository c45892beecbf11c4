import { documents, sendDocuments } from '#shared/document/endpoints';
import type { DocumentRecord } from '#shared/document/payloads';
import type { Transport } from './transport';

/** The customer's documents on the booking screen. */
export const documentCalls = (t: Transport) => ({
  /** GET /portal/customers/documents */
  async getDocuments(): Promise<DocumentRecord[]> {
    const { data } = await t.call(documents, {});
    return data.data;
  },

  /** POST /portal/customers/documents: every chosen file in its field, in one request */
  async sendDocuments(files: readonly { field: string; file: Blob; name: string }[], onProgress?: (ratio: number) => void): Promise<DocumentRecord[]> {
    return (await t.sendFile(sendDocuments, { files, fallback: 'bill.upload.error', onProgress })).data;
  },
});
