import * as v from 'valibot';
import { BILL_STATUSES } from './rules';

/** The values of one bill (spec §3 "Bill state" billValues and bill info). */
export const BillValues = v.object({
  id: v.number(),
  status: v.picklist(BILL_STATUSES),
  consumer_class: v.nullable(v.string()),
  value: v.nullable(v.number()),
  consumption: v.nullable(v.number()),
  consumption_history_kwh_values: v.object({ average: v.nullable(v.number()) }),
  power_pattern: v.nullable(v.string()),
  justification_disapproved: v.nullable(v.string()),
  is_holder: v.boolean(),
  /** may the customer send another bill now (spec §4 re-upload rule) */
  upload_available: v.boolean(),
});
export type BillValues = v.InferOutput<typeof BillValues>;

/** One sent bill in the history; `id` is the `client_bill_file_id` that downloads the file. */
export const BillInfo = v.object({
  id: v.number(),
  status: v.picklist(BILL_STATUSES),
  justification_disapproved: v.nullable(v.string()),
  name: v.string(),
  created_at: v.string(),
});

/** GET /portal/customers/bills: the latest bill's values (null before the first), holder flag and the history, oldest first. */
export const BillsResponse = v.object({
  id: v.nullable(v.number()),
  holder: v.nullable(v.boolean()),
  billValues: v.nullable(BillValues),
  billInfo: v.array(BillInfo),
  upload_available: v.boolean(),
});
export type BillsResponse = v.InferOutput<typeof BillsResponse>;

/**
 * PUT admin/customers/{id}/bill (staff): decide the customer's latest bill; a disapproval or denial
 * says why. `version` is the process version the staff member saw (refused with 4091 when stale).
 */
/** Values a reviewer may correct before approving (reais, kWh a month). */
export const BillCorrections = v.object({
  value: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(1_000_000))),
  consumption: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(10_000_000))),
  history_average: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(10_000_000))),
  /** the classes the reader names (residencial, comercial, rural are served) */
  consumer_class: v.optional(v.picklist(['RESIDENCIAL', 'COMERCIAL', 'INDUSTRIAL', 'RURAL'])),
  /** the connection: single-, two- or three-phase (the availability minimum follows it) */
  power_pattern: v.optional(v.picklist(['single', 'two', 'three'])),
});
export type BillCorrections = v.InferOutput<typeof BillCorrections>;

export const StaffBillDecision = v.pipe(
  v.object({
    status: v.picklist(['APPROVED', 'DISAPPROVED', 'DENIED', 'APP']),
    justification: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(500)))),
    version: v.pipe(v.number(), v.integer(), v.minValue(1)),
    /** with an approval: the values the reviewer corrected (what the proposal is sized from) */
    corrections: v.optional(BillCorrections),
  }),
  v.check((d) => (d.status !== 'DISAPPROVED' && d.status !== 'DENIED') || !!d.justification, 'Informe o motivo da reprovação.'),
  v.check((d) => !d.corrections || d.status === 'APPROVED', 'Correções só acompanham uma aprovação.'),
);
export type StaffBillDecision = v.InferOutput<typeof StaffBillDecision>;

// ---- staff: what the virtual assistant read -----------------------------------------------------

/** Where on the page a value was read (PDF points, origin bottom-left; OCR words in the same units). */
export const ReadingEvidence = v.object({ text: v.string(), page: v.number(), x: v.number(), y: v.number() });

/** One field the assistant read: its value, how sure it was, and the runs it read it from. */
export const ReadingField = v.object({
  value: v.unknown(),
  confidence: v.nullable(v.number()),
  evidence: v.array(ReadingEvidence),
});

/** The assistant's reading of one bill, for the person who reviews it. */
export const BillReading = v.object({
  /** text: the PDF's text layer; ocr: a photo or scan read by OCR; none: nothing could be read */
  source: v.picklist(['text', 'ocr', 'none']),
  confidence: v.number(),
  /** why a person must look (WAITING): ocr-reading, group-a, below-minimum, incomplete-reading… */
  review_notes: v.array(v.string()),
  fields: v.record(v.string(), ReadingField),
});
export type BillReading = v.InferOutput<typeof BillReading>;

/** A bill as staff review it. */
export const StaffBill = v.object({
  id: v.number(),
  status: v.picklist(BILL_STATUSES),
  justification_disapproved: v.nullable(v.string()),
  is_holder: v.boolean(),
  created_at: v.string(),
  decided_at: v.nullable(v.string()),
  /** the value and consumption the proposal is sized from: as read, or as the reviewer corrected them */
  value: v.nullable(v.number()),
  consumption: v.nullable(v.number()),
  /** null while the assistant has not read it yet (PENDING) */
  reading: v.nullable(BillReading),
});

/** GET admin/customers/{id}/bills: every bill of the customer, oldest first, with the assistant's reading. */
export const StaffBillsResponse = v.object({ bills: v.array(StaffBill) });
export type StaffBillsResponse = v.InferOutput<typeof StaffBillsResponse>;
