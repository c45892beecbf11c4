import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../config';
import type { Db, Tx } from '../db/index';
import { jobs } from '../db/schema';

/** What a handler may know of its job besides the payload: when it was enqueued (the request's time). */
export interface JobInfo { id: number; createdAt: Date }
export type JobHandler = (payload: Record<string, unknown>, job?: JobInfo) => Promise<void>;

export const MAX_ATTEMPTS = 6;
/**
 * A job left `running` this long (its worker died) is taken again: at-least-once. A restart takes
 * back the jobs of its dead predecessor at once (releaseAbandonedLeases).
 */
const LEASE_MS = 5 * 60_000;
/** 2 s, 4 s, 8 s, ... between attempts. */
export const backoffMs = (attempts: number): number => 1000 * 2 ** attempts;

export async function enqueue(db: Db | Tx, clock: Clock, kind: string, payload: Record<string, unknown>): Promise<void> {
  const now = clock.now();
  await db.insert(jobs).values({ kind, payload, runAt: now, createdAt: now });
}

interface ClaimedJob { id: number; kind: string; payload: Record<string, unknown>; attempts: number; created_at: Date | string }

/** Who holds a lease: `host:pid:nonce` (the nonce tells this run from an earlier process with the same pid). */
export interface WorkerIdentity { host: string; pid: number; nonce: string }
export const workerIdOf = (w: WorkerIdentity): string => `${w.host}:${w.pid}:${w.nonce}`;
export function parseWorkerId(id: string): WorkerIdentity | null {
  const match = /^(.*):(\d+):([0-9a-f]+)$/.exec(id);
  return match ? { host: match[1] ?? '', pid: Number(match[2]), nonce: match[3] ?? '' } : null;
}
/** This process as a lease holder. */
export const THIS_WORKER: WorkerIdentity = { host: hostname(), pid: process.pid, nonce: randomBytes(6).toString('hex') };

/** Whether a process with this id runs on this machine (a process we may not signal still runs). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a lease holder is certainly gone: an earlier run of this process's pid (a restarted
 * container), or a process of this machine that no longer runs. Holders on other machines (or
 * unknown) are never presumed dead: their jobs wait for the lease to run out.
 */
export function leaseHolderGone(holder: string, self: WorkerIdentity = THIS_WORKER, alive: (pid: number) => boolean = processAlive): boolean {
  const h = parseWorkerId(holder);
  if (!h || h.host !== self.host) return false;
  if (h.pid === self.pid) return h.nonce !== self.nonce;
  return !alive(h.pid);
}

/**
 * At start-up, before the worker runs: jobs left `running` by a crashed process are queued again
 * now instead of after the 5-minute lease. `everyLease` (the embedded database, which one process
 * holds at a time: see dataDirLock.ts) takes back every lease; on a shared PostgreSQL only those
 * whose holder is gone (leaseHolderGone) are, never a live process's. Returns how many.
 */
export async function releaseAbandonedLeases(
  db: Db, clock: Clock, opts: { everyLease: boolean; self?: WorkerIdentity; alive?: (pid: number) => boolean },
): Promise<number> {
  const running = await db.select({ id: jobs.id, lockedBy: jobs.lockedBy }).from(jobs).where(eq(jobs.status, 'running'));
  const gone = running.filter((j) => opts.everyLease || (j.lockedBy !== null && leaseHolderGone(j.lockedBy, opts.self, opts.alive)));
  for (const job of gone) {
    await db.update(jobs).set({ status: 'queued', lockedAt: null, lockedBy: null, runAt: clock.now() })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
  }
  return gone.length;
}

/** Takes up to `limit` due jobs; concurrent workers skip each other's rows. */
async function claim(db: Db, clock: Clock, limit: number, workerId: string): Promise<ClaimedJob[]> {
  const now = clock.now();
  const staleBefore = new Date(now.getTime() - LEASE_MS);
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'running', locked_at = ${now}, locked_by = ${workerId}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE (status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_at < ${staleBefore})
      ORDER BY run_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT ${limit}
    )
    RETURNING id, kind, payload, attempts, created_at`);
  return (result as unknown as { rows: ClaimedJob[] }).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Runs due jobs with their handlers; a failure is retried with backoff, up to MAX_ATTEMPTS. The
 * leases it takes name `worker` (this process unless a test says otherwise).
 */
export function createWorker(
  db: Db, clock: Clock, handlers: Record<string, JobHandler>, log: (msg: string) => void = () => {}, worker: WorkerIdentity = THIS_WORKER,
) {
  const workerId = workerIdOf(worker);
  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { id: job.id, createdAt: new Date(job.created_at) });
      await db.update(jobs).set({ status: 'done', lockedAt: null, lockedBy: null }).where(eq(jobs.id, job.id));
    } catch (err) {
      const failed = job.attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      log(`job ${job.id} (${job.kind}) attempt ${job.attempts} failed: ${message}`);
      await db.update(jobs).set({
        status: failed ? 'failed' : 'queued',
        lockedAt: null,
        lockedBy: null,
        lastError: message,
        runAt: new Date(clock.now().getTime() + backoffMs(job.attempts)),
      }).where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
    }
  }

  /** Runs every job due now (including retries that became due); returns how many ran. */
  async function drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const batch = await claim(db, clock, 10, workerId);
      if (batch.length === 0) return ran;
      for (const job of batch) await runOne(job);
      ran += batch.length;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    drain,
    /** polls every `intervalMs` until stop() */
    start(intervalMs = 500) {
      const tick = () => {
        running = drain().catch((e: unknown) => log(`worker: ${String(e)}`)).finally(() => {
          if (timer) timer = setTimeout(tick, intervalMs);
        });
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      const t = timer;
      timer = undefined;
      clearTimeout(t);
      await running;
    },
  };
}
export type Worker = ReturnType<typeof createWorker>;
