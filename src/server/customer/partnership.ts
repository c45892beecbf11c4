import { eq } from 'drizzle-orm';
import { ErrorCode } from '#shared/errors';
import type { Clock } from '../config';
import type { Db } from '../platform/db/index';
import { customers } from '../platform/db/schema';
import { ApiError } from '../http/errors';
import { audit } from '../staff/service';

/**
 * Staff confirm (or withdraw) a customer's employer partnership (spec §6: it grants the partnership
 * free months and makes the bill page ask for the employee badge). Only individuals (CPF) have an
 * employer link, as at sign-up. Audited in the same transaction; setting the value it already has
 * changes nothing and writes no audit line.
 */
export async function setPartnership(
  db: Db, clock: Clock, staffId: number, customerId: number, hasPartnership: boolean,
): Promise<{ id: number; has_partnership: boolean; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ type: customers.type, has: customers.hasPartnership }).from(customers)
      .where(eq(customers.id, customerId)).for('update');
    if (!before) throw new ApiError(404, ErrorCode.NOT_FOUND);
    if (before.type === 'CNPJ' && hasPartnership) throw new ApiError(409, ErrorCode.PROCESS_REFUSED);
    if (before.has === hasPartnership) return { id: customerId, has_partnership: hasPartnership, changed: false };
    await tx.update(customers).set({ hasPartnership, updatedAt: clock.now() }).where(eq(customers.id, customerId));
    await audit(tx, clock, {
      staffId, action: 'partnership:set', customerId,
      before: { has_partnership: before.has }, after: { has_partnership: hasPartnership },
    });
    return { id: customerId, has_partnership: hasPartnership, changed: true };
  });
}
