import * as v from 'valibot';
import { endpoint, failure, staffFailures } from '../endpoint';
import { PROJECT_STATUSES } from '../project/rules';
import { ANY_STAFF, type StaffRole } from './roles';

/**
 * The back-office's home: what waits for a person, oldest first, with the promise in view (a bill
 * is answered within 24 h, spec §4). Each queue names the role that works it: its list is refused
 * to any other (its count is shown to everyone, so the team sees where work piles up).
 */
export const QUEUES = [
  'bills', 'documents', 'visitsToConfirm', 'visitsWithoutOutcome', 'financing', 'invoices', 'finalProposals', 'projects', 'messages',
] as const;
export type QueueKey = (typeof QUEUES)[number];

export const QUEUE_INFO: Readonly<Record<QueueKey, { title: string; role: StaffRole; promiseHours: number | null }>> = {
  bills: { title: 'Contas de luz para revisar', role: 'analyst', promiseHours: 24 },
  documents: { title: 'Documentos para aprovar', role: 'analyst', promiseHours: 24 },
  visitsToConfirm: { title: 'Visitas para confirmar', role: 'scheduler', promiseHours: 24 },
  visitsWithoutOutcome: { title: 'Visitas passadas sem resultado', role: 'scheduler', promiseHours: null },
  financing: { title: 'Financiamentos para decidir', role: 'sales', promiseHours: null },
  invoices: { title: 'Boletos em aberto', role: 'sales', promiseHours: null },
  /** the visit was approved and the FINAL proposal is not published yet */
  finalProposals: { title: 'Propostas finais para publicar', role: 'sales', promiseHours: null },
  /** every project at one of the seven statuses (spec §4), counted per status */
  projects: { title: 'Projetos por status', role: 'support', promiseHours: null },
  /** customers who sent a project file after the team's last message on their mural */
  messages: { title: 'Mensagens de clientes sem resposta', role: 'support', promiseHours: 24 },
};

/** The queue whose items are grouped (projects, by status): a list may be asked for one group. */
export const GROUPED_QUEUE = 'projects' satisfies QueueKey;

/** One thing waiting: whose, since when, and a short note (the reader's reasons, the visit's day, the project's status, the files sent). */
export const QueueItem = v.object({
  customer_id: v.number(),
  customer_name: v.string(),
  since: v.string(),
  note: v.nullable(v.string()),
});
export type QueueItem = v.InferOutput<typeof QueueItem>;

/** A group's count inside a queue (the projects at one status). */
export const QueueGroup = v.object({ key: v.string(), count: v.number() });
export type QueueGroup = v.InferOutput<typeof QueueGroup>;

export const QueueSummary = v.object({
  key: v.picklist(QUEUES), count: v.number(), oldest: v.nullable(v.string()),
  /** only for the grouped queue: every group in order, zeros included */
  groups: v.optional(v.array(QueueGroup)),
});
export type QueueSummary = v.InferOutput<typeof QueueSummary>;
export const QueuesResponse = v.object({ data: v.array(QueueSummary) });
export type QueuesResponse = v.InferOutput<typeof QueuesResponse>;
export const QueueResponse = v.object({ data: v.array(QueueItem), total: v.number() });
export type QueueResponse = v.InferOutput<typeof QueueResponse>;

export const QUEUE_PAGE_SIZE = 25;
export const QUEUE_ORDERS = ['oldest', 'newest'] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];

export const queues = endpoint({
  method: 'get', path: '/admin/queues', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: 'What waits for a person, by queue: how many and since when (the oldest); the projects counted per status.',
  responses: { 200: { description: 'the queues', schema: QueuesResponse }, ...staffFailures },
});

export const queue = endpoint({
  method: 'get', path: '/admin/queues/:queue', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  query: {
    page: { schema: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), description: 'page of 25, from 1' },
    order: { schema: v.picklist(QUEUE_ORDERS), description: 'oldest first (the default) or newest first' },
    status: { schema: v.picklist(PROJECT_STATUSES), description: 'projects only: the projects at this status' },
  },
  summary: "One queue, oldest first, 25 a page; only to the role that works it (QUEUE_INFO: analyst, scheduler, sales, support).",
  responses: {
    200: { description: 'the items', schema: QueueResponse }, 404: failure('no such queue'), ...staffFailures,
  },
});
