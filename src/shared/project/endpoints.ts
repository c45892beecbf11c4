import { endpoint, failure } from '../endpoint';
import { CustomerSuccessCase, CustomerSuccessCreate } from './payloads';

/** The customer's project follow-up: the customer-success case opened when no plan fits. */

export const openCustomerSuccess = endpoint({
  method: 'post', path: '/portal/customers_success/create', auth: 'customer', tag: 'customer success', body: CustomerSuccessCreate,
  summary: 'Open (or return) the customer-success follow-up for the signed-in customer (client_id is their own id).',
  responses: { 200: { description: 'the case', schema: CustomerSuccessCase }, 401: failure('no valid session'), 404: failure('client_id is not the signed-in customer') },
});

export const projectEndpoints = [openCustomerSuccess];
