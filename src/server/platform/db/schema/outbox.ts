import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/** The local providers' outbox (sms, whatsapp, email), read by tests and by people in development. */
export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel', { enum: ['sms', 'whatsapp', 'email'] }).notNull(),
  to: text('to').notNull(),
  body: text('body').notNull(),
  code: text('code'),
  createdAt: at('created_at').notNull(),
}, (t) => [index('outbox_to_idx').on(t.to, t.id)]);
