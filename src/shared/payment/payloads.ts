import * as v from 'valibot';
import { MenuStep } from '../process/payloads';
import { FINANCING_STATUSES, INVOICE_STATUSES } from './rules';

/** The cash invoice as the customer sees it: the provider's page (boleto and Pix) and its state. */
export const Invoice = v.object({
  invoice_status: v.picklist(INVOICE_STATUSES),
  /** the provider's invoice page, opened in a new tab (spec §7); unguessable, needs no session */
  invoice_url: v.string(),
  /** R$ */
  total: v.number(),
  /** yyyy-mm-dd */
  due_date: v.string(),
  /** the boleto's linha digitável (47 digits, FEBRABAN) */
  digitable_line: v.nullable(v.string()),
  /** the Pix copia e cola (EMV BR Code) */
  pix_code: v.nullable(v.string()),
  paid_at: v.nullable(v.string()),
});
export type Invoice = v.InferOutput<typeof Invoice>;

/** PATCH portal/customers/create/{profileId}/invoice: the spec's `invoice_url`, with the rest of the invoice. */
export const InvoiceResponse = Invoice;

/** GET /portal/customer/invoice_status: null before the invoice exists. */
export const InvoiceStatusResponse = v.object({
  invoice_status: v.nullable(v.picklist(INVOICE_STATUSES)),
  invoice: v.nullable(Invoice),
});
export type InvoiceStatusResponse = v.InferOutput<typeof InvoiceStatusResponse>;

/** GET /portal/client_lending (spec §7: `{status}`); NOT_REQUESTED until staff take it up. */
export const ClientLendingResponse = v.object({
  status: v.picklist(FINANCING_STATUSES),
  /** when staff last changed it */
  updated_at: v.nullable(v.string()),
});
export type ClientLendingResponse = v.InferOutput<typeof ClientLendingResponse>;

/** PATCH /portal/customers/step_supply: the steps after the move (then the screen reloads). */
export const StepSupplyResponse = v.object({ data: v.array(MenuStep) });

/** Staff decide the financing (spec §4: only the server sets it). */
export const StaffFinancingDecision = v.object({
  status: v.picklist(['IN_EVALUATION', 'APPROVED', 'DENIED']),
  /** the bank that approved or the reason, for the record (not shown to the customer) */
  note: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500)))),
});
export type StaffFinancingDecision = v.InferOutput<typeof StaffFinancingDecision>;

/** Staff reconcile the cash invoice (a payment seen at the bank, or one cancelled). */
export const StaffInvoiceUpdate = v.object({ invoice_status: v.picklist(['PAID', 'CANCELED']) });
export type StaffInvoiceUpdate = v.InferOutput<typeof StaffInvoiceUpdate>;

/** What staff see of a customer's purchase. */
export const StaffPaymentView = v.object({
  payment_type: v.nullable(v.picklist(['CASH_PURCHASE', 'FINANCING'])),
  financing: ClientLendingResponse,
  invoice: v.nullable(Invoice),
});
