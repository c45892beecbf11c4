import { integer, jsonb, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RetentionCategory } from '#shared/profile/rules';
import { at } from './columns';
import { customers } from './customer';

/**
 * That an account was deleted at the customer's request (LGPD art. 18 VI), and which categories of
 * data a legal duty kept (src/shared/profile/rules.ts RETENTION). No personal data: staff read it
 * in the audit trail; the customer row it points to is anonymised.
 */
export const accountDeletions = pgTable('account_deletions', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  kept: jsonb('kept').$type<RetentionCategory[]>().notNull(),
  deletedAt: at('deleted_at').notNull(),
}, (t) => [uniqueIndex('account_deletions_customer_key').on(t.customerId)]);
