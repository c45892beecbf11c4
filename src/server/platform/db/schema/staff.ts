import { bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at } from './columns';

/**
 * Company staff. People sign in to the back-office with their e-mail and a TOTP app enrolled from
 * an invitation (`npm run staff -- invite`); scripts call the admin API with a token the CLI
 * prints once (`create-staff`, `new-token`). Only hashes of tokens and invitations are kept; the
 * TOTP secret is kept encrypted with a key derived from APP_SECRET (staff/factor.ts).
 */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  /** a script's bearer token (SHA-256); null for a person who signs in with a second factor */
  tokenHash: text('token_hash'),
  /** src/shared/staff/roles.ts */
  roles: text('roles').array().notNull().default(sql`'{admin,analyst,scheduler,sales,support}'::text[]`),
  createdAt: at('created_at').notNull(),
  revokedAt: at('revoked_at'),
  /** the invitation link's token (SHA-256) until enrolment; it expires */
  inviteHash: text('invite_hash'),
  inviteExpiresAt: at('invite_expires_at'),
  /** the TOTP secret shown on the invitation page, until the first code proves it was saved */
  totpPending: text('totp_pending'),
  totpSecret: text('totp_secret'),
  /** the last 30-second step a code was accepted for: a code is never accepted twice */
  totpLastStep: integer('totp_last_step'),
  enrolledAt: at('enrolled_at'),
  /** wrong codes in a row (reset by a right one); from the fifth, sign-in waits growing times */
  failedFactors: integer('failed_factors').notNull().default(0),
  heldUntil: at('held_until'),
  /** the WebAuthn challenge last handed out (enrolling or signing in with a passkey), good for minutes */
  passkeyChallenge: text('passkey_challenge'),
  passkeyChallengeExpiresAt: at('passkey_challenge_expires_at'),
}, (t) => [uniqueIndex('staff_email_key').on(t.email), uniqueIndex('staff_token_key').on(t.tokenHash), uniqueIndex('staff_invite_key').on(t.inviteHash)]);

/**
 * A back-office session: short (hours) and ended after idle time; an admin can end a member's
 * sessions, and a member ends their own by signing out. Only the token's SHA-256 is kept.
 */
export const staffSessions = pgTable('staff_sessions', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staff.id),
  tokenHash: text('token_hash').notNull(),
  createdAt: at('created_at').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  endedAt: at('ended_at'),
}, (t) => [uniqueIndex('staff_sessions_token_key').on(t.tokenHash), index('staff_sessions_staff_idx').on(t.staffId)]);

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

/**
 * A passkey (WebAuthn credential) a member enrolled as their second factor, beside or instead of
 * the TOTP app. Only the public key is kept; the counter guards against a cloned authenticator.
 */
export const staffPasskeys = pgTable('staff_passkeys', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
  /** base64url, as the authenticator gives it */
  credentialId: text('credential_id').notNull(),
  /** COSE public key, base64url */
  publicKey: text('public_key').notNull(),
  counter: integer('counter').notNull().default(0),
  transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
  createdAt: at('created_at').notNull(),
  lastUsedAt: at('last_used_at'),
}, (t) => [uniqueIndex('staff_passkeys_credential_key').on(t.credentialId), index('staff_passkeys_staff_idx').on(t.staffId)]);

/**
 * Wrong second factors for a member from one client address (an IPv6 /64): the growing waits apply
 * to that address only, so a stranger who knows a member's e-mail cannot hold the member out
 * (issue 29, F4); `staff.failed_factors` counts them all for the account-wide cap.
 */
export const staffSignInHolds = pgTable('staff_sign_in_holds', {
  staffId: integer('staff_id').notNull().references(() => staff.id),
  address: text('address').notNull(),
  failures: integer('failures').notNull().default(0),
  heldUntil: at('held_until'),
  updatedAt: at('updated_at').notNull(),
}, (t) => [primaryKey({ columns: [t.staffId, t.address] })]);
