import { eq } from 'drizzle-orm';
import type { MarketingAttribution } from '#shared/customer/payloads';
import type { Db } from '../platform/db/index';
import { customers } from '../platform/db/schema';
import { DomainError } from '../errors';

/**
 * The marketing attribution a customer signed up with (spec §3, §9): the browser's cookie, checked
 * by the sign-up schema and stored with the customer (`customers.attribution`), read back for staff.
 */
export async function customerAttribution(db: Db, customerId: number): Promise<MarketingAttribution | null> {
  const [row] = await db.select({ attribution: customers.attribution }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new DomainError('NOT_FOUND');
  return row.attribution ?? null;
}
