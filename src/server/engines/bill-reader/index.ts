import { decideBill } from './decide';
import { extractPdfText, PdfReaderFailedError, PdfReadTimeoutError, toLines, UnreadablePdfError } from './extractText';
import { readBillFields, textLooksGarbled } from './readFields';
import type { BillAnalysis, BillFields, ReviewNote } from './types';
import { BILL_ILLEGIBLE } from './decide';

export type { BillAnalysis, BillAnalysisStatus, BillFields, ConsumerClass, ConsumptionHistory, DistributorId, ReviewNote } from './types';
export { CONSUMER_CLASSES, DISTRIBUTORS } from './types';
export { BILL_APARTMENT, BILL_ILLEGIBLE, SERVED_CLASSES, decideBill, unservedClassJustification } from './decide';
export { readBillFields } from './readFields';
export type { BillReading } from './readFields';

/** What the file's first bytes say it is; the declared type and the name are not trusted. */
export type BillFileKind = 'pdf' | 'png' | 'jpeg' | 'unknown';

export function sniffBillFile(bytes: Uint8Array): BillFileKind {
  const starts = (sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  // '%PDF-' may follow a little junk; readers accept it within the first KiB.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-') ? 'pdf' : 'unknown';
}

export interface AnalyseOptions {
  /** Give up reading the PDF after this long and let a person look (default 20 s). */
  timeoutMs?: number;
}
const DEFAULT_TIMEOUT_MS = 20_000;

/** A PDF with fewer characters than this has no real text layer (a scan). */
const MIN_TEXT_CHARS = 40;

const NOTHING_READ: BillFields = {
  distributor: null, holder: null, consumer_class: null, installation: null, value: null, consumption: null,
  consumption_history_kwh_values: { values: [], average: null }, power_pattern: null,
};

function unread(status: 'WAITING' | 'DISAPPROVED', note?: ReviewNote): BillAnalysis {
  return {
    ...NOTHING_READ,
    consumption_history_kwh_values: { values: [], average: null },
    status,
    justification_disapproved: status === 'DISAPPROVED' ? BILL_ILLEGIBLE : null,
    confidence: 0,
    review_notes: note ? [note] : [],
  };
}

/**
 * The virtual assistant: reads a bill file and decides APPROVED, DISAPPROVED (with
 * justification_disapproved) or WAITING (a person reviews within 24 h).
 * Images and scanned PDFs wait for a person (no OCR here); files that are neither PDF nor image,
 * or PDFs that cannot be opened, are DISAPPROVED as illegible so the customer can send another.
 * `mime` is the declared type, kept for the caller's logs: the decision follows the content.
 */
export async function analyseBill(bytes: Uint8Array, _mime: string, options: AnalyseOptions = {}): Promise<BillAnalysis> {
  const kind = sniffBillFile(bytes);
  if (kind === 'png' || kind === 'jpeg') return unread('WAITING', 'image-file');
  if (kind === 'unknown') return unread('DISAPPROVED');
  let items;
  try {
    items = await extractPdfText(bytes, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof UnreadablePdfError) return unread('DISAPPROVED');
    if (error instanceof PdfReadTimeoutError) return unread('WAITING', 'reader-timeout');
    // A reader that cannot run must not turn customers' bills down: a person reads them.
    if (error instanceof PdfReaderFailedError) return unread('WAITING', 'reader-failure');
    throw error;
  }
  if (items.reduce((n, i) => n + i.text.length, 0) < MIN_TEXT_CHARS) return unread('WAITING', 'no-text-layer');
  const lines = toLines(items);
  if (textLooksGarbled(lines.map((l) => l.text).join('\n'))) return unread('WAITING', 'unreadable-text');
  return decideBill(readBillFields(lines));
}
