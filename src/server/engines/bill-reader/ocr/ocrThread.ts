import type { TextItem } from '../extractText';
import { WorkerThread, workerFile } from '../../workerThread';

/**
 * Memory the OCR thread's JavaScript may use (pdf.js parsing, one page's pixels). Decoded images
 * and tesseract's wasm memory live outside this heap: the pixel limits in the worker bound those.
 */
const WORKER_HEAP_MB = 384;
const DEFAULT_TIMEOUT_MS = 25_000;
const DEFAULT_MAX_PAGES = 2;

export type OcrInput = { kind: 'pdf' | 'png' | 'jpeg'; bytes: Uint8Array };

/** A word read by OCR: a TextItem with tesseract's confidence (0–100). */
export type OcrItem = TextItem & { confidence: number };

/** How a reading ended: the words, not in time, or refused (not an image or PDF, too large) or the thread died. */
export type OcrOutcome =
  | { kind: 'done'; items: TextItem[]; pages: number; ms: number }
  | { kind: 'timeout' }
  | { kind: 'failed'; error: string };

/**
 * Tesseract in one child process (ocrWorker.mjs), one file at a time. The process keeps its OCR
 * engine between files (starting one costs about half a second); a file not read in time, or one
 * that crashes the decoder, stops it, and the next file starts a fresh one.
 */
export class OcrThread {
  readonly #thread = new WorkerThread<{ kind: OcrInput['kind']; maxPages: number; budgetMs: number }, { items: OcrItem[]; pages: number }>(
    // a child process, not a thread: the native image decoder's crash on a malformed file must not end the server
    () => workerFile(import.meta.url, 'ocrWorker.mjs', 'src/server/engines/bill-reader/ocr'), WORKER_HEAP_MB, 'process',
  );

  /** `timeoutMs` counts from the moment this file's turn comes, not from the call. */
  async run(input: OcrInput, timeoutMs: number, maxPages: number): Promise<OcrOutcome> {
    const outcome = await this.#thread.run({ kind: input.kind, maxPages, budgetMs: timeoutMs }, input.bytes, timeoutMs);
    if (outcome.kind === 'answer') return { kind: 'done', items: outcome.answer.items, pages: outcome.answer.pages, ms: outcome.ms };
    // an input the worker refuses (not an image, too large) is a failure to read, as a dead thread is
    return outcome.kind === 'refused' ? { kind: 'failed', error: outcome.error } : outcome;
  }
}

const reader = new OcrThread();

/**
 * Reads a scanned bill (a photo, a scan, an image-only PDF: its first `maxPages` pages) by OCR in
 * Portuguese, offline. One item per word, in the units of the PDF text path (extractText.ts):
 * points across a 595-wide page, origin bottom-left, `y` the word's baseline, `size` the height
 * of its box; each item also carries tesseract's `confidence` (0–100; words under 30 are dropped).
 * Never throws: a file that is not a PNG, JPEG or PDF, or an image over 50 megapixels, is `failed`.
 */
export async function ocrBill(input: OcrInput, options: { timeoutMs?: number; maxPages?: number } = {}): Promise<OcrOutcome> {
  return reader.run(input, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, Math.max(1, options.maxPages ?? DEFAULT_MAX_PAGES));
}
