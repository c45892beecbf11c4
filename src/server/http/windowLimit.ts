import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Clock } from '../config';
import type { Db } from '../platform/db/index';
import { limitKeyOf } from './common';
import { addressActions, customerActions } from '../platform/db/schema';

type CustomerAction = typeof customerActions.$inferInsert.action;
type AddressAction = typeof addressActions.$inferInsert.action;

/**
 * Calls per key over a sliding window, counted in the database so that the limit holds across
 * every server instance sharing it (and survives a restart): for endpoints that must not become a
 * free service to anyone (the data export and the CEP lookup per customer, the signature check per
 * address). Answers whether one more call fits, and counts it when it does (a refused call does
 * not count). Check and count are one transaction under a per-key advisory lock, so concurrent
 * calls on any instance are counted one after the other (the sign-in limits' way, auth/codes.ts).
 */
export function customerActionLimiter(deps: { db: Db; clock: Clock }, action: NonNullable<CustomerAction>, limit: number, windowMs: number): (customerId: number) => Promise<boolean> {
  return (customerId) => {
    const now = deps.clock.now();
    const windowStart = new Date(now.getTime() - windowMs);
    return deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${action}:${customerId}`}))`);
      const mine = and(eq(customerActions.customerId, customerId), eq(customerActions.action, action));
      await tx.delete(customerActions).where(and(mine, lt(customerActions.at, windowStart)));
      const [row] = await tx.select({ n: count() }).from(customerActions).where(and(mine, gt(customerActions.at, windowStart)));
      if ((row?.n ?? 0) >= limit) return false;
      await tx.insert(customerActions).values({ customerId, action, at: now });
      return true;
    });
  };
}

/** The same per client address, for calls anyone may make (rows purged after a day, platform/maintenance.ts). */
export function addressActionLimiter(deps: { db: Db; clock: Clock }, action: NonNullable<AddressAction>, limit: number, windowMs: number): (address: string) => Promise<boolean> {
  return (clientAddress) => {
    // an IPv6 client by its /64 (issue 29, F7)
    const address = limitKeyOf(clientAddress);
    const now = deps.clock.now();
    const windowStart = new Date(now.getTime() - windowMs);
    return deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${action}:${address}`}))`);
      const mine = and(eq(addressActions.address, address), eq(addressActions.action, action));
      await tx.delete(addressActions).where(and(mine, lt(addressActions.at, windowStart)));
      const [row] = await tx.select({ n: count() }).from(addressActions).where(and(mine, gt(addressActions.at, windowStart)));
      if ((row?.n ?? 0) >= limit) return false;
      await tx.insert(addressActions).values({ address, action, at: now });
      return true;
    });
  };
}
