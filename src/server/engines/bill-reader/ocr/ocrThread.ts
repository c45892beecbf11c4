import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TextItem } from '../extractText';

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

type Answer = { id: number; items: OcrItem[]; pages: number } | { id: number; error: string };

/** The worker file on disk, next to this module (see pdfThread.ts for why not `new URL`). */
function workerPath(): string {
  const here = import.meta.url;
  return here.startsWith('file:') ? join(dirname(fileURLToPath(here)), 'ocrWorker.mjs') : resolve('src/server/engines/bill-reader/ocr/ocrWorker.mjs');
}

/**
 * Tesseract in one worker thread, one file at a time. The thread keeps its OCR engine between
 * files (starting one costs about half a second); a file not read in time stops the thread, and
 * the next file starts a fresh one.
 */
export class OcrThread {
  #worker: Worker | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;

  /** `timeoutMs` counts from the moment this file's turn comes, not from the call. */
  run(input: OcrInput, timeoutMs: number, maxPages: number): Promise<OcrOutcome> {
    const turn = this.#queue.then(() => this.#runNow(input, timeoutMs, maxPages));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  #runNow(input: OcrInput, timeoutMs: number, maxPages: number): Promise<OcrOutcome> {
    const started = performance.now();
    let worker: Worker;
    try {
      worker = (this.#worker ??= this.#start());
    } catch (error) {
      return Promise.resolve({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
    const id = this.#nextId++;
    return new Promise<OcrOutcome>((resolve) => {
      const done = (outcome: OcrOutcome) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(outcome);
      };
      const onMessage = (answer: Answer) => {
        if (answer.id !== id) return;
        if ('error' in answer) done({ kind: 'failed', error: answer.error });
        else done({ kind: 'done', items: answer.items, pages: answer.pages, ms: Math.round(performance.now() - started) });
      };
      const onError = (error: Error) => { this.#stop(worker); done({ kind: 'failed', error: error.message }); };
      const onExit = () => done({ kind: 'failed', error: 'OCR thread exited' });
      const timer = setTimeout(() => { this.#stop(worker); done({ kind: 'timeout' }); }, timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // a copy with its own buffer: the transfer detaches it, and the caller keeps its bytes
      const copy = new Uint8Array(input.bytes);
      worker.postMessage({ id, kind: input.kind, bytes: copy, maxPages, budgetMs: timeoutMs }, [copy.buffer]);
    });
  }

  #start(): Worker {
    const worker = new Worker(workerPath(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref(); // an idle thread must not keep the process (a CLI, a test run) alive
    worker.on('exit', () => { if (this.#worker === worker) this.#worker = null; });
    return worker;
  }

  #stop(worker: Worker) {
    if (this.#worker === worker) this.#worker = null;
    void worker.terminate(); // tesseract's own thread, started by this one, ends with it
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
