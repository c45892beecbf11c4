import { API_PREFIX, fillPath } from '#shared/endpoint';
import { caseMessages, caseUpload, muralAttachment, openCustomerSuccess } from '#shared/project/endpoints';
import type { CustomerSuccessCase, UploadAnswer } from '#shared/project/payloads';
import type { Transport } from './transport';

/** The customer-success follow-up: the project-status screen's calls (spec §7 customer success). */
export const projectCalls = (t: Transport) => ({
  /** POST /portal/customers_success/create */
  async createCustomerSuccess(clientId: number): Promise<CustomerSuccessCase> {
    const { data } = await t.call(openCustomerSuccess, { json: { client_id: clientId } });
    return data;
  },

  /** GET /portal/customers_success/{id}/get_messages: the case with the project's status, the mural, the distributor's request */
  async getCustomerSuccess(caseId: number): Promise<CustomerSuccessCase> {
    return (await t.call(caseMessages, { params: { id: caseId }, fallback: 'project.load.error' })).data;
  },

  /** POST portal/customers_success/{id}/upload (field `file`) */
  async uploadProjectFile(caseId: number, file: Blob, name: string): Promise<UploadAnswer> {
    return t.sendFile(caseUpload, { params: { id: caseId }, file, name, fallback: 'project.upload.error' });
  },

  /** GET /portal/customers_success/{id}/messages/{messageId}/attachment: the file the team attached to a mural message */
  async downloadMuralAttachment(caseId: number, messageId: number): Promise<Blob> {
    return t.download(`${API_PREFIX}${fillPath(muralAttachment.path, { id: caseId, messageId })}`, '', 'project.load.error');
  },
});
