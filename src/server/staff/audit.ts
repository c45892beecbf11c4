import { and, asc, desc, eq, gte, like, lte } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE } from '../../shared/staff/payloads';
import type { Clock } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { accountDeletions, staff, staffAudit } from '../platform/db/schema';

/**
 * The audit trail of staff actions and reads. Every domain writes its lines here, in the
 * transaction of the action; it imports nothing of the domains (no cycle through staff).
 */

/** One line of the audit trail: who did what to which customer, and the thing before and after. */
export interface AuditEntry { staffId: number; action: string; customerId: number | null; before: unknown; after: unknown }

/** One line of the audit trail, written in the same transaction as the action. */
export async function audit(tx: Db | Tx, clock: Clock, entry: AuditEntry): Promise<void> {
  await tx.insert(staffAudit).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null, at: clock.now() });
}

/** What staff open of a customer: the page, and each document, bill or contract file. */
export type StaffRead = 'customer' | 'document' | 'bill' | 'contract' | 'proposal' | 'project-file' | 'mural-attachment';

/**
 * A staff read of a customer (F14): who, which customer and what (`read:document` with the
 * document's id and side...). Ids only, never what was read.
 */
export async function auditRead(
  deps: { db: Db; clock: Clock }, staffId: number, read: StaffRead, customerId: number, ids: Record<string, string | number> | null = null,
): Promise<void> {
  await audit(deps.db, deps.clock, { staffId, action: `read:${read}`, customerId, before: null, after: ids });
}

/** What the audit screen filters by: who, what (the action or its prefix, 'bill:'), which customer, from and until when. */
export interface AuditFilter { customerId?: number; staffId?: number; action?: string; from?: Date; until?: Date; page?: number; order?: 'newest' | 'oldest' }
const AUDIT_PAGE = AUDIT_PAGE_SIZE;

export async function auditTrail(db: Db, filter: AuditFilter | number = {}) {
  const f: AuditFilter = typeof filter === 'number' ? { customerId: filter } : filter;
  const offset = ((f.page ?? 1) - 1) * AUDIT_PAGE;
  const oldest = f.order === 'oldest';
  const staffWhere = and(
    f.customerId === undefined ? undefined : eq(staffAudit.customerId, f.customerId),
    f.staffId === undefined ? undefined : eq(staffAudit.staffId, f.staffId),
    f.action ? like(staffAudit.action, `${f.action.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined,
    f.from ? gte(staffAudit.at, f.from) : undefined,
    f.until ? lte(staffAudit.at, f.until) : undefined,
  );
  const rows = await db.select({ a: staffAudit, email: staff.email }).from(staffAudit).innerJoin(staff, eq(staff.id, staffAudit.staffId))
    .where(staffWhere).orderBy(oldest ? asc(staffAudit.id) : desc(staffAudit.id)).limit(AUDIT_PAGE + offset);
  const staffActions = rows.map(({ a, email }) => ({
    id: a.id, staff_id: a.staffId as number | null, staff_email: email as string | null, action: a.action, customer_id: a.customerId, before: a.before, after: a.after, at: a.at.toISOString(),
  }));
  // accounts their customers deleted (LGPD art. 18 VI): that it happened and what a legal duty kept, never who they were
  const wantsDeletions = f.staffId === undefined && (!f.action || 'customer:accountDeleted'.startsWith(f.action));
  const deletions = wantsDeletions ? await db.select().from(accountDeletions)
    .where(and(
      f.customerId === undefined ? undefined : eq(accountDeletions.customerId, f.customerId),
      f.from ? gte(accountDeletions.deletedAt, f.from) : undefined,
      f.until ? lte(accountDeletions.deletedAt, f.until) : undefined,
    )).orderBy(oldest ? asc(accountDeletions.id) : desc(accountDeletions.id)).limit(AUDIT_PAGE + offset) : [];
  return [...staffActions, ...deletions.map((d) => ({
    id: d.id, staff_id: null, staff_email: null, action: 'customer:accountDeleted', customer_id: d.customerId, before: null, after: { kept: d.kept }, at: d.deletedAt.toISOString(),
  }))].sort((x, y) => (oldest ? x.at.localeCompare(y.at) : y.at.localeCompare(x.at)) || Number(x.staff_id !== null) - Number(y.staff_id !== null)).slice(offset, offset + AUDIT_PAGE);
}

