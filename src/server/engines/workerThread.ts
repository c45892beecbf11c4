import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** How a job ended: the worker's answer, the worker refused the input, not in time, or the thread died (out of memory, or could not start). */
export type ThreadOutcome<Answer> =
  | { kind: 'answer'; answer: Answer; ms: number }
  | { kind: 'refused'; error: string }
  | { kind: 'timeout' }
  | { kind: 'failed'; error: string };

/**
 * A worker file on disk next to the module at `moduleUrl`, or under `fallbackDir` from the working
 * directory. Not `new URL('./…', import.meta.url)`: in a DOM test environment Vite rewrites that
 * form against the page's location.
 */
export function workerFile(moduleUrl: string, fileName: string, fallbackDir: string): string {
  return moduleUrl.startsWith('file:') ? join(dirname(fileURLToPath(moduleUrl)), fileName) : resolve(fallbackDir, fileName);
}

/**
 * Work that a timer could not interrupt (pdf.js parsing, OCR) in one worker thread, one job at a
 * time: a thread can be terminated. A job not done in time stops the thread; the next job starts a
 * fresh one. The worker answers `{ id, ...answer }`, or `{ id, error }` for an input it refuses.
 * The thread never keeps the process (a CLI, a test run) alive.
 */
export class WorkerThread<Job extends object, Answer extends object> {
  #worker: Worker | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;

  constructor(private readonly file: () => string, private readonly heapMb: number) {}

  /** Runs one job after the ones before it; `timeoutMs` counts from the moment its turn comes. The job's bytes are copied, never detached from the caller. */
  run(job: Job, bytes: Uint8Array, timeoutMs: number): Promise<ThreadOutcome<Answer>> {
    const turn = this.#queue.then(() => this.#runNow(job, bytes, timeoutMs));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  #runNow(job: Job, bytes: Uint8Array, timeoutMs: number): Promise<ThreadOutcome<Answer>> {
    const started = performance.now();
    let worker: Worker;
    try {
      worker = (this.#worker ??= this.#start());
    } catch (error) {
      return Promise.resolve({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
    const id = this.#nextId++;
    return new Promise<ThreadOutcome<Answer>>((resolveOutcome) => {
      const done = (outcome: ThreadOutcome<Answer>) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolveOutcome(outcome);
      };
      const onMessage = (message: { id: number; error?: string } & Answer) => {
        if (message.id !== id) return;
        if (typeof message.error === 'string') done({ kind: 'refused', error: message.error });
        else done({ kind: 'answer', answer: message, ms: Math.round(performance.now() - started) });
      };
      const onError = (error: Error) => { this.#stop(worker); done({ kind: 'failed', error: error.message }); };
      const onExit = () => done({ kind: 'failed', error: 'worker thread exited' });
      const timer = setTimeout(() => { this.#stop(worker); done({ kind: 'timeout' }); }, timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // a copy with its own buffer (a Node Buffer's slice() would share the pool): the transfer
      // detaches it, and the caller keeps its bytes
      const copy = new Uint8Array(bytes);
      worker.postMessage({ ...job, id, bytes: copy }, [copy.buffer]);
    });
  }

  #start(): Worker {
    const worker = new Worker(this.file(), { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    worker.unref();
    worker.on('exit', () => { if (this.#worker === worker) this.#worker = null; });
    return worker;
  }

  #stop(worker: Worker) {
    if (this.#worker === worker) this.#worker = null;
    void worker.terminate(); // a thread the worker started itself (tesseract's) ends with it
  }
}
