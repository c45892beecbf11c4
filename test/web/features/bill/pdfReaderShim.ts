import { Worker } from 'node:worker_threads';
import { resolve } from 'node:path';
import type { TextItem } from '../../../../src/server/engines/bill-reader/extractText';

/**
 * In a DOM test environment Vite rewrites the server's worker URL
 * against the page's location, so the reader's thread cannot start and every PDF would go to a person.
 * This starts the same worker file by its path on disk, with the same message protocol.
 */
let worker: Worker | null = null;
let nextId = 1;

export function extractPdfTextFromDisk(bytes: Uint8Array, timeoutMs: number): Promise<TextItem[]> {
  worker ??= new Worker(resolve('src/server/engines/pdf/pdfWorker.mjs'));
  worker.unref();
  const w = worker;
  const id = nextId++;
  return new Promise((done, fail) => {
    const timer = setTimeout(() => { w.off('message', onMessage); fail(new Error(`PDF not read within ${timeoutMs} ms`)); }, timeoutMs);
    const onMessage = (answer: { id: number; items?: TextItem[]; error?: string }) => {
      if (answer.id !== id) return;
      clearTimeout(timer);
      w.off('message', onMessage);
      if (answer.error !== undefined) fail(new Error(answer.error)); else done(answer.items ?? []);
    };
    w.on('message', onMessage);
    const copy = new Uint8Array(bytes);
    w.postMessage({ id, bytes: copy }, [copy.buffer]);
  });
}
