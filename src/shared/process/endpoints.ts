import { ANY_STAFF, EVENT_SENDERS } from '../staff/roles';
import { endpoint, failure, staffFailures } from '../endpoint';
import { ProcessView, StaffEventRequest, StepsResponse } from './payloads';

/** The customer's process: the steps it derives, and staff reading and moving it. */

export const steps = endpoint({
  method: 'get', path: '/portal/customers/steps', auth: 'customer', tag: 'customers',
  summary: "The customer's steps, derived from their process (a new customer: SIMULATION and BILL, NOT_DONE).",
  responses: { 200: { description: 'steps in order', schema: StepsResponse }, 401: failure('no valid session') },
});

// ---- staff --------------------------------------------------------------------------------------

export const processOf = endpoint({
  method: 'get', path: '/admin/customers/:id/process', auth: 'staff', roles: ANY_STAFF, tag: 'admin', summary: "A customer's process: state, version and steps.",
  responses: { 200: { description: 'process', schema: ProcessView }, ...staffFailures, 404: failure('no such customer') },
});

export const sendProcessEvent = endpoint({
  method: 'post', path: '/admin/customers/:id/events', auth: 'staff', roles: EVENT_SENDERS, tag: 'admin', body: StaffEventRequest,
  summary: "Send a staff event to a customer's process (audited).",
  responses: {
    200: { description: 'the process after the event', schema: ProcessView }, ...staffFailures,
    409: failure('event not allowed in the current state (4090) or stale version (4091); nothing changed'),
  },
});

export const processEndpoints = [steps, processOf, sendProcessEvent];
