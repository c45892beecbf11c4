import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Memory a pdf.js thread may use: a bill takes a few MB; a PDF bomb must not take the server. */
const WORKER_HEAP_MB = 256;

export type PdfJob = 'open' | 'text' | 'document';

/** How a job ended: its items, pdf.js refused the bytes, not in time, or the thread died (out of memory, or could not start). */
export type PdfJobOutcome =
  | { kind: 'done'; items: unknown[] }
  | { kind: 'refused'; error: string }
  | { kind: 'timeout' }
  | { kind: 'failed'; error: string };

type Answer = { id: number; items: unknown[] } | { id: number; error: string };

/**
 * The worker file on disk, next to this module. Not `new URL('./…', import.meta.url)`: in a DOM
 * test environment Vite rewrites that form against the page's location; from the working directory
 * when this module's URL is not a file.
 */
function workerPath(): string {
  const here = import.meta.url;
  return here.startsWith('file:') ? join(dirname(fileURLToPath(here)), 'pdfWorker.mjs') : resolve('src/server/engines/pdf/pdfWorker.mjs');
}

/**
 * pdf.js in one worker thread, one file at a time: its parsing is synchronous work a timer here
 * could not interrupt, and a thread can be terminated. A stopped thread is replaced on the next job.
 */
export class PdfThread {
  #worker: Worker | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;

  run(job: PdfJob, bytes: Uint8Array, timeoutMs: number): Promise<PdfJobOutcome> {
    const turn = this.#queue.then(() => this.#runNow(job, bytes, timeoutMs));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  #runNow(job: PdfJob, bytes: Uint8Array, timeoutMs: number): Promise<PdfJobOutcome> {
    let worker: Worker;
    try {
      worker = (this.#worker ??= this.#start());
    } catch (error) {
      return Promise.resolve({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
    const id = this.#nextId++;
    return new Promise<PdfJobOutcome>((resolve) => {
      const done = (outcome: PdfJobOutcome) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(outcome);
      };
      const onMessage = (answer: Answer) => {
        if (answer.id !== id) return;
        done('error' in answer ? { kind: 'refused', error: answer.error } : { kind: 'done', items: answer.items });
      };
      const onError = (error: Error) => { this.#stop(worker); done({ kind: 'failed', error: error.message }); };
      const onExit = () => done({ kind: 'failed', error: 'PDF thread exited' });
      const timer = setTimeout(() => { this.#stop(worker); done({ kind: 'timeout' }); }, timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // a copy with its own buffer (a Node Buffer's slice() would share the pool): the transfer
      // detaches it, and the caller keeps its bytes
      const copy = new Uint8Array(bytes);
      worker.postMessage({ id, bytes: copy, job }, [copy.buffer]);
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
    void worker.terminate();
  }
}
