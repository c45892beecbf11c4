import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { systemClock } from '../../../src/server/config';
import { jobs } from '../../../src/server/platform/db/schema';
import { laneOf } from '../../../src/server/platform/queue/lanes';
import { createWorker, enqueue, type JobHandler, type Worker } from '../../../src/server/platform/queue/queue';
import { createTestServer, type TestServer } from '../../support/server';

/**
 * The queue's promises (issue 28): codes never wait behind bill analyses, each lane holds only its
 * slots, a job that runs too long fails its attempt, a long job keeps its lease while it runs, and
 * stop() returns within its bound with the jobs it could not finish back in the queue. Real time
 * (the system clock), short bounds: the worker's own timers are what is under test.
 */
let s: TestServer;
const started: Worker[] = [];
beforeAll(async () => { s = await createTestServer({ autoDrain: false }); });
afterEach(async () => {
  for (const w of started.splice(0)) await w.stop();
  await s.db.delete(jobs).where(like(jobs.kind, '%.test%'));
});
afterAll(async () => { await s.close(); });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clock = systemClock;
function run(handlers: Record<string, JobHandler>, options: Parameters<typeof createWorker>[3] = {}, pollMs = 20): Worker {
  const w = createWorker(s.db, clock, handlers, options);
  started.push(w);
  w.start(pollMs);
  return w;
}
async function until(what: () => boolean | Promise<boolean>, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await what()) return true;
    await sleep(10);
  }
  return false;
}
const rowsOf = (kind: string) => s.db.select().from(jobs).where(eq(jobs.kind, kind));

/** A handler that holds its job until released (or its signal aborts); counts its runs. */
function held() {
  let release!: () => void;
  const gate = new Promise<void>((r) => { release = r; });
  const state = { runs: 0, atOnce: 0, most: 0, aborted: 0 };
  const handler: JobHandler = async (_payload, job) => {
    state.runs += 1;
    state.atOnce += 1;
    state.most = Math.max(state.most, state.atOnce);
    job.signal.addEventListener('abort', () => { state.aborted += 1; });
    try {
      await gate;
    } finally {
      state.atOnce -= 1;
    }
  };
  return { handler, state, release };
}

describe('lanes', () => {
  test('a job kind names its lane: codes, bills, the rest', () => {
    expect(['code.send', 'code.email', 'bill.analyse', 'upload.remove', 'email.notification'].map(laneOf))
      .toEqual(['codes', 'codes', 'bills', 'work', 'work']);
  });

  test('a code is sent while every bill slot and the work lane are held by jobs that do not end', async () => {
    const bills = held();
    const work = held();
    for (let i = 0; i < 5; i++) await enqueue(s.db, clock, 'bill.test', { i });
    for (let i = 0; i < 5; i++) await enqueue(s.db, clock, 'other.test', { i });
    const sent: number[] = [];
    run({ 'bill.test': bills.handler, 'other.test': work.handler, 'code.test': async (p) => { sent.push(Number(p.n)); } },
      { lanes: { bills: { concurrency: 2 }, work: { concurrency: 1 } } });
    expect(await until(() => bills.state.atOnce === 2 && work.state.atOnce === 1)).toBe(true);
    for (let n = 0; n < 10; n++) await enqueue(s.db, clock, 'code.test', { n });
    expect(await until(() => sent.length === 10, 3_000), `codes sent while the other lanes were full: ${sent.length}`).toBe(true);
    // each lane held no more than its slots: the other bill jobs wait their turn
    expect([bills.state.most, work.state.most]).toEqual([2, 1]);
    expect((await rowsOf('bill.test')).filter((r) => r.status === 'queued')).toHaveLength(3);
    bills.release();
    work.release();
    expect(await until(async () => (await rowsOf('bill.test')).every((r) => r.status === 'done'))).toBe(true);
    expect(bills.state.runs).toBe(5);
  });

  test('a lane runs its jobs side by side up to its concurrency', async () => {
    const codes = held();
    for (let i = 0; i < 6; i++) await enqueue(s.db, clock, 'code.test', { i });
    run({ 'code.test': codes.handler }, { lanes: { codes: { concurrency: 4 } } });
    expect(await until(() => codes.state.atOnce === 4)).toBe(true);
    await sleep(100);
    expect(codes.state.most).toBe(4);
    codes.release();
    expect(await until(async () => (await rowsOf('code.test')).every((r) => r.status === 'done'))).toBe(true);
    expect(codes.state.runs).toBe(6);
  });
});

describe('time-outs and leases', () => {
  test('a job that outlives its lane\'s time-out fails that attempt (its signal aborted) and is retried later', async () => {
    const stuck = held();
    await enqueue(s.db, clock, 'other.test', {});
    const log: string[] = [];
    run({ 'other.test': stuck.handler }, { lanes: { work: { jobTimeoutMs: 150 } }, log: (m) => log.push(m) });
    expect(await until(async () => (await rowsOf('other.test'))[0]?.lastError !== null)).toBe(true);
    const [row] = await rowsOf('other.test');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'timed out after 150 ms', lockedBy: null });
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now()); // backoff
    expect(stuck.state.aborted).toBe(1);
    expect(log.join('\n')).toMatch(/attempt 1 failed: timed out after 150 ms/);
    stuck.release();
  });

  test('a job running longer than the lease keeps it (heartbeat): another worker never takes it meanwhile', async () => {
    const long = held();
    await enqueue(s.db, clock, 'other.test', {});
    const options = { leaseMs: 200, lanes: { work: { jobTimeoutMs: 10_000 } } };
    run({ 'other.test': long.handler }, { ...options, worker: { host: 'a', pid: 1, nonce: 'aa' } });
    expect(await until(() => long.state.runs === 1)).toBe(true);
    run({ 'other.test': long.handler }, { ...options, worker: { host: 'b', pid: 2, nonce: 'bb' } });
    await sleep(900); // four leases long
    expect(long.state.runs).toBe(1);
    expect((await rowsOf('other.test'))[0]?.lockedBy).toBe('a:1:aa');
    long.release();
    expect(await until(async () => (await rowsOf('other.test'))[0]?.status === 'done')).toBe(true);
    expect(long.state.runs).toBe(1);
  });
});

describe('stop()', () => {
  test('lets a short job at hand finish and takes no new one', async () => {
    let finish!: () => void;
    const ran: number[] = [];
    await enqueue(s.db, clock, 'other.test', { n: 1 });
    const w = run({ 'other.test': async (p) => { ran.push(Number(p.n)); await new Promise<void>((r) => { finish = r; }); } }, { stopTimeoutMs: 5_000 });
    expect(await until(() => ran.length === 1)).toBe(true);
    await enqueue(s.db, clock, 'other.test', { n: 2 });
    const stopping = w.stop();
    setTimeout(() => finish(), 100);
    expect(await stopping).toEqual({ finished: 1, handedBack: 0 });
    await sleep(100);
    expect(ran).toEqual([1]);
    const rows = await rowsOf('other.test');
    expect(rows.map((r) => r.status).sort()).toEqual(['done', 'queued']);
  });

  test('returns within its bound, handing back a job that does not end: queued again at once, the attempt not counted', async () => {
    const stuck = held();
    await enqueue(s.db, clock, 'bill.test', {});
    const w = run({ 'bill.test': stuck.handler }, { stopTimeoutMs: 200 });
    expect(await until(() => stuck.state.runs === 1)).toBe(true);
    const t0 = Date.now();
    expect(await w.stop()).toEqual({ finished: 0, handedBack: 1 });
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(stuck.state.aborted).toBe(1);
    const [row] = await rowsOf('bill.test');
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lastError: null });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    // the next worker (this one's successor, or another instance) takes it at once
    const next = held();
    run({ 'bill.test': next.handler });
    expect(await until(() => next.state.runs === 1)).toBe(true);
    next.release();
    stuck.release();
    expect(await until(async () => (await rowsOf('bill.test'))[0]?.status === 'done')).toBe(true);
    expect((await s.db.select().from(jobs).where(inArray(jobs.kind, ['bill.test'])))[0]?.attempts).toBe(1);
  });
});
