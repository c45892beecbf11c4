import { and, count, desc, eq, gt, isNotNull, isNull, like, max, min, sql } from 'drizzle-orm';
import type { AppDeps } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { accessCodes, authEvents, type CODE_PURPOSES } from '../platform/db/schema';
import { DomainError } from '../errors';
import { ipv4Prefix24, limitKeyOf } from '../http/common';
import { log } from '../platform/log';
import { countCodeBudgetRefusal, countCodeHold } from '../platform/metrics';
import { hmac, newAccessCode, sameHash, sha256 } from './crypto';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secret' | 'limits'>;

const HOUR_MS = 3600_000;

/**
 * A code request as the server knows it: the phone and the SHA-256 of the `secret` the browser made
 * for it (ARCHITECTURE security baseline: the code is bound to the request that asked for it).
 */
export interface CodeRequestKey { phone: string; secretHash: string }

/** What a code authorises (issue 29, F10): a code of one purpose is a wrong code for any other. */
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** Whose per-phone send budget a request uses: its purpose's, or the owner's browsers' for a sign-in from one. */
export type SendBucket = CodePurpose | 'device';

export const codeRequestKey = (phone: string, secret: string): CodeRequestKey => ({ phone, secretHash: sha256(secret) });

export const secondsUntil = (from: Date, to: Date): number => Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));

async function eventsSince(db: Db | Tx, where: ReturnType<typeof and>) {
  const [row] = await db.select({ n: count(), oldest: min(authEvents.at), newest: max(authEvents.at) }).from(authEvents).where(where);
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null, newest: row?.newest ? new Date(row.newest) : null };
}

/**
 * The limits a code request must pass, checked and recorded in one transaction under a per-address
 * and a per-phone lock: per address, the 30 s resend cooldown of this request, 5 sends per 10 min per phone and
 * purpose (every request and resend counts; a sign-in from a browser that is not the owner's per
 * network too, and 15 an hour from all of them). Nothing here looks at whether the phone has an account.
 */
export async function recordCodeRequest(tx: Tx, deps: Deps, request: CodeRequestKey, clientAddress: string, purpose: CodePurpose, ownersDevice = false): Promise<void> {
  const { clock, limits } = deps;
  const { phone, secretHash } = request;
  const now = clock.now();
  const windowStart = new Date(now.getTime() - limits.windowMs);
  // an IPv6 client counts by its /64, an IPv4 one by its address and its /24 (issue 29, F7)
  const address = limitKeyOf(clientAddress);
  const prefix = ipv4Prefix24(clientAddress);
  // the prefix's and the address's locks first (always in this order): requests for different
  // phones from one address, on any server process, cannot all pass the per-address count at once
  if (prefix) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`code-prefix:${prefix}`}))`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`code-address:${address}`}))`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`code:${phone}`}))`);

  const byAddress = await eventsSince(tx, and(eq(authEvents.address, address), eq(authEvents.kind, 'send'), gt(authEvents.at, windowStart)));
  if (byAddress.n >= limits.sendsPerAddressWindow && byAddress.oldest) {
    throw new DomainError('ADDRESS_RATE_LIMIT', { retry_after_s: secondsUntil(now, new Date(byAddress.oldest.getTime() + limits.windowMs)) });
  }
  // the /24's addresses as stored (each IPv4 address by itself)
  const inPrefix = prefix ? like(authEvents.address, `${prefix.slice(0, -'0/24'.length)}%`) : undefined;
  if (inPrefix) {
    const byPrefix = await eventsSince(tx, and(inPrefix, eq(authEvents.kind, 'send'), gt(authEvents.at, windowStart)));
    if (byPrefix.n >= limits.sendsPerPrefixWindow && byPrefix.oldest) {
      throw new DomainError('ADDRESS_RATE_LIMIT', { retry_after_s: secondsUntil(now, new Date(byPrefix.oldest.getTime() + limits.windowMs)) });
    }
  }
  await withinDailyBudget(tx, deps, phone, now);
  // The cooldown guards this request's code still on its way (another request of the phone, a
  // stranger's, does not hold this one back); once its code was used the next ask is a new sign-in.
  const [last] = await tx.select({ at: authEvents.at }).from(authEvents)
    .where(and(eq(authEvents.phone, phone), eq(authEvents.secretHash, secretHash), eq(authEvents.kind, 'send')))
    .orderBy(desc(authEvents.at)).limit(1);
  const [used] = await tx.select({ at: accessCodes.usedAt }).from(accessCodes)
    .where(and(eq(accessCodes.phone, phone), eq(accessCodes.secretHash, secretHash), isNotNull(accessCodes.usedAt)))
    .orderBy(desc(accessCodes.usedAt)).limit(1);
  const usedSinceLastSend = Boolean(last && used?.at && used.at >= last.at);
  if (last && !usedSinceLastSend && now.getTime() - last.at.getTime() < limits.resendCooldownMs) {
    throw new DomainError('RESEND_TOO_EARLY', { retry_after_s: secondsUntil(now, new Date(last.at.getTime() + limits.resendCooldownMs)) });
  }
  // per purpose: sign-in codes asked by anyone do not use up the signing or deletion codes of the
  // phone's owner (issue 29, F5); those are asked by the signer's link or the signed-in customer.
  // Sign-in codes asked from a browser where the owner signed in (auth/device.ts) have a budget of
  // their own too: a stranger's requests for the phone do not keep its owner out.
  const bucket: SendBucket = purpose === 'access' && ownersDevice ? 'device' : purpose;
  const ofPhone = and(eq(authEvents.phone, phone), eq(authEvents.purpose, bucket), eq(authEvents.kind, 'send'));
  // Sign-in codes from a browser that is not the owner's count per network (the /24 or /64): a
  // stranger's requests from elsewhere leave the owner on a new browser their own budget; all
  // networks together get `sendsPerPhoneHour`, so the phone's owner is not flooded with messages.
  const network = bucket === 'access' ? inPrefix ?? eq(authEvents.address, address) : undefined;
  const byPhone = await eventsSince(tx, and(ofPhone, network, gt(authEvents.at, windowStart)));
  if (byPhone.n >= limits.sendsPerWindow && byPhone.oldest) {
    throw new DomainError('SEND_LIMIT', { retry_after_s: secondsUntil(now, new Date(byPhone.oldest.getTime() + limits.windowMs)) });
  }
  if (bucket === 'access') {
    const byHour = await eventsSince(tx, and(ofPhone, gt(authEvents.at, new Date(now.getTime() - HOUR_MS))));
    if (byHour.n >= limits.sendsPerPhoneHour && byHour.oldest) {
      throw new DomainError('SEND_LIMIT', { retry_after_s: secondsUntil(now, new Date(byHour.oldest.getTime() + HOUR_MS)) });
    }
  }
  await tx.insert(authEvents).values({ kind: 'send', phone, address, secretHash, purpose: bucket, at: now });
}

/**
 * The portal's daily budget of code messages, all phones together and per area code (55 + DDD): past
 * it, nothing is sent until the 24 hours roll on, the refusal is logged as an error and counted, so
 * an operator is alerted (docs/operations.md). A soft cap: concurrent requests may pass it by a few.
 */
async function withinDailyBudget(tx: Tx, deps: Deps, phone: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const all = await tx.select({ n: count() }).from(authEvents).where(and(eq(authEvents.kind, 'send'), gt(authEvents.at, since)));
  const area = phone.slice(0, 4);
  const scope = (all[0]?.n ?? 0) >= deps.limits.sendsPerDay ? 'day'
    : ((await tx.select({ n: count() }).from(authEvents).where(and(eq(authEvents.kind, 'send'), like(authEvents.phone, `${area}%`), gt(authEvents.at, since))))[0]?.n ?? 0)
      >= deps.limits.sendsPerAreaPerDay ? 'area' : null;
  if (!scope) return;
  countCodeBudgetRefusal(scope);
  log().error({ scope, area: scope === 'area' ? area : undefined }, `code budget spent (${scope === 'day' ? `${deps.limits.sendsPerDay} messages in 24 h` : `${deps.limits.sendsPerAreaPerDay} messages in 24 h to area ${area}`}): code requests refused`);
  throw new DomainError('SEND_BUDGET', {});
}

/** This request (phone and secret) asked for a code within the window: its resend needs no new bot check. */
export async function hasLiveCodeRequest(deps: Deps, request: CodeRequestKey): Promise<boolean> {
  const since = new Date(deps.clock.now().getTime() - deps.limits.windowMs);
  const r = await eventsSince(deps.db, and(
    eq(authEvents.phone, request.phone), eq(authEvents.secretHash, request.secretHash), eq(authEvents.kind, 'send'), gt(authEvents.at, since),
  ));
  return r.n > 0;
}

/**
 * Issues a fresh code for a request (the worker calls this): the request's earlier live codes stop
 * working; codes of the phone's other requests are not touched.
 */
export async function issueCode(deps: Deps, request: CodeRequestKey, purpose: CodePurpose): Promise<string> {
  const code = newAccessCode();
  const now = deps.clock.now();
  const { phone, secretHash } = request;
  await deps.db.transaction(async (tx) => {
    await tx.update(accessCodes).set({ supersededAt: now })
      .where(and(eq(accessCodes.phone, phone), eq(accessCodes.secretHash, secretHash), isNull(accessCodes.usedAt), isNull(accessCodes.supersededAt)));
    await tx.insert(accessCodes).values({
      phone, secretHash, purpose, codeHash: hmac(deps.secret, `${phone}:${code}`), createdAt: now, expiresAt: new Date(now.getTime() + deps.limits.codeTtlMs),
    });
  });
  return code;
}

/** When a code of the phone, of any purpose, was last used (a right code), or null. */
async function lastRightCodeAt(db: Db | Tx, phone: string): Promise<Date | null> {
  const [right] = await db.select({ at: max(accessCodes.usedAt) }).from(accessCodes).where(eq(accessCodes.phone, phone));
  return right?.at ? new Date(right.at) : null;
}

/**
 * How long a request that already guessed wrong waits before its next try: nothing while the phone
 * has fewer than `failuresBeforeWait` wrong codes (since its last sign-in, within
 * `failureMemoryMs`); then `failureWaitBaseMs`, doubling with each further wrong code of the phone,
 * counted from the request's own last wrong code. A request that has not guessed wrong is never held,
 * so nobody else's wrong codes can keep the customer from using the code they asked for.
 */
export async function heldUntil(db: Db | Tx, deps: Deps, request: CodeRequestKey, now: Date, lastRight?: Date | null): Promise<Date | null> {
  const { limits } = deps;
  const signedIn = lastRight === undefined ? await lastRightCodeAt(db, request.phone) : lastRight;
  const memory = now.getTime() - limits.failureMemoryMs;
  const since = new Date(Math.max(memory, signedIn ? signedIn.getTime() : memory));
  const mine = await eventsSince(db, and(
    eq(authEvents.phone, request.phone), eq(authEvents.secretHash, request.secretHash), eq(authEvents.kind, 'failure'), gt(authEvents.at, since),
  ));
  if (mine.n === 0 || !mine.newest) return null;
  const phone = await eventsSince(db, and(eq(authEvents.phone, request.phone), eq(authEvents.kind, 'failure'), gt(authEvents.at, since)));
  if (phone.n < limits.failuresBeforeWait) return null;
  const doublings = Math.min(phone.n - limits.failuresBeforeWait, 20);
  const until = new Date(mine.newest.getTime() + limits.failureWaitBaseMs * 2 ** doublings);
  return until > now ? until : null;
}

/**
 * NIST SP 800-63B-4 §3.2.2's ceiling: after `failuresInARow` wrong codes in a row of one kind of
 * request (since any right code of the phone), that kind waits `failuresInARowHoldMs` from the last
 * one. The kinds count apart so a stranger's wrong sign-in codes hold only sign-ins from browsers
 * that are not the owner's: the owner's browsers, signing, deletion and the profile's codes go on.
 */
async function heldInARow(db: Db | Tx, deps: Deps, phone: string, bucket: SendBucket, now: Date, lastRight: Date | null): Promise<Date | null> {
  const since = lastRight ?? new Date(0);
  const wrong = await eventsSince(db, and(eq(authEvents.phone, phone), eq(authEvents.kind, 'failure'), eq(authEvents.purpose, bucket), gt(authEvents.at, since)));
  if (wrong.n < deps.limits.failuresInARow || !wrong.newest) return null;
  const until = new Date(wrong.newest.getTime() + deps.limits.failuresInARowHoldMs);
  return until > now ? until : null;
}

const wrongCode = (): DomainError => new DomainError('CODE_INVALID', { field: 'code' });

async function liveCodeOf(db: Db | Tx, request: CodeRequestKey, purpose: CodePurpose) {
  const [live] = await db.select().from(accessCodes)
    .where(and(
      eq(accessCodes.phone, request.phone), eq(accessCodes.secretHash, request.secretHash), eq(accessCodes.purpose, purpose),
      isNull(accessCodes.usedAt), isNull(accessCodes.supersededAt),
    ))
    .orderBy(desc(accessCodes.createdAt), desc(accessCodes.id)).limit(1);
  return live;
}

/**
 * Checks and consumes a code of one request, for one purpose (a code issued for another is not
 * looked at: the wrong-code answer). Without the request's secret nothing is looked at
 * further and nothing is counted: the answer is the wrong-code answer (3000), so a stranger can
 * neither spend the customer's tries nor tell a live request from none. With it: a request held back
 * by the phone's wrong codes answers 3002 with retry_after_s; an expired code 3001; a wrong one 3000
 * (3002 once the code has taken its 5 tries, or when the phone's wrong codes now hold the request).
 * Checks of one phone run one at a time, so parallel guesses cannot outrun the count.
 */
export async function consumeCode(deps: Deps, request: CodeRequestKey, code: string, address: string, purpose: CodePurpose, ownersDevice = false): Promise<void> {
  const { db, clock, limits, secret } = deps;
  const { phone, secretHash } = request;
  if (!(await liveCodeOf(db, request, purpose))) throw wrongCode();
  const bucket: SendBucket = purpose === 'access' && ownersDevice ? 'device' : purpose;
  const refusal = await db.transaction(async (tx): Promise<DomainError | null> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`check:${phone}`}))`);
    const now = clock.now();
    const live = await liveCodeOf(tx, request, purpose);
    if (!live) return wrongCode();
    // read once: nothing below uses a code before the answer
    const lastRight = await lastRightCodeAt(tx, phone);
    const inARow = await heldInARow(tx, deps, phone, bucket, now, lastRight);
    if (inARow) return new DomainError('CODE_TOO_MANY_TRIES', { retry_after_s: secondsUntil(now, inARow) });
    const held = await heldUntil(tx, deps, request, now, lastRight);
    if (held) return new DomainError('CODE_TOO_MANY_TRIES', { retry_after_s: secondsUntil(now, held) });
    if (live.expiresAt <= now) return new DomainError('CODE_EXPIRED', { field: 'code' });
    // a worn-out code is not looked at again (and further tries tell nothing, so they do not count)
    if (live.failedTries >= limits.triesPerCode) return new DomainError('CODE_TOO_MANY_TRIES', {});
    if (sameHash(live.codeHash, hmac(secret, `${phone}:${code}`))) {
      await tx.update(accessCodes).set({ usedAt: now }).where(eq(accessCodes.id, live.id));
      return null;
    }
    await tx.insert(authEvents).values({ kind: 'failure', phone, address: limitKeyOf(address), secretHash, purpose: bucket, at: now });
    await tx.update(accessCodes).set({ failedTries: sql`${accessCodes.failedTries} + 1` }).where(eq(accessCodes.id, live.id));
    const inARowNow = await heldInARow(tx, deps, phone, bucket, now, lastRight);
    if (inARowNow) {
      // the hold begins: an operator looks for an attack on the phone (its area code only, never the number)
      countCodeHold(bucket);
      log().warn({ kind: bucket, area: phone.slice(0, 4) }, `code checks held for ${Math.round(limits.failuresInARowHoldMs / 60_000)} min after ${limits.failuresInARow} wrong codes in a row`);
    }
    const heldNow = inARowNow ?? await heldUntil(tx, deps, request, now, lastRight);
    if (heldNow) return new DomainError('CODE_TOO_MANY_TRIES', { retry_after_s: secondsUntil(now, heldNow) });
    if (live.failedTries + 1 >= limits.triesPerCode) return new DomainError('CODE_TOO_MANY_TRIES', {});
    return wrongCode();
  });
  if (refusal) throw refusal;
}
