import { bigserial, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { customers } from './customer';

/** Session tokens: only the SHA-256 of the token is stored. */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
  lastUsedAt: at('last_used_at').notNull(),
  revokedAt: at('revoked_at'),
}, (t) => [index('sessions_customer_idx').on(t.customerId)]);

/** SMS/WhatsApp/e-mail codes, stored as HMAC-SHA256 with APP_SECRET. The newest live one per phone counts. */
export const accessCodes = pgTable('access_codes', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  supersededAt: at('superseded_at'),
  failedTries: integer('failed_tries').notNull().default(0),
}, (t) => [index('access_codes_phone_idx').on(t.phone, t.createdAt)]);

/** What the rate limits count: code requests per phone and per address, and wrong codes per phone. */
export const authEvents = pgTable('auth_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['send', 'failure'] }).notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  at: at('at').notNull(),
}, (t) => [
  index('auth_events_phone_idx').on(t.phone, t.kind, t.at),
  index('auth_events_address_idx').on(t.address, t.kind, t.at),
]);

/** Proof that a phone was confirmed by code, for a sign-up without an account yet. Hash stored. */
export const phoneProofs = pgTable('phone_proofs', {
  tokenHash: text('token_hash').primaryKey(),
  phone: text('phone').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** ALTCHA payloads already accepted (each is usable once until its challenge expires). */
export const botCheckUses = pgTable('bot_check_uses', {
  signature: text('signature').primaryKey(),
  expiresAt: at('expires_at').notNull(),
});
