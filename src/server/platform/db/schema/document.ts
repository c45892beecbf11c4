import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '#shared/document/rules';
import { at } from './columns';
import { customers } from './customer';
import { staff } from './staff';
import { uploads } from './upload';

/**
 * A document the customer sent on the booking screen (spec §3 "Document record"): one row per
 * sending, the newest of a type is the current one (a denied one is sent again as a new row). The
 * ID's back travels with its front.
 */
export const documents = pgTable('documents', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
  uploadId: integer('upload_id').notNull().references(() => uploads.id),
  backUploadId: integer('back_upload_id').references(() => uploads.id),
  status: text('status', { enum: DOCUMENT_STATUSES }).notNull(),
  justification: text('justification'),
  decidedBy: integer('decided_by').references(() => staff.id),
  decidedAt: at('decided_at'),
  createdAt: at('created_at').notNull(),
}, (t) => [index('documents_customer_idx').on(t.customerId, t.type, t.id)]);
