import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { customers } from './customer';

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  status: text('status', { enum: ['UNREAD', 'READ'] }).notNull().default('UNREAD'),
  createdAt: at('created_at').notNull(),
  readAt: at('read_at'),
}, (t) => [index('notifications_customer_idx').on(t.customerId, t.id)]);
