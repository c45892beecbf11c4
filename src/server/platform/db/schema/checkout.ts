import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, money } from './columns';
import { customers } from './customer';
import { clientPlans } from './plan';

/**
 * The payment of the customer's client plan (one per customer): a card pre-authorised for the first
 * monthly fee, kept as brand, last four digits, holder and expiry (never its number), with the
 * provider's charge id for the later capture; or a company's boleto day.
 */
export const checkouts = pgTable('checkouts', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  clientPlanId: integer('client_plan_id').notNull().references(() => clientPlans.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['CARD', 'BOLETO'] }).notNull(),
  brand: text('brand'),
  last4: text('last4'),
  holder: text('holder'),
  expiryMonth: integer('expiry_month'),
  expiryYear: integer('expiry_year'),
  provider: text('provider'),
  chargeId: text('charge_id'),
  /** the pre-authorised first fee, R$ */
  amount: money('amount'),
  expiresDay: integer('expires_day'),
  createdAt: at('created_at').notNull(),
}, (t) => [uniqueIndex('checkouts_customer_key').on(t.customerId)]);

/** The local card sandbox's spent tokens: a token is single use across processes (its nonce is the key). */
export const spentPaymentTokens = pgTable('spent_payment_tokens', {
  nonce: text('nonce').primaryKey(),
  spentAt: at('spent_at').notNull(),
});
