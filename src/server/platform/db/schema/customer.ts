import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MarketingAttribution } from '#shared/customer/payloads';
import { at, money } from './columns';
import { cities, states } from './coverage';

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(), // upper case
  description: text('description').notNull(),
  active: boolean('active').notNull().default(true),
});

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(), // canonical, 13 digits
  type: text('type', { enum: ['CPF', 'CNPJ'] }).notNull(),
  documentValue: text('document_value'),
  unitType: text('unit_type').notNull(),
  /** the monthly electricity bill the customer typed, R$ */
  billValue: money('bill_value').notNull(),
  stateCode: text('state_code').notNull().references(() => states.code),
  cityId: integer('city_id').notNull().references(() => cities.id),
  coupon: text('coupon').references(() => coupons.code),
  hasPartnership: boolean('has_partnership').notNull().default(false),
  subscriptionLending: text('subscription_lending', { enum: ['SUBSCRIPTION', 'LENDING'] }).notNull().default('SUBSCRIPTION'),
  paymentType: text('payment_type', { enum: ['CASH_PURCHASE', 'FINANCING'] }),
  franchiseeId: text('franchisee_id'),
  /** the marketing-attribution cookie sent with the sign-up (spec §3, §9), for staff; null without one */
  attribution: jsonb('attribution').$type<MarketingAttribution>(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  /** the account was deleted (LGPD art. 18 VI): this row is then anonymised, kept only for what a legal duty keeps */
  deletedAt: at('deleted_at'),
}, (t) => [
  uniqueIndex('customers_email_key').on(t.email),
  uniqueIndex('customers_phone_key').on(t.phone),
]);
