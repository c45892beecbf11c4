import { eq } from 'drizzle-orm';
import { hasRole, STAFF_ROLES, type StaffRole } from '../../shared/staff/roles';
import { createMiddleware } from 'hono/factory';
import type { Clock } from '../config';
import type { Db } from '../platform/db/index';
import { sessions, staff } from '../platform/db/schema';
import { DomainError } from '../errors';
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
  if (!token) throw new DomainError('UNAUTHORIZED');
  const caller = await staffCaller(deps, token);
  if (!caller) {
    const [customer] = await deps.db.select({ id: sessions.customerId }).from(sessions).where(eq(sessions.tokenHash, sha256(token)));
    throw customer ? new DomainError('STAFF_ONLY') : new DomainError('UNAUTHORIZED');
  }
  if (!hasRole(caller.roles, roles)) throw new DomainError('STAFF_ROLE');
  c.set('staffId', caller.id);
  c.set('staff', caller);
  await next();
});
