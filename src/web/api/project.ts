import { openCustomerSuccess } from '#shared/project/endpoints';
import type { CustomerSuccessCase } from '#shared/project/payloads';
import type { Transport } from './transport';

/** The customer-success follow-up. */
export const projectCalls = (t: Transport) => ({
  /** POST /portal/customers_success/create */
  async createCustomerSuccess(clientId: number): Promise<CustomerSuccessCase> {
    const { data } = await t.call(openCustomerSuccess, { json: { client_id: clientId } });
    return data;
  },
});
