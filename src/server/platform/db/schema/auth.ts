import { bigserial, index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { customers } from './customer';

/** What a code authorises (auth/codes.ts CodePurpose). */
export const CODE_PURPOSES = ['access', 'signature', 'deletion', 'email', 'sessions'] as const;

/**
 * Session tokens: only the SHA-256 of the token is stored. `id` names a session to its customer
 * ('Aparelhos conectados' ends one by it) without telling its hash; `userAgent` is the browser's
 * User-Agent at sign-in (cut to 300 characters), so the list can say which browser it is.
 */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  id: uuid('id').notNull().defaultRandom().unique(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  userAgent: text('user_agent'),
  createdAt: at('created_at').notNull(),
  lastUsedAt: at('last_used_at').notNull(),
  revokedAt: at('revoked_at'),
}, (t) => [index('sessions_customer_idx').on(t.customerId)]);

/**
 * SMS/WhatsApp/e-mail codes, stored as HMAC-SHA256 with APP_SECRET. Each belongs to the code request
 * that asked for it (the SHA-256 of the request's browser-made `secret`): the newest live one of a
 * phone and secret counts, and only a caller holding that secret can try it.
 */
export const accessCodes = pgTable('access_codes', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  /** SHA-256 of the code request's secret; null on codes issued before requests carried one (never usable) */
  secretHash: text('secret_hash'),
  codeHash: text('code_hash').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  supersededAt: at('superseded_at'),
  failedTries: integer('failed_tries').notNull().default(0),
  /** what the code authorises, and only that: signing in (or up), signing a contract, deleting the account, changing its e-mail */
  purpose: text('purpose', { enum: CODE_PURPOSES }).notNull().default('access'),
}, (t) => [index('access_codes_phone_idx').on(t.phone, t.createdAt)]);

/**
 * What the rate limits count: code requests per phone, per request (secret) and per address, and
 * wrong codes per phone and per request.
 */
export const authEvents = pgTable('auth_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['send', 'failure'] }).notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  /** SHA-256 of the code request's secret */
  secretHash: text('secret_hash'),
  /** whose per-phone budget the send used (auth/codes.ts SendBucket): a purpose's, or 'device' for sign-in from the owner's browser */
  purpose: text('purpose', { enum: [...CODE_PURPOSES, 'device'] }).notNull().default('access'),
  at: at('at').notNull(),
}, (t) => [
  index('auth_events_phone_idx').on(t.phone, t.kind, t.at),
  index('auth_events_address_idx').on(t.address, t.kind, t.at),
  // the daily budget's count of every send in 24 hours
  index('auth_events_kind_at_idx').on(t.kind, t.at),
]);

/**
 * An e-mail change waiting for its two codes (issue 29, F15): the new address, and the code sent
 * to it (HMAC with APP_SECRET, bound to the new address), for the code request that asked (the
 * SHA-256 of its secret); the SMS code to the account's phone is an access_codes row of purpose
 * 'email'. One per customer: a new request replaces it. The customer's e-mail changes only when
 * both codes are right.
 */
export const emailChanges = pgTable('email_changes', {
  customerId: integer('customer_id').primaryKey().references(() => customers.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  secretHash: text('secret_hash').notNull(),
  /** null until the e-mail's job issued the code */
  codeHash: text('code_hash'),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at'),
  failedTries: integer('failed_tries').notNull().default(0),
});

/** Proof that a phone was confirmed by code, for a sign-up without an account yet. Hash stored. */
export const phoneProofs = pgTable('phone_proofs', {
  tokenHash: text('token_hash').primaryKey(),
  phone: text('phone').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  /** sign-ups refused with this proof (an e-mail in use...): it answers only a few (auth/sessions.ts) */
  failedTries: integer('failed_tries').notNull().default(0),
});

/** ALTCHA payloads already accepted (each is usable once until its challenge expires). */
export const botCheckUses = pgTable('bot_check_uses', {
  signature: text('signature').primaryKey(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * Signed-in actions limited per customer (an e-mail change tells whether an e-mail has an account;
 * a data export reads every file; a CEP lookup calls ViaCEP), counted here so the limits hold
 * across server instances sharing the database.
 */
export const customerActions = pgTable('customer_actions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  action: text('action', { enum: ['profile.update', 'profile.export', 'visit.cep'] }).notNull(),
  at: at('at').notNull(),
}, (t) => [index('customer_actions_idx').on(t.customerId, t.action, t.at)]);

/** Anonymous actions limited per client address (the signature check), across instances; purged after a day. */
export const addressActions = pgTable('address_actions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  address: text('address').notNull(),
  action: text('action', { enum: ['signature.verify'] }).notNull(),
  at: at('at').notNull(),
}, (t) => [index('address_actions_idx').on(t.address, t.action, t.at)]);
