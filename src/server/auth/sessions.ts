import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { SessionItem } from '../../shared/profile/payloads';
import type { AppDeps } from '../config';
import { preparedPerDb, type Db, type Tx } from '../platform/db/index';
import { phoneProofs, sessions } from '../platform/db/schema';
import { DomainError } from '../errors';
import { newToken, sha256 } from './crypto';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'limits'>;

/** How much of a User-Agent a session keeps: enough to name the browser, never a whole header. */
const USER_AGENT_KEPT = 300;

/**
 * A new bearer token for the customer; only its hash is stored, with the browser's User-Agent so
 * 'Aparelhos conectados' can say which browser each session is.
 */
export async function openSession(db: Db | Tx, deps: Pick<AppDeps, 'clock'>, customerId: number, userAgent?: string | null): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await db.insert(sessions).values({ tokenHash: sha256(token), customerId, userAgent: userAgent?.slice(0, USER_AGENT_KEPT) || null, createdAt: now, lastUsedAt: now });
  return token;
}

export interface SessionVars { Variables: { customerId: number; sessionHash: string } }

/**
 * How stale `last_used_at` may get before a request writes it again: the 30-day idle limit slides
 * with use, but most requests only read the session (a session thus idles out at most this much early).
 */
export const SESSION_SLIDE_MS = 5 * 60_000;

/**
 * How long this process trusts a session it has read before reading it again: the requests of one
 * page (and of a burst) cost no session query. Logout here forgets the session at once; a session
 * revoked by another process ('Sair de todos os dispositivos' served elsewhere) is refused at most
 * this much later.
 */
export const SESSION_RECHECK_MS = 1000;

/** The session of a token hash, whatever its state: requireSession judges it. */
const sessionByHash = preparedPerDb((db) => db
  .select({ customerId: sessions.customerId, lastUsedAt: sessions.lastUsedAt, revokedAt: sessions.revokedAt })
  .from(sessions).where(eq(sessions.tokenHash, sql.placeholder('hash')))
  .prepare('session_by_hash'));

/** Live sessions this process read lately, by token hash (times in ms); per database, bounded. */
interface RecentSession { customerId: number; lastUsedAt: number; readAt: number }
const recentSessions = new WeakMap<Db | Tx, Map<string, RecentSession>>();
const RECENT_SESSIONS_MAX = 10_000;
function recentOf(db: Db | Tx): Map<string, RecentSession> {
  let recent = recentSessions.get(db);
  if (!recent) {
    recent = new Map();
    recentSessions.set(db, recent);
  }
  return recent;
}

/** The live session of `hash` as stored now, remembered for SESSION_RECHECK_MS; null when unknown or revoked. */
async function readSession(db: Db, hash: string, now: number): Promise<RecentSession | null> {
  const recent = recentOf(db);
  recent.delete(hash);
  const [row] = await sessionByHash(db).execute({ hash });
  if (!row || row.revokedAt !== null) return null;
  const session = { customerId: row.customerId, lastUsedAt: row.lastUsedAt.getTime(), readAt: now };
  if (recent.size >= RECENT_SESSIONS_MAX) recent.delete(recent.keys().next().value as string);
  recent.set(hash, session);
  return session;
}

/**
 * Bearer token -> customer id; 401 {code: 4010} when missing, unknown, revoked or idle for 30 days.
 * A read (none when this process read the session within SESSION_RECHECK_MS); the expiry slides
 * (one write) when the last recorded use is SESSION_SLIDE_MS old.
 */
export const requireSession = (deps: Deps) => createMiddleware<SessionVars>(async (c, next) => {
  const header = c.req.header('Authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw new DomainError('UNAUTHORIZED');
  const now = deps.clock.now().getTime();
  const hash = sha256(token);
  const cached = recentOf(deps.db).get(hash);
  let session = cached && now >= cached.readAt && now - cached.readAt < SESSION_RECHECK_MS ? cached : await readSession(deps.db, hash, now);
  const idle = (s: RecentSession | null) => !s || s.lastUsedAt <= now - deps.limits.sessionIdleMs;
  if (session && !idle(session) && session.lastUsedAt <= now - SESSION_SLIDE_MS) {
    // concurrent requests of one session: the first write wins, the others find it fresh and skip
    const slid = await deps.db.update(sessions).set({ lastUsedAt: new Date(now) })
      .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), lte(sessions.lastUsedAt, new Date(now - SESSION_SLIDE_MS))))
      .returning({ customerId: sessions.customerId });
    // nothing written: another request slid it, or it was revoked meanwhile; the row says which
    session = slid.length === 1 ? { ...session, lastUsedAt: now } : await readSession(deps.db, hash, now);
    if (session) recentOf(deps.db).set(hash, session);
  }
  if (!session || idle(session)) {
    recentOf(deps.db).delete(hash);
    throw new DomainError('UNAUTHORIZED');
  }
  c.set('customerId', session.customerId);
  c.set('sessionHash', hash);
  await next();
});

/** Logout: the session is revoked, and this process forgets it has seen it live. */
export async function revokeSession(deps: Deps, hash: string): Promise<void> {
  await deps.db.update(sessions).set({ revokedAt: deps.clock.now() }).where(eq(sessions.tokenHash, hash));
  recentOf(deps.db).delete(hash);
}

/** The browser and system a User-Agent names (bowser), null where it names none. */
function browserOf(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name || null, os: parsed.os.name || null };
}

/** The customer's sessions that still open the portal: not ended, not idle past the limit. */
const liveOf = (deps: Deps, customerId: number) => and(
  eq(sessions.customerId, customerId), isNull(sessions.revokedAt), gt(sessions.lastUsedAt, new Date(deps.clock.now().getTime() - deps.limits.sessionIdleMs)),
);

/** 'Aparelhos conectados' (ASVS 5.0 7.5.2): the live sessions, the one asking first, then by last use. */
export async function listSessions(deps: Deps, customerId: number, currentHash: string): Promise<SessionItem[]> {
  const rows = await deps.db.select({ hash: sessions.tokenHash, id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions).where(liveOf(deps, customerId)).orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows
    .map((r) => ({ id: r.id, ...browserOf(r.userAgent), created_at: r.createdAt.toISOString(), last_used_at: r.lastUsedAt.toISOString(), current: r.hash === currentHash }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends one other live session of the customer (by its id) or every other one (null): their tokens
 * answer 401 at once on this process, within SESSION_RECHECK_MS on others; the one asking goes on.
 * An id that is not another live session of this customer is 404 (the same for someone else's).
 */
export async function endSessions(deps: Deps, customerId: number, keepHash: string, sessionId: string | null): Promise<number> {
  const ended = await deps.db.update(sessions).set({ revokedAt: deps.clock.now() })
    .where(and(liveOf(deps, customerId), ne(sessions.tokenHash, keepHash), sessionId === null ? undefined : eq(sessions.id, sessionId)))
    .returning({ hash: sessions.tokenHash });
  for (const { hash } of ended) recentOf(deps.db).delete(hash);
  if (sessionId !== null && ended.length === 0) throw new DomainError('NOT_FOUND');
  return ended.length;
}

/** Proof that `phone` was confirmed by code: 30 minutes, single use, for the sign-up payload. */
export async function issuePhoneProof(deps: Deps, phone: string): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await deps.db.delete(phoneProofs).where(lt(phoneProofs.expiresAt, now));
  await deps.db.insert(phoneProofs).values({ tokenHash: sha256(token), phone, expiresAt: new Date(now.getTime() + deps.limits.phoneProofTtlMs) });
  return token;
}

/**
 * Sign-ups a proof may see refused (an e-mail in use, a bad coupon) before it is worn out: a refused
 * sign-up rolls its transaction back, so without a count one SMS code would test e-mails without
 * end (issue 29, F8). A new proof takes a new code, which the per-phone limits bound.
 */
export const PHONE_PROOF_TRIES = 3;

/**
 * Takes one of a proof's tries before its sign-up runs, in one statement (issue 29, F8): sign-ups
 * sent at once with one proof cannot all pass the count, as they could when a refusal was counted
 * after its transaction rolled back. 5003 when it is not a live proof of this phone with a try left.
 */
export async function takePhoneProofTry(db: Db, deps: Pick<AppDeps, 'clock'>, proof: string, phone: string): Promise<void> {
  const now = deps.clock.now();
  const taken = await db.update(phoneProofs).set({ failedTries: sql`${phoneProofs.failedTries} + 1` })
    .where(and(
      eq(phoneProofs.tokenHash, sha256(proof)), eq(phoneProofs.phone, phone), isNull(phoneProofs.usedAt), gt(phoneProofs.expiresAt, now),
      lt(phoneProofs.failedTries, PHONE_PROOF_TRIES),
    ))
    .returning({ phone: phoneProofs.phone });
  if (taken.length !== 1) throw new DomainError('NUMBER_NOT_CONFIRMED', { field: 'phone' });
}

/** Uses up a proof inside the sign-up transaction, after takePhoneProofTry; 5003 when it is no longer live. */
export async function consumePhoneProof(tx: Tx, deps: Pick<AppDeps, 'clock'>, proof: string, phone: string): Promise<void> {
  const now = deps.clock.now();
  const used = await tx.update(phoneProofs).set({ usedAt: now })
    .where(and(eq(phoneProofs.tokenHash, sha256(proof)), eq(phoneProofs.phone, phone), isNull(phoneProofs.usedAt), gt(phoneProofs.expiresAt, now)))
    .returning({ phone: phoneProofs.phone });
  if (used.length !== 1) throw new DomainError('NUMBER_NOT_CONFIRMED', { field: 'phone' });
}
