import { and, asc, desc, eq, gte, like, lte } from 'drizzle-orm';
import { hasRole, STAFF_ROLES, type StaffRole } from '../../shared/staff/roles';
import { AUDIT_PAGE_SIZE } from '../../shared/staff/payloads';
import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '../../shared/errors';
import type { Clock } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { accountDeletions, sessions, staff, staffAudit } from '../platform/db/schema';
import { ApiError } from '../http/errors';
import { newToken, sha256 } from '../auth/crypto';
import { staffCaller, type StaffCaller } from './auth';

/**
 * Staff sign in with a bearer token that `npm run staff -- create-staff` (or `new-token`) prints
 * once; only its SHA-256 is stored. Issuing a new token replaces the old one.
 */
export async function createStaff(db: Db, clock: Clock, name: string, email: string, roles: readonly StaffRole[] = STAFF_ROLES): Promise<{ id: number; token: string }> {
  const token = newToken();
  const [row] = await db.insert(staff).values({ name, email: email.toLowerCase(), tokenHash: sha256(token), roles: [...roles], createdAt: clock.now() })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff insert returned nothing');
  return { id: row.id, token };
}

export async function renewStaffToken(db: Db, email: string): Promise<string | null> {
  const token = newToken();
  const rows = await db.update(staff).set({ tokenHash: sha256(token), revokedAt: null }).where(eq(staff.email, email.toLowerCase())).returning({ id: staff.id });
  return rows.length ? token : null;
}

export async function revokeStaff(db: Db, clock: Clock, email: string): Promise<boolean> {
  const rows = await db.update(staff).set({ revokedAt: clock.now() }).where(eq(staff.email, email.toLowerCase())).returning({ id: staff.id });
  return rows.length > 0;
}

export interface StaffVars { Variables: { staffId: number; staff: StaffCaller } }

/**
 * A bearer staff token (a script's) or back-office session -> the staff member, who must hold one
 * of `roles` (403 4032 otherwise). A customer's token (or none) gets 401/403 without saying which.
 */
export const requireStaff = (deps: { db: Db; clock: Clock }, roles: readonly StaffRole[]) => createMiddleware<StaffVars>(async (c, next) => {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  if (!token) throw new ApiError(401, ErrorCode.UNAUTHORIZED);
  const caller = await staffCaller(deps, token);
  if (!caller) {
    const [customer] = await deps.db.select({ id: sessions.customerId }).from(sessions).where(eq(sessions.tokenHash, sha256(token)));
    throw customer ? new ApiError(403, ErrorCode.STAFF_ONLY) : new ApiError(401, ErrorCode.UNAUTHORIZED);
  }
  if (!hasRole(caller.roles, roles)) throw new ApiError(403, ErrorCode.STAFF_ROLE);
  c.set('staffId', caller.id);
  c.set('staff', caller);
  await next();
});

/** One line of the audit trail, written in the same transaction as the action. */
export async function audit(
  tx: Db | Tx, clock: Clock, entry: { staffId: number; action: string; customerId: number | null; before: unknown; after: unknown },
): Promise<void> {
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

