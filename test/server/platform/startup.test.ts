import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bills, jobs, storingFiles } from '../../../src/server/platform/db/schema';
import { keysStored, removeInterruptedFiles, reserveStorageKey } from '../../../src/server/platform/storing';
import { cleanUpAfterCrash } from '../../../src/server/platform/maintenance';
import { BILL_ANALYSIS_JOB } from '../../../src/server/bill/service';
import { createWorker, enqueue, leaseHolderGone, THIS_WORKER, workerIdOf } from '../../../src/server/platform/queue/queue';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture } from '../../support/uploads';

/**
 * What a crash leaves is cleaned when the server starts, not an hour (staging files) or five
 * minutes (a job's lease) later; never what another live process is doing.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

/** The id of a process that ran on this machine and has ended. */
const deadPid = (): number => {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid ?? 999_999_999;
};
const host = hostname();

/** A bill sent straight to the app: the test server's fetch would run the queue right after it. */
const sendBillToApp = (token: string) => {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(fixture('cemig-clean-residential.pdf'))]), 'conta.pdf');
  return s.app.request('/api/v1/portal/customers/bills?is_holder=true', { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
};

describe('staging files at start-up', () => {
  test('a crashed upload\'s staging file goes at once (no hour to wait); a live process\'s stays', async () => {
    const dir = s.deps.storage.stagingDir;
    mkdirSync(dir, { recursive: true });
    const crashed = join(dir, `${deadPid()}-0a1b2c3d.part`);
    const earlierRunOfThisPid = join(dir, `${process.pid}-0a1b2c3e.part`);
    const fromBeforePids = join(dir, 'f00dfeedf00dfeedf00dfeedf00dfeed.part');
    const anotherLiveProcess = join(dir, `${process.ppid}-0a1b2c3f.part`);
    for (const f of [crashed, earlierRunOfThisPid, fromBeforePids, anotherLiveProcess]) writeFileSync(f, '%PDF-1.4 half a bill');
    const cleaned = await cleanUpAfterCrash(s.deps, { everyLease: false });
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(earlierRunOfThisPid)).toBe(false);
    expect(existsSync(fromBeforePids)).toBe(false);
    expect(existsSync(anotherLiveProcess)).toBe(true);
    expect(cleaned.stagingFiles).toBe(3);
  });
});

describe('files stored whose row never committed', () => {
  /** A file in storage under a key reserved by `writer`, as a crash between the file and its row's commit leaves it. */
  const storedBy = async (pid: number, nonce: string): Promise<{ key: string; path: string }> => {
    const key = await reserveStorageKey(s.db, s.clock, { host, pid, nonce });
    const staging = join(s.deps.storage.stagingDir, `${process.pid}-${nonce}.part`);
    mkdirSync(s.deps.storage.stagingDir, { recursive: true });
    writeFileSync(staging, '%PDF-1.4 a signed contract');
    await s.deps.storage.save(staging, key, 'application/pdf');
    return { key, path: join(s.uploadsDir, key) };
  };
  const recorded = async () => (await s.db.select({ key: storingFiles.storageKey }).from(storingFiles)).map((r) => r.key);

  test("a crashed writer's file goes at start-up, a live process's stays (the embedded database takes all)", async () => {
    const crashed = await storedBy(deadPid(), 'c0ffee01');
    const live = await storedBy(process.ppid, 'c0ffee02');
    expect(existsSync(crashed.path) && existsSync(live.path)).toBe(true);
    const cleaned = await cleanUpAfterCrash(s.deps, { everyLease: false });
    expect(cleaned.files).toBe(1);
    expect(existsSync(crashed.path)).toBe(false);
    expect(existsSync(live.path)).toBe(true);
    expect(await recorded()).toEqual([live.key]);
    await cleanUpAfterCrash(s.deps, { everyLease: true });
    expect(existsSync(live.path)).toBe(false);
    expect(await recorded()).toEqual([]);
  });

  test('storage out of reach: start-up goes on and the record stays for the next purge', async () => {
    const crashed = await storedBy(deadPid(), 'c0ffee03');
    const unreachable = { ...s.deps, storage: { ...s.deps.storage, remove: async () => { throw new Error('S3 unreachable'); } } };
    expect((await cleanUpAfterCrash(unreachable, { everyLease: false })).files).toBe(0);
    expect(await recorded()).toEqual([crashed.key]);
    expect((await cleanUpAfterCrash(s.deps, { everyLease: false })).files).toBe(1);
    expect(existsSync(crashed.path)).toBe(false);
  });

  test('a writer whose record the purge took cannot commit its row (its file may be gone)', async () => {
    const key = await reserveStorageKey(s.db, s.clock);
    await removeInterruptedFiles(s.deps, { olderThan: new Date(s.clock.now().getTime() + 1) });
    await expect(s.db.transaction(async (tx) => { await keysStored(tx, [key]); })).rejects.toThrow(/removed by the purge/);
  });

  test('a file whose row committed is no longer recorded: start-up leaves it', async () => {
    const c = await signUpNewCustomer(s);
    const sent = await sendBillToApp(c.token);
    expect(sent.status).toBe(201);
    expect(await recorded()).toEqual([]);
    expect((await cleanUpAfterCrash(s.deps, { everyLease: true })).files).toBe(0);
    expect((await call(s, 'GET', `/portal/customers/bills`, undefined, { token: c.token })).status).toBe(200);
    // a refused sending (a bill already in analysis) leaves neither a file nor a record
    const files = readdirSync(s.uploadsDir, { recursive: true }).length;
    const again = await sendBillToApp(c.token);
    expect(again.status).toBe(409);
    expect(await recorded()).toEqual([]);
    expect(readdirSync(s.uploadsDir, { recursive: true }).length).toBe(files);
  });
});

describe('jobs a crashed worker held', () => {
  test('a bill analysis left running by a crashed process is run right after start-up, not after the lease runs out', async () => {
    const c = await signUpNewCustomer(s);
    const sent = await sendBillToApp(c.token);
    expect(sent.status).toBe(201);
    const billId = Number(((await sent.json()) as { id: number }).id);
    // the crash: a worker of this machine took the analysis and died before finishing it
    const crashedWorker = workerIdOf({ host, pid: deadPid(), nonce: 'dead01' });
    await s.db.update(jobs).set({ status: 'running', lockedAt: s.clock.now(), lockedBy: crashedWorker, attempts: 1 })
      .where(eq(jobs.kind, BILL_ANALYSIS_JOB));
    expect(await s.drainQueue()).toBe(0); // the lease still holds it
    const cleaned = await cleanUpAfterCrash(s.deps, { everyLease: false });
    expect(cleaned.jobs).toBeGreaterThanOrEqual(1);
    await s.drainQueue();
    const [bill] = await s.db.select().from(bills).where(eq(bills.id, billId));
    expect(bill?.status).toBe('APPROVED');
    expect((await call(s, 'GET', '/portal/customers/bills', undefined, { token: c.token })).body.billValues).toMatchObject({ status: 'APPROVED' });
  });

  test('on a shared PostgreSQL only leases whose holder is gone are taken back; the embedded database takes back all', async () => {
    const now = s.clock.now();
    const holders = {
      dead: workerIdOf({ host, pid: deadPid(), nonce: 'aa' }),
      earlierRun: workerIdOf({ host, pid: THIS_WORKER.pid, nonce: 'bb' }),
      live: workerIdOf({ host, pid: process.ppid, nonce: 'cc' }),
      otherMachine: workerIdOf({ host: `${host}-other`, pid: 1, nonce: 'dd' }),
      self: workerIdOf(THIS_WORKER),
    };
    const ids: Record<string, number> = {};
    for (const [name, lockedBy] of Object.entries(holders)) {
      const [row] = await s.db.insert(jobs).values({ kind: 'test.noop', payload: {}, status: 'running', attempts: 1, runAt: now, lockedAt: now, lockedBy, createdAt: now })
        .returning({ id: jobs.id });
      ids[name] = row!.id;
    }
    const statusOf = async () => Object.fromEntries((await s.db.select({ id: jobs.id, status: jobs.status }).from(jobs)
      .where(inArray(jobs.id, Object.values(ids)))).map((r) => [Object.keys(ids).find((k) => ids[k] === r.id), r.status]));
    await cleanUpAfterCrash(s.deps, { everyLease: false });
    expect(await statusOf()).toEqual({ dead: 'queued', earlierRun: 'queued', live: 'running', otherMachine: 'running', self: 'running' });
    await cleanUpAfterCrash(s.deps, { everyLease: true });
    expect(await statusOf()).toEqual({ dead: 'queued', earlierRun: 'queued', live: 'queued', otherMachine: 'queued', self: 'queued' });
    await s.db.delete(jobs).where(inArray(jobs.id, Object.values(ids)));
  });

  test('a worker\'s lease names it while the job runs, and is cleared when the job ends', async () => {
    const seen: (string | null)[] = [];
    await enqueue(s.db, s.clock, 'test.lease', {});
    const worker = createWorker(s.db, s.clock, {
      'test.lease': async () => {
        const [row] = await s.db.select({ lockedBy: jobs.lockedBy }).from(jobs).where(eq(jobs.kind, 'test.lease'));
        seen.push(row?.lockedBy ?? null);
      },
    }, { worker: { host, pid: 4242, nonce: 'abc123' } });
    await worker.drain();
    expect(seen).toEqual([`${host}:4242:abc123`]);
    const [row] = await s.db.select({ lockedBy: jobs.lockedBy, status: jobs.status }).from(jobs).where(eq(jobs.kind, 'test.lease'));
    expect(row).toEqual({ lockedBy: null, status: 'done' });
  });

  test('leaseHolderGone: never presumes a holder dead it cannot see', () => {
    const self = { host: 'a', pid: 10, nonce: 'ff' };
    const alive = (pid: number) => pid === 20;
    expect(leaseHolderGone('a:10:ff', self, alive)).toBe(false); // this run
    expect(leaseHolderGone('a:10:ee', self, alive)).toBe(true); // an earlier run with the same pid
    expect(leaseHolderGone('a:20:ee', self, alive)).toBe(false); // alive
    expect(leaseHolderGone('a:30:ee', self, alive)).toBe(true); // gone
    expect(leaseHolderGone('b:30:ee', self, alive)).toBe(false); // another machine
    expect(leaseHolderGone('garbage', self, alive)).toBe(false);
  });
});
