import { WorkerThread, workerFile } from '../workerThread';

/** Memory a pdf.js thread may use: a bill takes a few MB; a PDF bomb must not take the server. */
const WORKER_HEAP_MB = 256;

export type PdfJob = 'open' | 'text' | 'document' | 'metadata';

/** How a job ended: its items, pdf.js refused the bytes, not in time, or the thread died (out of memory, or could not start). */
export type PdfJobOutcome =
  | { kind: 'done'; items: unknown[] }
  | { kind: 'refused'; error: string }
  | { kind: 'timeout' }
  | { kind: 'failed'; error: string };

/**
 * pdf.js in one worker thread (pdfWorker.mjs), one file at a time: its parsing is synchronous
 * work a timer here could not interrupt, and a thread can be terminated.
 */
export class PdfThread {
  readonly #thread = new WorkerThread<{ job: PdfJob }, { items: unknown[] }>(
    () => workerFile(import.meta.url, 'pdfWorker.mjs', 'src/server/engines/pdf'), WORKER_HEAP_MB,
  );

  async run(job: PdfJob, bytes: Uint8Array, timeoutMs: number): Promise<PdfJobOutcome> {
    const outcome = await this.#thread.run({ job }, bytes, timeoutMs);
    return outcome.kind === 'answer' ? { kind: 'done', items: outcome.answer.items } : outcome;
  }
}
