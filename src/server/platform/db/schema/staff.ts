import { bigserial, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from './columns';

/** Company staff; they sign in with a token the CLI prints once (only its SHA-256 is kept). */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: at('created_at').notNull(),
  revokedAt: at('revoked_at'),
}, (t) => [uniqueIndex('staff_email_key').on(t.email), uniqueIndex('staff_token_key').on(t.tokenHash)]);

/** Every staff action: who, when, what, and the state before and after. */
export const staffAudit = pgTable('staff_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staff.id),
  action: text('action').notNull(),
  customerId: integer('customer_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  at: at('at').notNull(),
}, (t) => [index('staff_audit_customer_idx').on(t.customerId, t.at)]);
