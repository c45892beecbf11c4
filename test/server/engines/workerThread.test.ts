import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { WorkerThread } from '../../../src/server/engines/workerThread';

/**
 * Work isolated in a child process (the OCR's native image decoder): a crash ends the child only;
 * the job fails, the server goes on, and the next job starts a fresh child.
 */
const file = () => resolve('test/fixtures/workers/crashingWorker.mjs');
type Job = { n: number; crash?: boolean };
type Answer = { doubled: number; size: number; pid: number };

describe('WorkerThread in a child process', () => {
  test('answers with the bytes it was sent; a crash fails that job only, and the next one runs in a new process', async () => {
    const runner = new WorkerThread<Job, Answer>(file, 64, 'process');
    const first = await runner.run({ n: 2 }, new Uint8Array([1, 2, 3]), 10_000);
    expect(first).toMatchObject({ kind: 'answer', answer: { doubled: 4, size: 3 } });
    expect(first.kind === 'answer' && first.answer.pid).not.toBe(process.pid);
    expect(await runner.run({ n: 3, crash: true }, new Uint8Array(0), 10_000)).toMatchObject({ kind: 'failed', error: 'worker process exited' });
    const after = await runner.run({ n: 5 }, new Uint8Array(8), 10_000);
    expect(after).toMatchObject({ kind: 'answer', answer: { doubled: 10, size: 8 } });
    expect(after.kind === 'answer' && first.kind === 'answer' && after.answer.pid !== first.answer.pid).toBe(true);
  });

  test('a job not done in time stops the child', async () => {
    const runner = new WorkerThread<Job, Answer>(file, 64, 'process');
    // a timeout of 0 ms fires before any child could answer
    expect(await runner.run({ n: 1 }, new Uint8Array(0), 0)).toEqual({ kind: 'timeout' });
    expect(await runner.run({ n: 1 }, new Uint8Array(0), 10_000)).toMatchObject({ kind: 'answer', answer: { doubled: 2 } });
  });
});
