import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { UPLOAD_PURPOSES } from '#shared/bill/rules';
import { at } from './columns';
import { customers } from './customer';

/** A stored file: only its random storage key is on disk/S3; the customer's file name is kept for display. */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull(),
  kind: text('kind', { enum: ['pdf', 'png', 'jpeg'] }).notNull(),
  size: integer('size').notNull(),
  createdAt: at('created_at').notNull(),
  /**
   * When a newer file replaced this one (an employee badge sent again): the file is deleted from
   * storage by the queue after the replacing transaction commits; the row stays for the quota count.
   */
  removedAt: at('removed_at'),
}, (t) => [uniqueIndex('uploads_storage_key').on(t.storageKey), index('uploads_customer_idx').on(t.customerId)]);

/**
 * A file on its way into storage: recorded (committed) before the file is stored, deleted in the
 * transaction that writes the row naming it. A crash between the file and that commit leaves this
 * row, and start-up removes the file once its writer is gone (cleanUpAfterCrash); a transaction
 * that failed removes its own file, and the hourly purge this row.
 */
export const storingFiles = pgTable('storing_files', {
  storageKey: text('storage_key').primaryKey(),
  /** the process storing it (host:pid:nonce, as the queue's lease holders) */
  writer: text('writer').notNull(),
  createdAt: at('created_at').notNull(),
});
