import { and, eq } from 'drizzle-orm';
import type { Card, CardResponse } from '#shared/profile/payloads';
import { cardBrandName, cardDue, maskedCardNumber } from '#shared/profile/rules';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import { checkouts, clientPlans, customers } from '../platform/db/schema';
import { DomainError } from '../errors';
import { PaymentProviderError, type CardPayments } from '../providers/payments/index';
import { log } from '../platform/log';
import { countProviderError } from '../platform/metrics';

/**
 * The card on file (spec §3 "Card", §7 GET/PUT /portal/customers/cc): kept where the booking's
 * checkout keeps it (brand, last four digits, holder, expiry and the pre-authorisation of the
 * first fee); the profile's update moves that pre-authorisation to the new card.
 */

type Row = typeof checkouts.$inferSelect;

const cardOfRow = (row: Row): Card => ({
  brand: row.brand ?? '',
  brand_name: cardBrandName(row.brand ?? ''),
  number: maskedCardNumber(row.last4 ?? ''),
  last4: row.last4 ?? '',
  holder: row.holder,
  due: cardDue(row.expiryMonth, row.expiryYear),
});

/** GET /portal/customers/cc: the customer's card, or null (a company's boleto, or no checkout yet). */
export async function cardOf(db: Db, customerId: number): Promise<CardResponse> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.customerId, customerId));
  return { success: true, data: row?.method === 'CARD' ? cardOfRow(row) : null };
}

/** The provider could not answer (a refusal of the card is an answer, not this). */
const unavailable = (e: unknown): boolean =>
  e instanceof PaymentProviderError || (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError' || e.message === 'fetch failed'));

/**
 * PUT /portal/customers/cc: the token's card replaces the one on file. The provider is asked first
 * (a remote call, outside any transaction); only the request that still finds the card it read
 * stores the new one, and a request that lost that race releases the authorisation it made.
 */
export async function replaceCard(deps: Pick<AppDeps, 'db'> & { payments: CardPayments }, customerId: number, token: string): Promise<{ success: true; data: Card }> {
  const { db, payments } = deps;
  const [row] = await db.select().from(checkouts).where(eq(checkouts.customerId, customerId));
  if (!row || row.method !== 'CARD') throw new DomainError('PROCESS_REFUSED', { field: 'card' });
  const [c] = await db.select({ name: customers.name, email: customers.email }).from(customers).where(eq(customers.id, customerId));
  const [plan] = await db.select({ price: clientPlans.price, type: clientPlans.planType }).from(clientPlans).where(eq(clientPlans.id, row.clientPlanId));
  if (!c || !plan) throw new DomainError('PROCESS_REFUSED', { field: 'card' });
  let answer;
  try {
    answer = await payments.replaceCard({
      token, amountCents: Math.round((row.amount ?? plan.price) * 100), previousChargeId: row.chargeId,
      customer: { id: String(customerId), name: c.name, email: c.email }, description: `Primeira mensalidade: ${plan.type} (cartão substituído)`,
    });
  } catch (e) {
    if (unavailable(e)) {
      countProviderError(payments.name);
      throw new DomainError('PAYMENT_UNAVAILABLE');
    }
    throw e;
  }
  if (!answer.ok) throw new DomainError(answer.reason === 'declined' ? 'PAYMENT_DECLINED' : 'PAYMENT_TOKEN_INVALID', { field: 'token' });
  if (!answer.previousReleased && row.chargeId) {
    // staff reconcile by the customer id: no personal data in the log
    log().warn(`customer ${customerId}: the card's previous authorisation was not released by ${payments.name}`);
  }
  const [after] = await db.update(checkouts).set({
    brand: answer.card.brand, last4: answer.card.last4, holder: answer.card.holder, expiryMonth: answer.card.month, expiryYear: answer.card.year,
    provider: payments.name, chargeId: answer.chargeId,
  }).where(and(eq(checkouts.id, row.id), row.chargeId === null ? eq(checkouts.customerId, customerId) : eq(checkouts.chargeId, row.chargeId))).returning();
  if (!after) {
    await payments.cancel(answer.chargeId).catch(() => undefined);
    throw new DomainError('PROCESS_REFUSED', { field: 'card' });
  }
  return { success: true, data: cardOfRow(after) };
}
