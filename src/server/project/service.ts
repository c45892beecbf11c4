import { eq } from 'drizzle-orm';
import { ErrorCode } from '#shared/errors';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import { customerSuccessCases } from '../platform/db/schema';
import { ApiError } from '../http/errors';

/** The customer-success case that follows a customer's project (spec §3, §7). */
/** One open follow-up per customer: asking again returns the same case. Only for oneself. */
export async function openCustomerSuccess(deps: Pick<AppDeps, 'db' | 'clock'>, customerId: number, clientId: number) {
  if (clientId !== customerId) throw new ApiError(404, ErrorCode.NOT_FOUND);
  await deps.db.insert(customerSuccessCases).values({ customerId, createdAt: deps.clock.now() }).onConflictDoNothing();
  const [row] = await deps.db.select().from(customerSuccessCases).where(eq(customerSuccessCases.customerId, customerId));
  if (!row) throw new Error('customer success case missing');
  return { id: row.id, client_id: customerId, status: row.status, messages: [] as { id: number; message: string }[] };
}

export async function customerSuccessOf(db: Db, customerId: number) {
  const [row] = await db.select().from(customerSuccessCases).where(eq(customerSuccessCases.customerId, customerId));
  return row ? { id: row.id, status: row.status, upload_available: false } : null;
}
