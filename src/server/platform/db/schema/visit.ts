import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { customers } from './customer';

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
  /** what the technician saw, recorded by staff with the outcome; for the team only (the final proposal is written from it) */
  notes: text('notes'),
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
