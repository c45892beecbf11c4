import { fork } from 'node:child_process';
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

/** What a job runs in: a worker thread, or a child process (with an IPC channel) for native code a crash of which must not end the server. */
export type Isolation = 'thread' | 'process';

/** A listener of any one argument (declared as a method, so a listener of a narrower argument fits). */
type Listener = { listen(value: unknown): void }['listen'];

/** The part of a Worker the runner uses, met by a thread or by a child process. */
interface Runner {
  on(event: 'message' | 'error' | 'exit', listener: Listener): void;
  off(event: 'message' | 'error' | 'exit', listener: Listener): void;
  post(message: object, transfer: ArrayBuffer[]): void;
  stop(): void;
}

function threadRunner(file: string, heapMb: number): Runner {
  const worker = new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  worker.unref();
  return {
    on: (event, listener) => { worker.on(event, listener); },
    off: (event, listener) => { worker.off(event, listener); },
    post: (message, transfer) => { worker.postMessage(message, transfer); },
    stop: () => { void worker.terminate(); }, // a thread the worker started itself (tesseract's) ends with it
  };
}

/**
 * A child process running the same worker file (it answers on its IPC channel when it has no
 * parentPort). A native crash (a malformed image in the decoder) ends the child, not the server:
 * the job fails and the next one starts a new child.
 */
function processRunner(file: string, heapMb: number): Runner {
  const child = fork(file, [], {
    execArgv: [`--max-old-space-size=${heapMb}`], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.unref();
  child.channel?.unref();
  return {
    on: (event, listener) => { child.on(event, listener); },
    off: (event, listener) => { child.off(event, listener); },
    post: (message) => { child.send(message); },
    stop: () => { child.kill('SIGKILL'); },
  };
}

/**
 * Work that a timer could not interrupt (pdf.js parsing, OCR) in one worker thread or child
 * process, one job at a time: either can be stopped. A job not done in time stops it; the next job
 * starts a fresh one. The worker answers `{ id, ...answer }`, or `{ id, error }` for an input it
 * refuses. It never keeps the process (a CLI, a test run) alive.
 */
export class WorkerThread<Job extends object, Answer extends object> {
  #worker: Runner | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;

  constructor(private readonly file: () => string, private readonly heapMb: number, private readonly isolation: Isolation = 'thread') {}

  /** Runs one job after the ones before it; `timeoutMs` counts from the moment its turn comes. The job's bytes are copied, never detached from the caller. */
  run(job: Job, bytes: Uint8Array, timeoutMs: number): Promise<ThreadOutcome<Answer>> {
    const turn = this.#queue.then(() => this.#runNow(job, bytes, timeoutMs));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  #runNow(job: Job, bytes: Uint8Array, timeoutMs: number): Promise<ThreadOutcome<Answer>> {
    const started = performance.now();
    let worker: Runner;
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
      const onExit = () => { this.#forget(worker); done({ kind: 'failed', error: `worker ${this.isolation} exited` }); };
      const timer = setTimeout(() => { this.#stop(worker); done({ kind: 'timeout' }); }, timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // a copy with its own buffer (a Node Buffer's slice() would share the pool): the transfer
      // detaches it, and the caller keeps its bytes
      const copy = new Uint8Array(bytes);
      worker.post({ ...job, id, bytes: copy }, [copy.buffer]);
    });
  }

  #start(): Runner {
    const worker = (this.isolation === 'process' ? processRunner : threadRunner)(this.file(), this.heapMb);
    worker.on('exit', () => this.#forget(worker));
    return worker;
  }

  #forget(worker: Runner) {
    if (this.#worker === worker) this.#worker = null;
  }

  #stop(worker: Runner) {
    this.#forget(worker);
    worker.stop();
  }
}
