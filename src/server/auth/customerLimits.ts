import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { AppDeps } from '../config';
import { customerActions } from '../platform/db/schema';
import { DomainError } from '../errors';

/**
 * Per-customer limit on a signed-in action that tells something about other accounts (an e-mail
 * change answers whether the e-mail has an account): `profileUpdatesPerWindow` tries per
 * `profileUpdateWindowMs`, then 429 {4295, retry_after_s}. Every try counts, refused ones too.
 */
export async function limitProfileUpdates(deps: Pick<AppDeps, 'db' | 'clock' | 'limits'>, customerId: number): Promise<void> {
  const { db, clock, limits } = deps;
  const now = clock.now();
  const windowStart = new Date(now.getTime() - limits.profileUpdateWindowMs);
  const retryAfter = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`profile.update:${customerId}`}))`);
    const mine = and(eq(customerActions.customerId, customerId), eq(customerActions.action, 'profile.update'));
    await tx.delete(customerActions).where(and(mine, lt(customerActions.at, windowStart)));
    const [row] = await tx.select({ n: count(), oldest: min(customerActions.at) }).from(customerActions)
      .where(and(mine, gt(customerActions.at, windowStart)));
    if ((row?.n ?? 0) >= limits.profileUpdatesPerWindow && row?.oldest) {
      const until = new Date(row.oldest).getTime() + limits.profileUpdateWindowMs;
      return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    }
    await tx.insert(customerActions).values({ customerId, action: 'profile.update', at: now });
    return null;
  });
  if (retryAfter !== null) throw new DomainError('PROFILE_RATE_LIMIT', { retry_after_s: retryAfter });
}
