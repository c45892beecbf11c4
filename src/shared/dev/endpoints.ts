import { endpoint } from '../endpoint';
import { OutboxResponse } from './payloads';

/** Development aids, never served in production. */

export const outbox = endpoint({
  method: 'get', path: '/dev/outbox', auth: 'none', tag: 'development', development: true,
  summary: 'What the local SMS, WhatsApp and e-mail providers sent, newest first. Absent when NODE_ENV=production (also at /dev/outbox).',
  query: { to: { description: 'canonical phone or e-mail' } },
  responses: { 200: { description: 'messages, newest first', schema: OutboxResponse } },
});

export const devEndpoints = [outbox];
