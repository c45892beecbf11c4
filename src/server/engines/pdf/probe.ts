import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Whether bytes are a PDF the reader opens: `pdf` (a document with a first page pdf.js loads),
 * `not-pdf` (pdf.js refused it), `timeout` (not opened in time) or `failed` (the reading thread
 * died: out of memory on a hostile file, or it could not start).
 */
export type PdfProbe = 'pdf' | 'not-pdf' | 'timeout' | 'failed';

/** Memory the probing thread may use: opening a bill takes a few MB; a PDF bomb must not take the server. */
const WORKER_HEAP_MB = 256;

type Answer = { id: number; ok: boolean; error?: string };

/**
 * The worker file on disk, next to this module. Not `new URL('./…', import.meta.url)`: in a DOM
 * test environment Vite rewrites that form against the page's location (every upload of a PDF
 * would be refused there); from the working directory when this module's URL is not a file.
 */
function workerPath(): string {
  const here = import.meta.url;
  return here.startsWith('file:') ? join(dirname(fileURLToPath(here)), 'pdfProbeWorker.mjs') : resolve('src/server/engines/pdf/pdfProbeWorker.mjs');
}

/**
 * pdf.js in one worker thread, one file at a time (its parsing is synchronous work a timer here
 * could not interrupt; a thread can be terminated). A stopped thread is replaced on the next call.
 */
class PdfProber {
  #worker: Worker | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;

  probe(bytes: Uint8Array, timeoutMs: number): Promise<PdfProbe> {
    const turn = this.#queue.then(() => this.#probeNow(bytes, timeoutMs));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  #probeNow(bytes: Uint8Array, timeoutMs: number): Promise<PdfProbe> {
    let worker: Worker;
    try {
      worker = (this.#worker ??= this.#start());
    } catch {
      return Promise.resolve('failed');
    }
    const id = this.#nextId++;
    return new Promise<PdfProbe>((resolve) => {
      const done = (result: PdfProbe) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(result);
      };
      const onMessage = (answer: Answer) => { if (answer.id === id) done(answer.ok ? 'pdf' : 'not-pdf'); };
      const onError = () => { this.#stop(worker); done('failed'); };
      const onExit = () => done('failed');
      const timer = setTimeout(() => { this.#stop(worker); done('timeout'); }, timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // a copy with its own buffer: the transfer detaches it, and the caller keeps its bytes
      const copy = new Uint8Array(bytes);
      worker.postMessage({ id, bytes: copy }, [copy.buffer]);
    });
  }

  #start(): Worker {
    const worker = new Worker(workerPath(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref(); // an idle prober must not keep the process (a CLI, a test run) alive
    worker.on('exit', () => { if (this.#worker === worker) this.#worker = null; });
    return worker;
  }

  #stop(worker: Worker) {
    if (this.#worker === worker) this.#worker = null;
    void worker.terminate();
  }
}

const prober = new PdfProber();

/** Opens `bytes` with pdf.js (in a worker thread, given `timeoutMs`) and says whether it is a PDF. */
export function probePdf(bytes: Uint8Array, timeoutMs: number): Promise<PdfProbe> {
  return prober.probe(bytes, timeoutMs);
}
