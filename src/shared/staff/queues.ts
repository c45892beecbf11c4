import * as v from 'valibot';
import { endpoint, staffFailures } from '../endpoint';
import { ANY_STAFF, type StaffRole } from './roles';

/**
 * The back-office's home: what waits for a person, oldest first, with the promise in view (a bill
 * is answered within 24 h, spec §4). Each queue names the role that works it.
 */
export const QUEUES = ['bills', 'documents', 'visitsToConfirm', 'visitsWithoutOutcome', 'financing', 'invoices'] as const;
export type QueueKey = (typeof QUEUES)[number];

export const QUEUE_INFO: Readonly<Record<QueueKey, { title: string; role: StaffRole; promiseHours: number | null }>> = {
  bills: { title: 'Contas de luz para revisar', role: 'analyst', promiseHours: 24 },
  documents: { title: 'Documentos para aprovar', role: 'analyst', promiseHours: 24 },
  visitsToConfirm: { title: 'Visitas para confirmar', role: 'scheduler', promiseHours: 24 },
  visitsWithoutOutcome: { title: 'Visitas passadas sem resultado', role: 'scheduler', promiseHours: null },
  financing: { title: 'Financiamentos para decidir', role: 'sales', promiseHours: null },
  invoices: { title: 'Boletos em aberto', role: 'sales', promiseHours: null },
};

/** One thing waiting: whose, since when, and a short note (the reader's reasons, the visit's day). */
export const QueueItem = v.object({
  customer_id: v.number(),
  customer_name: v.string(),
  since: v.string(),
  note: v.nullable(v.string()),
});
export type QueueItem = v.InferOutput<typeof QueueItem>;

export const QueueSummary = v.object({ key: v.picklist(QUEUES), count: v.number(), oldest: v.nullable(v.string()) });
export const QueuesResponse = v.object({ data: v.array(QueueSummary) });
export type QueuesResponse = v.InferOutput<typeof QueuesResponse>;
export const QueueResponse = v.object({ data: v.array(QueueItem), total: v.number() });
export type QueueResponse = v.InferOutput<typeof QueueResponse>;

export const queues = endpoint({
  method: 'get', path: '/admin/queues', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: 'What waits for a person, by queue: how many and since when (the oldest).',
  responses: { 200: { description: 'the queues', schema: QueuesResponse }, ...staffFailures },
});

export const queue = endpoint({
  method: 'get', path: '/admin/queues/:queue', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  query: {
    page: { schema: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), description: 'page of 25, from 1' },
  },
  summary: 'One queue, oldest first, 25 a page.',
  responses: { 200: { description: 'the items', schema: QueueResponse }, 404: { description: 'no such queue' }, ...staffFailures },
});
