import { endpoint, staffFailures } from '../endpoint';

/** What only staff read across domains: the audit trail of their actions. */

export const auditTrail = endpoint({
  method: 'get', path: '/admin/audit', auth: 'staff', tag: 'admin',
  query: { customer_id: { description: 'only actions on this customer' } },
  summary: 'The staff audit trail, newest first (who, when, what, before, after).',
  responses: { 200: { description: 'audit entries' }, ...staffFailures },
});

export const staffEndpoints = [auditTrail];
