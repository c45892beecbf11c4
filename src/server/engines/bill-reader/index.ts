import { extractPdfText, PdfReaderFailedError, PdfReadTimeoutError, UnreadablePdfError } from './extractText';
import { Layout } from './layout';
import { ocrBill } from './ocr/ocrThread';
import { readBill, textLooksGarbled } from './readFields';
import type { BillAnalysis, ReviewNote } from './types';
import { BILL_ILLEGIBLE, decideBill, NOTHING_READ } from './decide';

export type { BillAnalysis, BillAnalysisStatus, BillFields, ConsumerClass, ConsumptionHistory, DistributorId, ReviewNote } from './types';
export { CONSUMER_CLASSES } from './types';
export { DISTRIBUTOR_FAMILIES, DISTRIBUTOR_IDS } from './distributors';
export { BILL_APARTMENT, BILL_ILLEGIBLE, SERVED_CLASSES, decideBill, unservedClassJustification } from './decide';
export { readBill, readBillFields } from './readFields';
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
  /** Give up reading the PDF's text after this long and let a person look (default 20 s). */
  timeoutMs?: number;
  /** Give up reading a picture (photo, scan) by OCR after this long (default 45 s). */
  ocrTimeoutMs?: number;
}
const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_OCR_TIMEOUT_MS = 45_000;
/** Pages read by OCR: a phone scan's third page may be the one with the distributor's name and the kWh. */
const OCR_PAGES = 3;
/** Fewer words than this from OCR: nothing on the picture could be read. */
const MIN_OCR_WORDS = 12;

/** A PDF with fewer characters than this has no real text layer (a scan). */
const MIN_TEXT_CHARS = 40;

/** A bill nothing could be read from: DISAPPROVED as illegible (the customer may send another), or WAITING for a person. */
export function unreadBill(status: 'WAITING' | 'DISAPPROVED', note?: ReviewNote): BillAnalysis {
  return {
    ...NOTHING_READ,
    status,
    justification_disapproved: status === 'DISAPPROVED' ? BILL_ILLEGIBLE : null,
    confidence: 0,
    review_notes: note ? [note] : [],
    source: 'none',
    evidence: {},
  };
}

/**
 * Photos and scans: OCR in its own thread, then the same field reader and decision as a text PDF
 * (which never approves what OCR read: a person confirms it). A picture on which OCR reads
 * nothing cannot be read at all: DISAPPROVED as illegible, and the customer may send a better one.
 * OCR that cannot run or takes too long leaves the bill to a person.
 */
async function analysePicture(kind: 'pdf' | 'png' | 'jpeg', bytes: Uint8Array, options: AnalyseOptions): Promise<BillAnalysis> {
  const outcome = await ocrBill({ kind, bytes }, { timeoutMs: options.ocrTimeoutMs ?? DEFAULT_OCR_TIMEOUT_MS, maxPages: OCR_PAGES });
  if (outcome.kind === 'timeout') return unreadBill('WAITING', 'reader-timeout');
  if (outcome.kind === 'failed') {
    // an image that is not one (or too large to decode) is the wrong file; a dead thread is ours to fix
    return /not a PNG|without a frame|without pixels|too large|truncated|unsupported|decode/i.test(outcome.error) ? unreadBill('DISAPPROVED') : unreadBill('WAITING', 'reader-failure');
  }
  if (outcome.items.length < MIN_OCR_WORDS) return kind === 'pdf' ? unreadBill('WAITING', 'no-text-layer') : unreadBill('DISAPPROVED');
  return decideBill(readBill(Layout.of(outcome.items, true)));
}

/**
 * The virtual assistant: reads a bill file and decides APPROVED, DISAPPROVED (with
 * justification_disapproved) or WAITING (a person reviews within 24 h).
 * Text PDFs are read from their text layer; photos and scanned PDFs by OCR. Files that are
 * neither PDF nor image, or PDFs that cannot be opened, are DISAPPROVED as illegible so the
 * customer can send another. `mime` is the declared type, kept for the caller's logs: the
 * decision follows the content.
 */
export async function analyseBill(bytes: Uint8Array, _mime: string, options: AnalyseOptions = {}): Promise<BillAnalysis> {
  const kind = sniffBillFile(bytes);
  if (kind === 'png' || kind === 'jpeg') return analysePicture(kind, bytes, options);
  if (kind === 'unknown') return unreadBill('DISAPPROVED');
  let items;
  try {
    items = await extractPdfText(bytes, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof UnreadablePdfError) return unreadBill('DISAPPROVED');
    if (error instanceof PdfReadTimeoutError) return unreadBill('WAITING', 'reader-timeout');
    // A reader that cannot run must not turn customers' bills down: a person reads them.
    if (error instanceof PdfReaderFailedError) return unreadBill('WAITING', 'reader-failure');
    throw error;
  }
  if (items.reduce((n, i) => n + i.text.length, 0) < MIN_TEXT_CHARS) return analysePicture('pdf', bytes, options);
  const layout = Layout.of(items);
  if (textLooksGarbled(layout.lines.map((l) => l.text).join('\n'))) return unreadBill('WAITING', 'unreadable-text');
  return decideBill(readBill(layout));
}
