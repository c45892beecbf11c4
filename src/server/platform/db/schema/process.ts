import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
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
