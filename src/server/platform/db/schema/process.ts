import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { customers } from './customer';

/** The persisted snapshot of each customer's `process` machine, versioned for optimistic concurrency. */
export const processSnapshots = pgTable('process_snapshots', {
  customerId: integer('customer_id').primaryKey().references(() => customers.id, { onDelete: 'cascade' }),
  snapshot: jsonb('snapshot').notNull(),
  version: integer('version').notNull(),
  updatedAt: at('updated_at').notNull(),
});
