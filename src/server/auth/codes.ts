import { and, count, desc, eq, gt, isNotNull, isNull, min, sql } from 'drizzle-orm';
import { ErrorCode } from '../../shared/errors';
import type { AppDeps } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { accessCodes, authEvents } from '../platform/db/schema';
import { ApiError } from '../http/errors';
import { hmac, newAccessCode, sameHash } from './crypto';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secret' | 'limits'>;

const secondsUntil = (from: Date, to: Date): number => Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));

async function eventsSince(db: Db | Tx, where: ReturnType<typeof and>) {
  const [row] = await db.select({ n: count(), oldest: min(authEvents.at) }).from(authEvents).where(where);
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * The limits a code request must pass (ARCHITECTURE security baseline), checked and recorded in one
 * transaction under a per-phone lock: per address, the 30 s resend cooldown, 5 sends per 10 min.
 * Nothing here looks at whether the phone has an account.
 */
export async function recordCodeRequest(tx: Tx, deps: Deps, phone: string, address: string): Promise<void> {
  const { clock, limits } = deps;
  const now = clock.now();
  const windowStart = new Date(now.getTime() - limits.windowMs);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`code:${phone}`}))`);

  const byAddress = await eventsSince(tx, and(eq(authEvents.address, address), eq(authEvents.kind, 'send'), gt(authEvents.at, windowStart)));
  if (byAddress.n >= limits.sendsPerAddressWindow && byAddress.oldest) {
    throw new ApiError(429, ErrorCode.ADDRESS_RATE_LIMIT, { retry_after_s: secondsUntil(now, new Date(byAddress.oldest.getTime() + limits.windowMs)) });
  }
  const [last] = await tx.select({ at: authEvents.at }).from(authEvents)
    .where(and(eq(authEvents.phone, phone), eq(authEvents.kind, 'send')))
    .orderBy(desc(authEvents.at)).limit(1);
  // the cooldown guards a code still on its way; once a code was used the next request is a new sign-in
  const [used] = await tx.select({ at: accessCodes.usedAt }).from(accessCodes)
    .where(and(eq(accessCodes.phone, phone), isNotNull(accessCodes.usedAt)))
    .orderBy(desc(accessCodes.usedAt)).limit(1);
  const usedSinceLastSend = Boolean(last && used?.at && used.at >= last.at);
  if (last && !usedSinceLastSend && now.getTime() - last.at.getTime() < limits.resendCooldownMs) {
    throw new ApiError(429, ErrorCode.RESEND_TOO_EARLY, { retry_after_s: secondsUntil(now, new Date(last.at.getTime() + limits.resendCooldownMs)) });
  }
  const byPhone = await eventsSince(tx, and(eq(authEvents.phone, phone), eq(authEvents.kind, 'send'), gt(authEvents.at, windowStart)));
  if (byPhone.n >= limits.sendsPerWindow && byPhone.oldest) {
    throw new ApiError(429, ErrorCode.SEND_LIMIT, { retry_after_s: secondsUntil(now, new Date(byPhone.oldest.getTime() + limits.windowMs)) });
  }
  await tx.insert(authEvents).values({ kind: 'send', phone, address, at: now });
}

/** A code request for this phone within the window: a resend needs no new bot check then. */
export async function hasLiveCodeRequest(deps: Deps, phone: string): Promise<boolean> {
  const since = new Date(deps.clock.now().getTime() - deps.limits.windowMs);
  const r = await eventsSince(deps.db, and(eq(authEvents.phone, phone), eq(authEvents.kind, 'send'), gt(authEvents.at, since)));
  return r.n > 0;
}

/** Issues a fresh code (the worker calls this): earlier live codes of the phone stop working. */
export async function issueCode(deps: Deps, phone: string): Promise<string> {
  const code = newAccessCode();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(accessCodes).set({ supersededAt: now })
      .where(and(eq(accessCodes.phone, phone), isNull(accessCodes.usedAt), isNull(accessCodes.supersededAt)));
    await tx.insert(accessCodes).values({
      phone, codeHash: hmac(deps.secret, `${phone}:${code}`), createdAt: now, expiresAt: new Date(now.getTime() + deps.limits.codeTtlMs),
    });
  });
  return code;
}

/**
 * Checks and consumes a code. Refuses (3002) once the phone has `failuresPerWindow` wrong codes in
 * the window, whatever code is newest; an expired code answers 3001, a wrong one 3000.
 */
export async function consumeCode(deps: Deps, phone: string, code: string, address: string): Promise<void> {
  const { db, clock, limits, secret } = deps;
  const now = clock.now();
  const failures = await eventsSince(db, and(
    eq(authEvents.phone, phone), eq(authEvents.kind, 'failure'), gt(authEvents.at, new Date(now.getTime() - limits.windowMs)),
  ));
  if (failures.n >= limits.failuresPerWindow && failures.oldest) {
    throw new ApiError(429, ErrorCode.CODE_TOO_MANY_TRIES, { retry_after_s: secondsUntil(now, new Date(failures.oldest.getTime() + limits.windowMs)) });
  }
  const [live] = await db.select().from(accessCodes)
    .where(and(eq(accessCodes.phone, phone), isNull(accessCodes.usedAt), isNull(accessCodes.supersededAt)))
    .orderBy(desc(accessCodes.createdAt), desc(accessCodes.id)).limit(1);
  if (live && live.expiresAt <= now) throw new ApiError(400, ErrorCode.CODE_EXPIRED, { field: 'code' });
  const matches = live ? sameHash(live.codeHash, hmac(secret, `${phone}:${code}`)) : false;
  if (live && matches && live.failedTries < limits.triesPerCode) {
    const used = await db.update(accessCodes).set({ usedAt: now })
      .where(and(eq(accessCodes.id, live.id), isNull(accessCodes.usedAt))).returning({ id: accessCodes.id });
    if (used.length === 1) return;
  }
  await db.insert(authEvents).values({ kind: 'failure', phone, address, at: now });
  if (live) {
    await db.update(accessCodes).set({ failedTries: sql`${accessCodes.failedTries} + 1` }).where(eq(accessCodes.id, live.id));
    if (live.failedTries + 1 >= limits.triesPerCode) throw new ApiError(429, ErrorCode.CODE_TOO_MANY_TRIES, {});
  }
  throw new ApiError(400, ErrorCode.CODE_INVALID, { field: 'code' });
}
