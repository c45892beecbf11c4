import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { MenuStep } from '#shared/steps';
import { at } from './columns';
import { customers } from './customer';

/** The persisted snapshot of each customer's `process` machine, versioned for optimistic concurrency. */
export const processSnapshots = pgTable('process_snapshots', {
  customerId: integer('customer_id').primaryKey().references(() => customers.id, { onDelete: 'cascade' }),
  snapshot: jsonb('snapshot').notNull(),
  /**
   * The spec's steps derived from `snapshot` (stepsFromSnapshot), written with it in the same
   * statement so reads need no machine; null on rows stored before the column, filled on first read.
   */
  steps: jsonb('steps').$type<MenuStep[]>(),
  version: integer('version').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Every move of a customer's process, in order: the event, who caused it (the customer, a staff
 * member, or the portal itself), the state before and after, and when. The back-office draws the
 * path a customer took on the process diagram from it.
 */
export const processEvents = pgTable('process_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  /** the process version the move produced */
  version: integer('version').notNull(),
  event: text('event').notNull(),
  byKind: text('by_kind', { enum: ['customer', 'staff', 'system'] }).notNull(),
  /** the staff member, when one caused it (staff.id; kept as a number, as staff_audit does) */
  staffId: integer('staff_id'),
  before: jsonb('before').notNull(),
  after: jsonb('after').notNull(),
  at: at('at').notNull(),
}, (t) => [index('process_events_customer_idx').on(t.customerId, t.id)]);
