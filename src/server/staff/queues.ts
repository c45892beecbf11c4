import { and, asc, count, desc, eq, inArray, isNotNull, lt, min, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyStateNode } from 'xstate';
import { processMachine } from '#machines/process/processMachine';
import { PROJECT_STATUSES, type ProjectStatus } from '#shared/project/rules';
import {
  GROUPED_QUEUE, QUEUE_INFO, QUEUE_PAGE_SIZE, QUEUES, type QueueItem, type QueueKey, type QueueOrder, type QueueResponse, type QueuesResponse,
} from '#shared/staff/queues';
import { hasRole, type StaffRole } from '#shared/staff/roles';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import {
  bills, customers, customerSuccessCases, documents, financings, invoices, processEvents, processSnapshots, projectFiles, projectMessages,
  technicalVisits, uploads,
} from '../platform/db/schema';
import { DomainError } from '../errors';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

// ---- what the process machine says, read once from its definition ----------------------------------

const atomicStates = (node: AnyStateNode): AnyStateNode[] =>
  Object.keys(node.states).length === 0 ? [node] : Object.values(node.states).flatMap(atomicStates);

/** A state's persisted value (`{"offer":"choosing"}`) from its path. */
const persistedValue = (path: readonly string[]): unknown => path.slice(0, -1).reduceRight<unknown>((inner, key) => ({ [key]: inner }), path.at(-1));

/** The states where staff may publish the FINAL proposal: the ones that take `proposal.finalPublished` (offer and the lending's final proposal). */
const FINAL_PROPOSAL_STATES = atomicStates(processMachine.root)
  .filter((n) => Object.keys(n.config.on ?? {}).includes('proposal.finalPublished'))
  .map((n) => JSON.stringify(persistedValue(n.path)));

/** The project phase's state names and the status each stands for (its meta). */
const PROJECT_STATE_STATUS: readonly (readonly [string, ProjectStatus])[] = Object.entries(processMachine.root.states.projectStatus!.states)
  .map(([name, node]) => [name, (node.meta as { projectStatus: ProjectStatus }).projectStatus] as const);

// ---- the queues, each a set of (customer, since, note) ---------------------------------------------

const projectStateName = sql`${processSnapshots.snapshot}->'value'->>'projectStatus'`;
const projectStatusSql = sql<string>`case ${projectStateName} ${sql.join(PROJECT_STATE_STATUS.map(([name, status]) => sql`when ${name} then ${status}`), sql` `)} end`;

/** The last mural message on a case (none: the customer's files are all unanswered). */
const lastMessageAt = sql`(select max(${projectMessages.createdAt}) from ${projectMessages} where ${projectMessages.caseId} = ${projectFiles.caseId})`;

/**
 * Each queue as one subquery of what waits: whose, since when, and a note for the row. Every count,
 * list and group is computed by the database from it.
 */
function waiting(db: Db, key: QueueKey, now: Date, status?: ProjectStatus) {
  const fields = (customerId: SQLWrapper, since: SQLWrapper, note: SQLWrapper) => ({
    customerId: sql<number>`${customerId}`.as('customer_id'), since: sql<Date>`${since}`.as('since'), note: sql<string | null>`${note}`.as('note'),
  });
  const visitNote = sql`${technicalVisits.day} || ' ' || ${technicalVisits.slot} || ', ' || ${technicalVisits.city}`;
  switch (key) {
    case 'bills': return db.select(fields(bills.customerId, bills.createdAt, sql`array_to_string(array(select jsonb_array_elements_text(${bills.analysis}->'review_notes')), ', ')`))
      .from(bills).where(eq(bills.status, 'WAITING')).as('waiting');
    case 'documents': return db.select(fields(documents.customerId, documents.createdAt, sql`${documents.type}`))
      .from(documents).where(eq(documents.status, 'PENDING')).as('waiting');
    case 'visitsToConfirm': return db.select(fields(technicalVisits.customerId, technicalVisits.createdAt, visitNote))
      .from(technicalVisits).where(eq(technicalVisits.status, 'UNCONFIRMED_APPOINTMENT')).as('waiting');
    case 'visitsWithoutOutcome': return db.select(fields(technicalVisits.customerId, technicalVisits.scheduledAt, visitNote))
      .from(technicalVisits).where(and(eq(technicalVisits.status, 'CONFIRMED_SCHEDULE'), lt(technicalVisits.scheduledAt, now))).as('waiting');
    case 'financing': return db.select(fields(financings.customerId, financings.updatedAt, sql`null`))
      .from(financings).where(eq(financings.status, 'IN_EVALUATION')).as('waiting');
    case 'invoices': return db.select(fields(invoices.customerId, invoices.createdAt, sql`null`))
      .from(invoices).where(inArray(invoices.status, ['PENDING'])).as('waiting');
    case 'finalProposals': {
      // waiting since the visit was approved (the process's own record of the move)
      const approvedAt = sql`(select max(${processEvents.at}) from ${processEvents} where ${processEvents.customerId} = ${processSnapshots.customerId} and ${processEvents.event} = 'visit.approved')`;
      return db.select(fields(processSnapshots.customerId, sql`coalesce(${approvedAt}, ${processSnapshots.updatedAt})`, sql`${processSnapshots.snapshot}->'context'->>'kind'`))
        .from(processSnapshots)
        .where(and(
          sql`${processSnapshots.snapshot}->'value' in (${sql.join(FINAL_PROPOSAL_STATES.map((v) => sql`${v}::jsonb`), sql`, `)})`,
          sql`coalesce((${processSnapshots.snapshot}->'context'->>'finalProposalPublished')::boolean, false) = false`,
        )).as('waiting');
    }
    case 'projects':
      // at its status since the process last moved
      return db.select(fields(processSnapshots.customerId, processSnapshots.updatedAt, projectStatusSql))
        .from(processSnapshots)
        .where(and(isNotNull(projectStateName), status ? sql`${projectStatusSql} = ${status}` : undefined)).as('waiting');
    case 'messages':
      // the files sent after the case's last mural message, the oldest's time and every name
      return db.select(fields(customerSuccessCases.customerId, sql`min(${projectFiles.createdAt})`, sql`string_agg(${uploads.originalName}, ', ' order by ${projectFiles.id})`))
        .from(projectFiles)
        .innerJoin(customerSuccessCases, eq(customerSuccessCases.id, projectFiles.caseId))
        .innerJoin(uploads, eq(uploads.id, projectFiles.uploadId))
        .where(sql`${projectFiles.createdAt} > coalesce(${lastMessageAt}, '-infinity'::timestamptz)`)
        .groupBy(customerSuccessCases.customerId).as('waiting');
  }
}

const iso = (d: unknown): string => new Date(d as Date).toISOString();

/** Every queue's count and oldest; the projects also per status (zeros included). */
export async function queueSummaries(deps: Deps): Promise<QueuesResponse> {
  const now = deps.clock.now();
  const data: QueuesResponse['data'] = [];
  for (const key of QUEUES) {
    const w = waiting(deps.db, key, now);
    const [row] = await deps.db.select({ n: count(), oldest: min(w.since) }).from(w);
    const summary: QueuesResponse['data'][number] = { key, count: Number(row?.n ?? 0), oldest: row?.oldest ? iso(row.oldest) : null };
    if (key === GROUPED_QUEUE) {
      const groups = await deps.db.select({ key: w.note, n: count() }).from(w).groupBy(w.note);
      const byStatus = new Map(groups.map((g) => [g.key, Number(g.n)]));
      summary.groups = PROJECT_STATUSES.map((s) => ({ key: s, count: byStatus.get(s) ?? 0 }));
    }
    data.push(summary);
  }
  return { data };
}

export interface QueueRequest { page?: number; order?: QueueOrder; status?: ProjectStatus }

/**
 * One queue's page (25, oldest first unless asked newest first; ties by customer), to the role that
 * works it: an unknown queue is 404, another role's is 403 (4032).
 */
export async function queueItems(deps: Deps, roles: readonly StaffRole[], key: string, request: QueueRequest = {}): Promise<QueueResponse> {
  if (!(QUEUES as readonly string[]).includes(key)) throw new DomainError('NOT_FOUND');
  const queueKey = key as QueueKey;
  if (!hasRole(roles, [QUEUE_INFO[queueKey].role])) throw new DomainError('STAFF_ROLE');
  const page = request.page ?? 1;
  const w = waiting(deps.db, queueKey, deps.clock.now(), queueKey === GROUPED_QUEUE ? request.status : undefined);
  const [total] = await deps.db.select({ n: count() }).from(w);
  const order = request.order === 'newest' ? [desc(w.since), desc(w.customerId)] : [asc(w.since), asc(w.customerId)];
  const rows = await deps.db.select({ customerId: w.customerId, name: customers.name, since: w.since, note: w.note }).from(w)
    .innerJoin(customers, eq(customers.id, w.customerId)).orderBy(...order).limit(QUEUE_PAGE_SIZE).offset((page - 1) * QUEUE_PAGE_SIZE);
  const data: QueueItem[] = rows.map((r) => ({ customer_id: Number(r.customerId), customer_name: r.name, since: iso(r.since), note: r.note || null }));
  return { data, total: Number(total?.n ?? 0) };
}
