import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { FINANCING_STATUSES, INVOICE_STATUSES } from '#shared/payment/rules';
import { at } from './columns';
import { customers } from './customer';
import { staff } from './staff';

/**
 * The cash purchase's invoice (spec §3 "Invoice": invoice_status, invoice_url): issued by the
 * payments provider once both purchase signatures exist, paid by boleto or Pix. One open or paid
 * invoice per customer; a cancelled or expired one stays for the record and a new one may follow.
 * For the local sandbox this row is the whole truth (its PDF is drawn from it).
 */
export const invoices = pgTable('invoices', {
  id: text('id').primaryKey(), // uuid, the provider's custom reference
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['local', 'iugu'] }).notNull(),
  /** the provider's id; for the sandbox the unguessable id of its invoice URL */
  providerRef: text('provider_ref').notNull(),
  secureUrl: text('secure_url').notNull(),
  status: text('status', { enum: INVOICE_STATUSES }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  /** yyyy-mm-dd on Brazil's calendar */
  dueDate: text('due_date').notNull(),
  /** who pays, as printed on the sandbox's boleto */
  payerName: text('payer_name').notNull(),
  description: text('description').notNull(),
  digitableLine: text('digitable_line'),
  barcode: text('barcode'),
  pixCode: text('pix_code'),
  paidAt: at('paid_at'),
  /** who saw the payment: the provider's webhook, staff reconciling, or the sandbox */
  paidVia: text('paid_via', { enum: ['provider', 'staff', 'sandbox'] }),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  uniqueIndex('invoices_provider_ref_key').on(t.provider, t.providerRef),
  uniqueIndex('invoices_customer_open_key').on(t.customerId).where(sql`${t.status} in ('PENDING', 'PAID')`),
  index('invoices_customer_idx').on(t.customerId),
]);

/** A financing customer's request to the partner banks (spec §3 "Financing record"): only staff change its status. */
export const financings = pgTable('financings', {
  customerId: integer('customer_id').primaryKey().references(() => customers.id, { onDelete: 'cascade' }),
  status: text('status', { enum: FINANCING_STATUSES }).notNull(),
  /** staff's note (the bank, the reason): never shown to the customer */
  note: text('note'),
  decidedBy: integer('decided_by').references(() => staff.id),
  updatedAt: at('updated_at').notNull(),
});
