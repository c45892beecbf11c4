import { and, asc, count, eq, inArray, lt, min, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ErrorCode } from '#shared/errors';
import { QUEUES, type QueueItem, type QueueKey, type QueueResponse, type QueuesResponse } from '#shared/staff/queues';
import type { AppDeps } from '../config';
import { bills, customers, documents, financings, invoices, technicalVisits } from '../platform/db/schema';
import { ApiError } from '../http/errors';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
const PAGE = 25;

/** Each queue as a query: its table, what waits, since when, and a note for the row. */
function source(key: QueueKey, now: Date): { table: typeof bills | typeof documents | typeof technicalVisits | typeof financings | typeof invoices; customerId: AnyPgColumn; since: AnyPgColumn; where: SQL | undefined; note: SQL<string | null> } {
  switch (key) {
    case 'bills': return { table: bills, customerId: bills.customerId, since: bills.createdAt, where: eq(bills.status, 'WAITING'), note: sql<string | null>`array_to_string(array(select jsonb_array_elements_text(${bills.analysis}->'review_notes')), ', ')` };
    case 'documents': return { table: documents, customerId: documents.customerId, since: documents.createdAt, where: eq(documents.status, 'PENDING'), note: sql<string | null>`${documents.type}` };
    case 'visitsToConfirm': return { table: technicalVisits, customerId: technicalVisits.customerId, since: technicalVisits.createdAt, where: eq(technicalVisits.status, 'UNCONFIRMED_APPOINTMENT'), note: sql<string | null>`${technicalVisits.day} || ' ' || ${technicalVisits.slot} || ', ' || ${technicalVisits.city}` };
    case 'visitsWithoutOutcome': return { table: technicalVisits, customerId: technicalVisits.customerId, since: technicalVisits.scheduledAt, where: and(eq(technicalVisits.status, 'CONFIRMED_SCHEDULE'), lt(technicalVisits.scheduledAt, now)), note: sql<string | null>`${technicalVisits.day} || ' ' || ${technicalVisits.slot} || ', ' || ${technicalVisits.city}` };
    case 'financing': return { table: financings, customerId: financings.customerId, since: financings.updatedAt, where: eq(financings.status, 'IN_EVALUATION'), note: sql<string | null>`null` };
    case 'invoices': return { table: invoices, customerId: invoices.customerId, since: invoices.createdAt, where: inArray(invoices.status, ['PENDING']), note: sql<string | null>`null` };
  }
}

export async function queueSummaries(deps: Deps): Promise<QueuesResponse> {
  const now = deps.clock.now();
  const data = [];
  for (const key of QUEUES) {
    const q = source(key, now);
    const [row] = await deps.db.select({ n: count(), oldest: min(q.since) }).from(q.table as typeof bills).where(q.where);
    data.push({ key, count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest as Date).toISOString() : null });
  }
  return { data };
}

export async function queueItems(deps: Deps, key: string, page = 1): Promise<QueueResponse> {
  if (!(QUEUES as readonly string[]).includes(key)) throw new ApiError(404, ErrorCode.NOT_FOUND);
  const q = source(key as QueueKey, deps.clock.now());
  const [total] = await deps.db.select({ n: count() }).from(q.table as typeof bills).where(q.where);
  const rows = await deps.db.select({ customerId: q.customerId, name: customers.name, since: q.since, note: q.note }).from(q.table as typeof bills)
    .innerJoin(customers, eq(customers.id, q.customerId)).where(q.where).orderBy(asc(q.since)).limit(PAGE).offset((page - 1) * PAGE);
  const data: QueueItem[] = rows.map((r) => ({ customer_id: Number(r.customerId), customer_name: r.name, since: new Date(r.since as Date).toISOString(), note: r.note || null }));
  return { data, total: Number(total?.n ?? 0) };
}
