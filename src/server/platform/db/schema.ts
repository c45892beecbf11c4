import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The portal's tables. Times are `timestamptz` written from the service clock (never `now()` in SQL),
 * so tests can move time without waiting.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// ---- reference data (IBGE, loaded at start-up) --------------------------------------------------

export const states = pgTable('states', {
  code: text('code').primaryKey(), // 'SP'
  name: text('name').notNull(),
  ibgeCode: integer('ibge_code').notNull(),
});

export const cities = pgTable('cities', {
  id: integer('id').primaryKey(), // 7-digit IBGE code
  stateCode: text('state_code').notNull().references(() => states.code),
  name: text('name').notNull(),
}, (t) => [index('cities_state_idx').on(t.stateCode)]);

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(), // upper case
  description: text('description').notNull(),
  active: boolean('active').notNull().default(true),
});

// ---- customers and their process -----------------------------------------------------------------

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(), // canonical, 13 digits
  type: text('type', { enum: ['CPF', 'CNPJ'] }).notNull(),
  documentValue: text('document_value'),
  unitType: text('unit_type').notNull(),
  billValue: doublePrecision('bill_value').notNull(),
  stateCode: text('state_code').notNull().references(() => states.code),
  cityId: integer('city_id').notNull().references(() => cities.id),
  coupon: text('coupon').references(() => coupons.code),
  hasPartnership: boolean('has_partnership').notNull().default(false),
  subscriptionLending: text('subscription_lending', { enum: ['SUBSCRIPTION', 'LENDING'] }).notNull().default('SUBSCRIPTION'),
  paymentType: text('payment_type', { enum: ['CASH_PURCHASE', 'FINANCING'] }),
  franchiseeId: text('franchisee_id'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  uniqueIndex('customers_email_key').on(t.email),
  uniqueIndex('customers_phone_key').on(t.phone),
]);

/** The persisted snapshot of each customer's `process` machine, versioned for optimistic concurrency. */
export const processSnapshots = pgTable('process_snapshots', {
  customerId: integer('customer_id').primaryKey().references(() => customers.id, { onDelete: 'cascade' }),
  snapshot: jsonb('snapshot').notNull(),
  version: integer('version').notNull(),
  updatedAt: at('updated_at').notNull(),
});

// ---- sign-in ----------------------------------------------------------------------------------

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

// ---- delivery ---------------------------------------------------------------------------------

/** The durable queue (Queue_sms and friends): at-least-once, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull(),
  status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  runAt: at('run_at').notNull(),
  lockedAt: at('locked_at'),
  lastError: text('last_error'),
  createdAt: at('created_at').notNull(),
}, (t) => [index('jobs_ready_idx').on(t.status, t.runAt)]);

/** The local providers' outbox (sms, whatsapp, email), read by tests and by people in development. */
export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel', { enum: ['sms', 'whatsapp', 'email'] }).notNull(),
  to: text('to').notNull(),
  body: text('body').notNull(),
  code: text('code'),
  createdAt: at('created_at').notNull(),
}, (t) => [index('outbox_to_idx').on(t.to, t.id)]);

// ---- uploads, bills, notifications ---------------------------------------------------------------

/** A stored file: only its random storage key is on disk/S3; the customer's file name is kept for display. */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['bill', 'employee_card'] }).notNull(),
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull(),
  kind: text('kind', { enum: ['pdf', 'png', 'jpeg'] }).notNull(),
  size: integer('size').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [uniqueIndex('uploads_storage_key').on(t.storageKey), index('uploads_customer_idx').on(t.customerId)]);

/** Each bill sent, with what the virtual assistant (or staff) decided and the values read. */
export const bills = pgTable('bills', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  uploadId: integer('upload_id').notNull().references(() => uploads.id),
  isHolder: boolean('is_holder').notNull(),
  status: text('status', { enum: ['PENDING', 'WAITING', 'DISAPPROVED', 'APPROVED', 'APP', 'DENIED'] }).notNull(),
  consumerClass: text('consumer_class'),
  value: doublePrecision('value'),
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

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  status: text('status', { enum: ['UNREAD', 'READ'] }).notNull().default('UNREAD'),
  createdAt: at('created_at').notNull(),
  readAt: at('read_at'),
}, (t) => [index('notifications_customer_idx').on(t.customerId, t.id)]);

// ---- staff ----------------------------------------------------------------------------------

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

/** Which franchisee serves each state; a state without a row is not served (franchisee_id null). */
export const franchiseeCoverage = pgTable('franchisee_coverage', {
  stateCode: text('state_code').primaryKey().references(() => states.code),
  franchiseeId: text('franchisee_id').notNull(),
});

// ---- simulation and customer success ----------------------------------------------------------------

/** The customer's simulated plan (POST /portal/customers/plan-simulated); the latest one is the selected one. */
export const planSimulations = pgTable('plan_simulations', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  billValue: doublePrecision('bill_value').notNull(),
  deadlineYears: integer('deadline_years').notNull(),
  level: text('level', { enum: ['LOW', 'MEDIUM', 'MAX'] }).notNull(),
  isFit: boolean('is_fit').notNull(),
  result: jsonb('result').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [index('plan_simulations_customer_idx').on(t.customerId, t.id)]);

/** A customer-success follow-up (one open case per customer), e.g. when the simulation is not approved. */
export const customerSuccessCases = pgTable('customer_success_cases', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['OPEN', 'CLOSED'] }).notNull().default('OPEN'),
  createdAt: at('created_at').notNull(),
}, (t) => [uniqueIndex('customer_success_customer_key').on(t.customerId)]);

/** Proposals (spec §3 Proposal); the INITIAL one is generated by the sizing engine when the bill is approved. */
export const proposals = pgTable('proposals', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['INITIAL', 'FINAL'] }).notNull(),
  data: jsonb('data').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [index('proposals_customer_idx').on(t.customerId, t.type, t.id)]);

// ---- technical visit ------------------------------------------------------------------------------

/** Visit statuses (spec §4); CANCELLED is ours (a cancelled or replaced booking stays for the record). */
export const VISIT_STATUSES = ['UNCONFIRMED_APPOINTMENT', 'CONFIRMED_SCHEDULE', 'ACCOMPLISHED_AND_APPROVED', 'DONE_AND_NOT_APPROVED', 'CANCELLED'] as const;

/** Technical visits (spec §3 "Technical visit schedule"); at most one open (unconfirmed or confirmed) per customer. */
export const technicalVisits = pgTable('technical_visits', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  /** the local day 'YYYY-MM-DD' and slot 'HH:MM' in the customer's time zone, as booked */
  day: text('day').notNull(),
  slot: text('slot').notNull(),
  timeZone: text('time_zone').notNull(),
  /** the instant the visit starts */
  scheduledAt: at('scheduled_at').notNull(),
  status: text('status', { enum: VISIT_STATUSES }).notNull(),
  phone: text('phone').notNull(),
  cep: text('cep').notNull(),
  address: text('address').notNull(),
  number: text('number').notNull(),
  complement: text('complement'),
  neighborhood: text('neighborhood').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  index('technical_visits_customer_idx').on(t.customerId, t.id),
  uniqueIndex('technical_visits_one_open').on(t.customerId).where(sql`status in ('UNCONFIRMED_APPOINTMENT', 'CONFIRMED_SCHEDULE')`),
]);

/** Days staff block for visits (GET /portal/config-calendar); the national holidays are added by the rules. */
export const calendarBlockedDays = pgTable('calendar_blocked_days', {
  day: text('day').primaryKey(), // 'YYYY-MM-DD'
  reason: text('reason'),
  createdAt: at('created_at').notNull(),
});
