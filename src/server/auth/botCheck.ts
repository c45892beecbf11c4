import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { lt } from 'drizzle-orm';
import type { AppDeps } from '../config';
import { botCheckUses } from '../platform/db/schema';

/**
 * ALTCHA proof of work (protocol v1, which the altcha 3 widget speaks): the challenge is signed with
 * APP_SECRET and expires; an accepted payload is remembered so it cannot be used twice.
 */
export async function newChallenge(deps: Pick<AppDeps, 'secret' | 'altchaMaxNumber' | 'clock' | 'limits'>) {
  return createChallenge({
    hmacKey: deps.secret,
    maxnumber: deps.altchaMaxNumber,
    expires: new Date(deps.clock.now().getTime() + deps.limits.botCheckTtlMs),
  });
}

interface PayloadShape { signature?: unknown; salt?: unknown }

/** true when the base64 payload solves one of our live challenges and was not used before. */
export async function acceptBotCheck(deps: Pick<AppDeps, 'secret' | 'clock' | 'db' | 'limits'>, payload: string | undefined): Promise<boolean> {
  if (!payload) return false;
  let decoded: PayloadShape;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as PayloadShape;
  } catch {
    return false;
  }
  if (typeof decoded.signature !== 'string') return false;
  // The signature covers the salt, and the salt carries `expires` (unix seconds). altcha-lib would
  // compare it with the machine's clock; the server's clock decides instead, so a test clock set on
  // another day (and a server whose clock is injected) judges expiry the same way it judged issue.
  const ok = await verifySolution(payload, deps.secret, false).catch(() => false);
  if (!ok) return false;
  const now = deps.clock.now();
  const expires = Number(extractParams(payload).expires);
  if (!Number.isFinite(expires) || expires <= 0 || expires * 1000 < now.getTime()) return false;
  await deps.db.delete(botCheckUses).where(lt(botCheckUses.expiresAt, now));
  const inserted = await deps.db.insert(botCheckUses)
    .values({ signature: decoded.signature, expiresAt: new Date(now.getTime() + deps.limits.botCheckTtlMs) })
    .onConflictDoNothing()
    .returning({ signature: botCheckUses.signature });
  return inserted.length === 1;
}
