import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { STAFF_ROLES, type StaffRole } from '#shared/staff/roles';
import type { StaffMember } from '#shared/staff/payloads';
import type { AppDeps } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { staff, staffSessions, staffSignInHolds } from '../platform/db/schema';
import { limitKeyOf } from '../http/common';
import { DomainError } from '../errors';
import { newToken, sha256 } from '../auth/crypto';
import { newTotpSecret, openSecret, sealSecret, totpStep, totpUri } from './factor';
import { audit } from './audit';

/**
 * Back-office sign-in (issue 14): an invitation link that `npm run staff -- invite` prints, a TOTP
 * app enrolled from it, then e-mail + the app's code. No password, no token in a URL (the
 * invitation travels in the link's #fragment, which browsers never send). Sessions are short and
 * end after idle time; an admin can end a member's sessions.
 */

/** How long an invitation link works. */
export const INVITE_DAYS = 7;
/** A session ends this long after sign-in whatever happens, or after this long without a call. */
export const SESSION_HOURS = 8;
export const IDLE_MINUTES = 30;
/** Wrong codes in a row before sign-in waits; the wait doubles with each further one, up to the cap. */
export const FREE_FAILURES = 4;
export const HOLD_CAP_MINUTES = 60;
/**
 * Wrong factors in a row from every address together before the whole account waits
 * HOLD_CAP_MINUTES (NIST SP 800-63B-4 §3.2.2: at most 100 consecutive failures per account); below
 * it, only the address that guessed wrong waits (issue 29, F4).
 */
export const ACCOUNT_FAILURES = 100;
/** A session's last use is written at most this often (a read per call, a write per minute). */
const SLIDE_EVERY_MS = 60_000;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secret'>;
type StaffRow = typeof staff.$inferSelect;

const rolesOf = (row: Pick<StaffRow, 'roles'>): StaffRole[] => row.roles.filter((r): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r));
const memberOf = (row: StaffRow): StaffMember => ({ id: row.id, name: row.name, email: row.email, roles: rolesOf(row) });

/** A new invitation (or a new one replacing an unused one): the member and the link's token, shown once. */
export async function invite(deps: Pick<AppDeps, 'db' | 'clock'>, input: { name: string; email: string; roles: readonly StaffRole[] }): Promise<{ id: number; token: string }> {
  const token = newToken();
  const email = input.email.trim().toLowerCase();
  const expires = new Date(deps.clock.now().getTime() + INVITE_DAYS * 86_400_000);
  const values = { name: input.name.trim(), roles: [...input.roles], inviteHash: sha256(token), inviteExpiresAt: expires, totpPending: null };
  const [row] = await deps.db.insert(staff).values({ ...values, email, createdAt: deps.clock.now() })
    .onConflictDoUpdate({ target: staff.email, set: values }).returning({ id: staff.id });
  if (!row) throw new Error('staff invite returned nothing');
  return { id: row.id, token };
}

/** The member a live invitation names (404 for an unknown, used or expired one). */
export async function invited(deps: Deps, token: string): Promise<StaffRow> {
  const [row] = await deps.db.select().from(staff).where(eq(staff.inviteHash, sha256(token)));
  if (!row || row.revokedAt || !row.inviteExpiresAt || row.inviteExpiresAt <= deps.clock.now()) throw new DomainError('STAFF_INVITE_INVALID');
  return row;
}

/** The invitation's member and the secret to save; the same secret on every read until enrolment. */
export async function readInvitation(deps: Deps, token: string) {
  const row = await invited(deps, token);
  let secret = row.totpPending ? openSecret(deps.secret, row.totpPending) : null;
  if (!secret) {
    secret = newTotpSecret();
    await deps.db.update(staff).set({ totpPending: sealSecret(deps.secret, secret) }).where(eq(staff.id, row.id));
  }
  const uri = totpUri(secret, row.email);
  return { name: row.name, email: row.email, roles: rolesOf(row), otpauth_uri: uri, secret, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
}

/** A new back-office session for the member: the token (shown once), its end, the idle limit. */
export async function openSession(deps: { db: Db | Tx; clock: AppDeps['clock'] }, row: StaffRow) {
  const token = newToken();
  const now = deps.clock.now();
  const expires = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  await deps.db.insert(staffSessions).values({ staffId: row.id, tokenHash: sha256(token), createdAt: now, lastSeenAt: now, expiresAt: expires });
  return { token, expires_at: expires.toISOString(), idle_minutes: IDLE_MINUTES, staff: memberOf(row) };
}

/** The first code proves the app holds the secret: the factor is kept, the invitation spent, the member signed in. */
export async function enrol(deps: Deps, input: { invite: string; code: string }) {
  const row = await invited(deps, input.invite);
  const secret = row.totpPending ? openSecret(deps.secret, row.totpPending) : null;
  const step = secret ? totpStep(secret, row.email, input.code, deps.clock.now()) : null;
  if (!secret || step === null) throw new DomainError('STAFF_SIGN_IN_FAILED');
  const [enrolled] = await deps.db.update(staff).set({
    totpSecret: row.totpPending, totpPending: null, totpLastStep: step, inviteHash: null, inviteExpiresAt: null,
    enrolledAt: deps.clock.now(), failedFactors: 0, heldUntil: null,
  }).where(and(eq(staff.id, row.id), eq(staff.inviteHash, sha256(input.invite)))).returning();
  if (!enrolled) throw new DomainError('STAFF_INVITE_INVALID');
  await audit(deps.db, deps.clock, { staffId: row.id, action: 'staff:enrolled', customerId: null, before: null, after: { factor: 'totp' } });
  return openSession(deps, enrolled);
}

/** How long sign-in waits after `failures` wrong codes in a row (0 until FREE_FAILURES). */
export function holdAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(HOLD_CAP_MINUTES, 2 ** (failures - FREE_FAILURES - 1)) * 60_000;
}

/**
 * Sign-in waits while this address is held for the member's wrong second factors it sent, or the
 * whole account is after ACCOUNT_FAILURES (429 with the seconds left). Another address is not held
 * by a stranger's guesses.
 */
export async function refuseWhileHeld(db: Db | Tx, row: Pick<StaffRow, 'id' | 'heldUntil'>, address: string, now: Date): Promise<void> {
  const [mine] = await db.select({ until: staffSignInHolds.heldUntil }).from(staffSignInHolds)
    .where(and(eq(staffSignInHolds.staffId, row.id), eq(staffSignInHolds.address, limitKeyOf(address))));
  const until = [row.heldUntil, mine?.until ?? null].filter((d): d is Date => d !== null && d > now).sort((a, b) => b.getTime() - a.getTime())[0];
  if (until) throw new DomainError('STAFF_SIGN_IN_HELD', { retry_after_s: Math.ceil((until.getTime() - now.getTime()) / 1000) });
}

/**
 * A wrong second factor (an app code or a passkey) from `address`: counted and audited; from
 * FREE_FAILURES on, that address waits; from ACCOUNT_FAILURES in a row, every address does.
 */
export async function countFailedFactor(deps: { db: Db | Tx; clock: AppDeps['clock'] }, row: StaffRow, address: string, now: Date): Promise<void> {
  const key = limitKeyOf(address);
  await deps.db.transaction(async (tx) => {
    // counted in the database, not from the row read before: parallel failures each count (issue 29, F3)
    const [counted] = await tx.update(staff).set({ failedFactors: sql`${staff.failedFactors} + 1` }).where(eq(staff.id, row.id)).returning({ failures: staff.failedFactors });
    const inARow = counted?.failures ?? row.failedFactors + 1;
    const [here] = await tx.insert(staffSignInHolds).values({ staffId: row.id, address: key, failures: 1, updatedAt: now })
      .onConflictDoUpdate({ target: [staffSignInHolds.staffId, staffSignInHolds.address], set: { failures: sql`${staffSignInHolds.failures} + 1`, updatedAt: now } })
      .returning({ failures: staffSignInHolds.failures });
    const failures = here?.failures ?? 1;
    const hold = holdAfter(failures);
    if (hold) {
      await tx.update(staffSignInHolds).set({ heldUntil: new Date(now.getTime() + hold) })
        .where(and(eq(staffSignInHolds.staffId, row.id), eq(staffSignInHolds.address, key)));
    }
    const accountHold = inARow >= ACCOUNT_FAILURES ? HOLD_CAP_MINUTES * 60_000 : 0;
    if (accountHold) await tx.update(staff).set({ heldUntil: new Date(now.getTime() + accountHold) }).where(eq(staff.id, row.id));
    await audit(tx, deps.clock, {
      staffId: row.id, action: 'staff:signInFailed', customerId: null,
      before: { failed_in_a_row: inARow - 1 }, after: { failed_in_a_row: inARow, from_this_address: failures, held_s: Math.max(hold, accountHold) / 1000 },
    });
  });
}

/** A right second factor: the count of wrong ones starts again, the sign-in is audited, a session opens. */
export async function signedIn(deps: { db: Db | Tx; clock: AppDeps['clock'] }, row: StaffRow, factor: 'totp' | 'passkey', address: string, set: Partial<typeof staff.$inferInsert> = {}) {
  const [current] = await deps.db.update(staff).set({ ...set, failedFactors: 0, heldUntil: null }).where(eq(staff.id, row.id)).returning();
  // the member's own address starts again; a stranger's address keeps its wait
  await deps.db.delete(staffSignInHolds).where(and(eq(staffSignInHolds.staffId, row.id), eq(staffSignInHolds.address, limitKeyOf(address))));
  await audit(deps.db, deps.clock, { staffId: row.id, action: 'staff:signedIn', customerId: null, before: null, after: { factor } });
  return openSession(deps, current ?? row);
}

/**
 * E-mail and the app's code. An unknown e-mail and a wrong code get the same answer; each wrong
 * code for a member is counted (audited) and, after FREE_FAILURES in a row, sign-in waits a time
 * that doubles with each further one. A code is accepted once (its step is remembered).
 */
export async function signIn(deps: Deps, input: { email: string; code: string }, address: string) {
  // one check at a time per member (the row locked until the count or the session is written):
  // parallel wrong codes cannot outrun the hold, and one code opens one session (issue 29, F3)
  const outcome = await deps.db.transaction(async (tx): Promise<{ refused: DomainError } | { session: Awaited<ReturnType<typeof openSession>> }> => {
    const [row] = await tx.select().from(staff).where(eq(staff.email, input.email.trim().toLowerCase())).for('update');
    if (!row || row.revokedAt || !row.totpSecret) return { refused: new DomainError('STAFF_SIGN_IN_FAILED') };
    const now = deps.clock.now();
    try {
      await refuseWhileHeld(tx, row, address, now);
    } catch (e) {
      return { refused: e as DomainError };
    }
    const step = totpStep(openSecret(deps.secret, row.totpSecret), row.email, input.code, now);
    if (step === null || (row.totpLastStep !== null && step <= row.totpLastStep)) {
      await countFailedFactor({ db: tx, clock: deps.clock }, row, address, now);
      return { refused: new DomainError('STAFF_SIGN_IN_FAILED') };
    }
    return { session: await signedIn({ db: tx, clock: deps.clock }, row, 'totp', address, { totpLastStep: step }) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.session;
}

export interface StaffCaller { id: number; roles: StaffRole[]; sessionId: number | null; expiresAt: Date | null }

/**
 * The staff member a bearer token belongs to: a script's token (staff.token_hash), or an open
 * back-office session (not ended, not past its end, not idle too long, whose use is written at
 * most once a minute). Null for anything else.
 */
export async function staffCaller(deps: Pick<AppDeps, 'db' | 'clock'>, token: string): Promise<StaffCaller | null> {
  const hash = sha256(token);
  const [script] = await deps.db.select({ id: staff.id, roles: staff.roles }).from(staff).where(and(eq(staff.tokenHash, hash), isNull(staff.revokedAt)));
  if (script) return { id: script.id, roles: rolesOf(script), sessionId: null, expiresAt: null };
  const now = deps.clock.now();
  const [row] = await deps.db.select({ s: staffSessions, roles: staff.roles, revokedAt: staff.revokedAt }).from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId)).where(eq(staffSessions.tokenHash, hash));
  if (!row || row.revokedAt || row.s.endedAt || row.s.expiresAt <= now || now.getTime() - row.s.lastSeenAt.getTime() > IDLE_MINUTES * 60_000) return null;
  if (now.getTime() - row.s.lastSeenAt.getTime() > SLIDE_EVERY_MS) await deps.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.s.id));
  return { id: row.s.staffId, roles: rolesOf(row), sessionId: row.s.id, expiresAt: row.s.expiresAt };
}

export async function me(db: Db, caller: StaffCaller) {
  const [row] = await db.select().from(staff).where(eq(staff.id, caller.id));
  if (!row) throw new DomainError('UNAUTHORIZED');
  return { staff: memberOf(row), expires_at: (caller.expiresAt ?? new Date(8.64e15)).toISOString() };
}

export async function signOut(deps: Pick<AppDeps, 'db' | 'clock'>, caller: StaffCaller): Promise<void> {
  if (caller.sessionId !== null) await deps.db.update(staffSessions).set({ endedAt: deps.clock.now() }).where(eq(staffSessions.id, caller.sessionId));
}

/** Sessions still usable at `now`: not ended, not past their end, not idle too long. */
const live = (now: Date) => and(isNull(staffSessions.endedAt), gt(staffSessions.expiresAt, now), gt(staffSessions.lastSeenAt, new Date(now.getTime() - IDLE_MINUTES * 60_000)));

/** An admin ends every open session of a member (audited). */
export async function endSessions(deps: Pick<AppDeps, 'db' | 'clock'>, adminId: number, staffId: number): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [member] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId));
    if (!member) throw new DomainError('NOT_FOUND');
    const ended = await tx.update(staffSessions).set({ endedAt: deps.clock.now() })
      .where(and(eq(staffSessions.staffId, staffId), live(deps.clock.now()))).returning({ id: staffSessions.id });
    await audit(tx, deps.clock, { staffId: adminId, action: 'staff:sessionsEnded', customerId: null, before: { staff_id: staffId, open: ended.length }, after: { staff_id: staffId, open: 0 } });
    return ended.length;
  });
}

export async function staffList(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const rows = await deps.db.select().from(staff).orderBy(staff.name);
  const open = await deps.db.select({ staffId: staffSessions.staffId, n: count() }).from(staffSessions)
    .where(live(deps.clock.now())).groupBy(staffSessions.staffId);
  const openBy = new Map(open.map((o) => [o.staffId, Number(o.n)]));
  return { data: rows.map((r) => ({ ...memberOf(r), enrolled: r.enrolledAt !== null, revoked: r.revokedAt !== null, open_sessions: openBy.get(r.id) ?? 0 })) };
}
