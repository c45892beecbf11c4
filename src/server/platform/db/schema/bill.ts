import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at, money } from './columns';
import { customers } from './customer';
import { uploads } from './upload';

/** Each bill sent, with what the virtual assistant (or staff) decided and the values read. */
export const bills = pgTable('bills', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  uploadId: integer('upload_id').notNull().references(() => uploads.id),
  isHolder: boolean('is_holder').notNull(),
  status: text('status', { enum: ['PENDING', 'WAITING', 'DISAPPROVED', 'APPROVED', 'APP', 'DENIED'] }).notNull(),
  consumerClass: text('consumer_class'),
  /** the bill's total, R$ */
  value: money('value'),
  /** kWh: quantities stay double precision */
  consumption: doublePrecision('consumption'),
  historyAverage: doublePrecision('history_average'),
  powerPattern: text('power_pattern'),
  justificationDisapproved: text('justification_disapproved'),
  /** the assistant's whole reading (fields, confidence, review notes) for the reviewer */
  analysis: jsonb('analysis'),
  createdAt: at('created_at').notNull(),
  decidedAt: at('decided_at'),
}, (t) => [index('bills_customer_idx').on(t.customerId, t.id)]);

/** Consumer (bill owner) data the customer confirms: PATCH /portal/customers/bills/owners. */
export const billOwners = pgTable('bill_owners', {
  customerId: integer('customer_id').primaryKey().references(() => customers.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  updatedAt: at('updated_at').notNull(),
});
