import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, money } from './columns';
import { customers } from './customer';

/** The customer's simulated plan (POST /portal/customers/plan-simulated); the latest one is the selected one. */
export const planSimulations = pgTable('plan_simulations', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  /** R$ */
  billValue: money('bill_value').notNull(),
  deadlineYears: integer('deadline_years').notNull(),
  level: text('level', { enum: ['LOW', 'MEDIUM', 'MAX'] }).notNull(),
  isFit: boolean('is_fit').notNull(),
  result: jsonb('result').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [index('plan_simulations_customer_idx').on(t.customerId, t.id)]);

/**
 * The plan the customer chose on the plans screen (the spec's client plan): one per customer, with
 * the figures shown at the moment of the choice, which the contract and the checkout use.
 */
export const clientPlans = pgTable('client_plans', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  planType: text('plan_type', { enum: ['LOW', 'MEDIUM', 'MAX'] }).notNull(),
  /** monthly fee, R$ */
  price: money('price').notNull(),
  freeMonths: integer('free_months').notNull(),
  deadlineYears: integer('deadline_years').notNull(),
  /** the whole offer as shown (PlanOffer) */
  offer: jsonb('offer').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [uniqueIndex('client_plans_customer_key').on(t.customerId)]);
