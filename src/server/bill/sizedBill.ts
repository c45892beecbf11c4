import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/index';
import { bills, customers } from '../platform/db/schema';

/**
 * What the sizing engine is given for a customer, the same for the proposals and the plans: the
 * latest approved bill's value (the sign-up value when the reader found none), their state and city.
 * Null for an unknown customer.
 */
export async function sizedBillOf(db: Db | Tx, customerId: number): Promise<{ billValue: number; uf: string; municipalityIbge: string; hasPartnership: boolean } | null> {
  const [c] = await db.select({ state: customers.stateCode, city: customers.cityId, bill: customers.billValue, hasPartnership: customers.hasPartnership })
    .from(customers).where(eq(customers.id, customerId));
  if (!c) return null;
  const [bill] = await db.select({ value: bills.value }).from(bills)
    .where(and(eq(bills.customerId, customerId), eq(bills.status, 'APPROVED'))).orderBy(desc(bills.id)).limit(1);
  return { billValue: bill?.value ?? c.bill, uf: c.state, municipalityIbge: String(c.city), hasPartnership: c.hasPartnership };
}
