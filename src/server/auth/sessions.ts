import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '../../shared/errors';
import type { AppDeps } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { phoneProofs, sessions } from '../platform/db/schema';
import { ApiError } from '../http/errors';
import { newToken, sha256 } from './crypto';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'limits'>;

/** A new bearer token for the customer; only its hash is stored. */
export async function openSession(db: Db | Tx, deps: Pick<AppDeps, 'clock'>, customerId: number): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await db.insert(sessions).values({ tokenHash: sha256(token), customerId, createdAt: now, lastUsedAt: now });
  return token;
}

export interface SessionVars { Variables: { customerId: number; sessionHash: string } }

/** Bearer token -> customer id; 401 {code: 4010} when missing, unknown, revoked or idle for 30 days. Slides the expiry. */
export const requireSession = (deps: Deps) => createMiddleware<SessionVars>(async (c, next) => {
  const header = c.req.header('Authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw new ApiError(401, ErrorCode.UNAUTHORIZED);
  const now = deps.clock.now();
  const hash = sha256(token);
  const [row] = await deps.db.update(sessions).set({ lastUsedAt: now })
    .where(and(
      eq(sessions.tokenHash, hash),
      isNull(sessions.revokedAt),
      gt(sessions.lastUsedAt, new Date(now.getTime() - deps.limits.sessionIdleMs)),
    ))
    .returning({ customerId: sessions.customerId });
  if (!row) throw new ApiError(401, ErrorCode.UNAUTHORIZED);
  c.set('customerId', row.customerId);
  c.set('sessionHash', hash);
  await next();
});

export async function revokeSession(deps: Deps, hash: string): Promise<void> {
  await deps.db.update(sessions).set({ revokedAt: deps.clock.now() }).where(eq(sessions.tokenHash, hash));
}

/** Proof that `phone` was confirmed by code: 30 minutes, single use, for the sign-up payload. */
export async function issuePhoneProof(deps: Deps, phone: string): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await deps.db.delete(phoneProofs).where(lt(phoneProofs.expiresAt, now));
  await deps.db.insert(phoneProofs).values({ tokenHash: sha256(token), phone, expiresAt: new Date(now.getTime() + deps.limits.phoneProofTtlMs) });
  return token;
}

/** Uses up a proof inside the sign-up transaction; 5003 when it is not a live proof of this phone. */
export async function consumePhoneProof(tx: Tx, deps: Pick<AppDeps, 'clock'>, proof: string, phone: string): Promise<void> {
  const now = deps.clock.now();
  const used = await tx.update(phoneProofs).set({ usedAt: now })
    .where(and(
      eq(phoneProofs.tokenHash, sha256(proof)), eq(phoneProofs.phone, phone), isNull(phoneProofs.usedAt), gt(phoneProofs.expiresAt, now),
    ))
    .returning({ phone: phoneProofs.phone });
  if (used.length !== 1) throw new ApiError(403, ErrorCode.NUMBER_NOT_CONFIRMED, { field: 'phone' });
}
