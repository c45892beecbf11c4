import { eq } from 'drizzle-orm';
import type { CheckoutDone, CheckoutRequest, CheckoutStatus } from '#shared/checkout/payloads';
import { paysByBoleto } from '#shared/checkout/rules';
import { currentStep } from '#shared/steps';
import type { AppDeps, Clock } from '../config';
import type { ConsumerData } from '#shared/contract/payloads';
import type { Db, Tx } from '../platform/db/index';
import { billOwners, checkouts, clientPlans, customers, spentPaymentTokens } from '../platform/db/schema';
import { DomainError } from '../errors';
import { byCustomer, customerSteps, moveProcessIn } from '../process/host';
import { localPayments, type CardPayments, type TokenClaim } from '../providers/payments/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secret' | 'payments'>;

/** The local sandbox's single-use check, on a unique key: two requests with one token cannot both pass. */
export const spendPaymentToken = (db: Db, clock: Clock): TokenClaim => async (nonce) =>
  (await db.insert(spentPaymentTokens).values({ nonce, spentAt: clock.now() }).onConflictDoNothing().returning()).length > 0;

/** The card provider of the deployment (PAYMENT_PROVIDER), or the local sandbox; built once by the routes. */
export const paymentsOf = (deps: Deps): CardPayments =>
  deps.payments ?? localPayments({ secret: deps.secret, clock: deps.clock, usedTokens: spendPaymentToken(deps.db, deps.clock) });

type CheckoutDeps = Pick<AppDeps, 'db' | 'clock'> & { payments: CardPayments };

type Row = typeof checkouts.$inferSelect;
const doneOf = (row: Row): CheckoutDone => (row.method === 'BOLETO'
  ? { method: 'BOLETO', expires_day: row.expiresDay ?? 0 }
  : { method: 'CARD', brand: row.brand as 'VISA', last4: row.last4 ?? '', holder: row.holder, month: row.expiryMonth, year: row.expiryYear });

/** GET /portal/customers/checkout. */
export async function checkoutOf(db: Db, customerId: number): Promise<CheckoutStatus> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.customerId, customerId));
  return row ? { exists: true, data: doneOf(row) } : { exists: false, data: null };
}

/**
 * POST /portal/customers/checkout: the payment of the customer's client plan, once, while the
 * customer is at CHECKOUT. An individual's card token pre-authorises the first monthly fee (nothing
 * is charged now; the card is kept as brand, last four digits, holder and expiry); a company
 * chooses the boleto day. The provider is asked before the transaction (it is a remote call); a
 * second request racing the first meets the unique key and is refused.
 */
export async function checkout(deps: CheckoutDeps, customerId: number, req: CheckoutRequest): Promise<CheckoutStatus> {
  const { db, clock } = deps;
  const [c] = await db.select({ type: customers.type, name: customers.name, email: customers.email }).from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('UNAUTHORIZED');
  const [plan] = await db.select().from(clientPlans).where(eq(clientPlans.customerId, customerId));
  if (!plan || plan.id !== req.client_plan_id) throw new DomainError('NOT_FOUND', { field: 'client_plan_id' });
  if (currentStep(await customerSteps(db, customerId)) !== 'CHECKOUT') throw new DomainError('PROCESS_REFUSED');
  if ((await checkoutOf(db, customerId)).exists) throw new DomainError('PROCESS_REFUSED');
  const boleto = paysByBoleto(c.type);
  if ('token' in req === boleto) throw new DomainError('CHECKOUT_METHOD');

  let values: typeof checkouts.$inferInsert;
  if ('expires_day' in req) {
    values = { customerId, clientPlanId: plan.id, method: 'BOLETO', expiresDay: req.expires_day, createdAt: clock.now() };
  } else {
    const { payments } = deps;
    const answer = await payments.preAuthorize({
      token: req.token, amountCents: Math.round(plan.price * 100),
      customer: { id: String(customerId), name: c.name, email: c.email }, description: `Primeira mensalidade: ${plan.planType}`,
    });
    if (!answer.ok) throw new DomainError(answer.reason === 'declined' ? 'PAYMENT_DECLINED' : 'PAYMENT_TOKEN_INVALID');
    values = {
      customerId, clientPlanId: plan.id, method: 'CARD', brand: answer.card.brand, last4: answer.card.last4, holder: answer.card.holder,
      expiryMonth: answer.card.month, expiryYear: answer.card.year, provider: payments.name, chargeId: answer.chargeId, amount: plan.price,
      createdAt: clock.now(),
    };
  }
  const [row] = await db.insert(checkouts).values(values).onConflictDoNothing().returning();
  if (!row) {
    // another request set it up meanwhile: release this authorisation
    if (values.chargeId) await deps.payments.cancel(values.chargeId).catch(() => undefined);
    throw new DomainError('PROCESS_REFUSED');
  }
  return { exists: true, data: doneOf(row) };
}

/**
 * The booking's last step, taken in the transaction that makes a subscriber's contracts: the
 * holder data is fixed as the contracts carry it, and the process moves on (checkout.completed).
 */
export async function completeCheckoutIn(tx: Tx, deps: Pick<AppDeps, 'clock' | 'reactions'>, customerId: number, holder: ConsumerData): Promise<void> {
  await tx.update(billOwners).set({ data: holder, updatedAt: deps.clock.now() }).where(eq(billOwners.customerId, customerId));
  await moveProcessIn(tx, deps, customerId, { type: 'checkout.completed' }, { by: byCustomer });
}
