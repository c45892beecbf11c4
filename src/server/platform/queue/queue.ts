import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../config';
import type { Db, Tx } from '../db/index';
import { jobs } from '../db/schema';
import { DEFAULT_LANES, LANES, laneCondition, laneOf, type Lane, type LaneSetting } from './lanes';

/**
 * What a handler may know of its job besides the payload: when it was enqueued (the request's
 * time), and a signal that aborts when the job runs out of time or the worker hands it back at stop.
 */
export interface JobInfo { id: number; createdAt: Date; signal: AbortSignal }
export type JobHandler = (payload: Record<string, unknown>, job: JobInfo) => Promise<void>;

export const MAX_ATTEMPTS = 6;
/**
 * A job whose lease was not renewed this long (its worker died) is taken again: at-least-once. A
 * running job's worker renews it every quarter of that (the heartbeat), so a long job keeps it. A
 * restart takes back the jobs of its dead predecessor at once (releaseAbandonedLeases).
 */
export const LEASE_MS = 2 * 60_000;
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
 * now instead of after the 2-minute lease. `everyLease` (the embedded database, which one process
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

/** Takes up to `limit` due jobs (of one lane, or any); concurrent workers skip each other's rows. */
async function claim(db: Db, clock: Clock, limit: number, workerId: string, lane: Lane | null, leaseMs: number): Promise<ClaimedJob[]> {
  const now = clock.now();
  const staleBefore = new Date(now.getTime() - leaseMs);
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'running', locked_at = ${now}, locked_by = ${workerId}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_at < ${staleBefore}))
        AND ${lane === null ? sql`true` : laneCondition(lane)}
      ORDER BY run_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT ${limit}
    )
    RETURNING id, kind, payload, attempts, created_at`);
  return (result as unknown as { rows: ClaimedJob[] }).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Why a job's signal aborted. */
export class JobTimeout extends Error {
  constructor(readonly ms: number) { super(`timed out after ${ms} ms`); this.name = 'JobTimeout'; }
}
class HandedBack extends Error {
  constructor() { super('handed back: the worker is stopping'); this.name = 'HandedBack'; }
}

export interface WorkerOptions {
  log?: (msg: string) => void;
  /** the lease holder's name (this process unless a test says otherwise) */
  worker?: WorkerIdentity;
  lanes?: Partial<Record<Lane, Partial<LaneSetting>>>;
  leaseMs?: number;
  /** how long stop() lets the jobs at hand finish before handing them back to the queue */
  stopTimeoutMs?: number;
}

/**
 * Runs due jobs with their handlers, each lane in a loop of its own with its own slots (lanes.ts):
 * a failure is retried with backoff, up to MAX_ATTEMPTS; a job that outlives its lane's time-out
 * fails that attempt (its signal aborts); a running job's lease is renewed while it runs.
 */
export function createWorker(db: Db, clock: Clock, handlers: Record<string, JobHandler>, options: WorkerOptions = {}) {
  const log = options.log ?? (() => {});
  const workerId = workerIdOf(options.worker ?? THIS_WORKER);
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const lanes = Object.fromEntries(LANES.map((lane) => [lane, { ...DEFAULT_LANES[lane], ...options.lanes?.[lane] }])) as Record<Lane, LaneSetting>;
  const mine = (id: number) => and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId));
  /** the jobs at hand, each with the way to hand it back */
  const atHand = new Map<Promise<void>, AbortController>();

  async function runOne(job: ClaimedJob, controller: AbortController): Promise<void> {
    const handler = handlers[job.kind];
    const { jobTimeoutMs } = lanes[laneOf(job.kind)];
    const timer = setTimeout(() => controller.abort(new JobTimeout(jobTimeoutMs)), jobTimeoutMs);
    const heartbeat = setInterval(() => {
      db.update(jobs).set({ lockedAt: clock.now() }).where(mine(job.id)).catch(() => {});
    }, Math.max(10, leaseMs / 4));
    heartbeat.unref();
    // the handler cannot be killed: on a time-out or a hand-back the job's slot is freed and its
    // signal tells it to stop; what it still does is idempotent (a retry does it again)
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await Promise.race([handler(job.payload, { id: job.id, createdAt: new Date(job.created_at), signal: controller.signal }), aborted]);
      await db.update(jobs).set({ status: 'done', lockedAt: null, lockedBy: null }).where(mine(job.id));
    } catch (err) {
      if (err instanceof HandedBack) {
        // not a failed attempt: queued again at once, for this worker's successor or another instance
        await db.update(jobs).set({ status: 'queued', lockedAt: null, lockedBy: null, attempts: sql`${jobs.attempts} - 1`, runAt: clock.now() })
          .where(mine(job.id)).catch(() => {});
        log(`job ${job.id} (${job.kind}) handed back to the queue: the worker is stopping`);
        return;
      }
      const failed = job.attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      log(`job ${job.id} (${job.kind}) attempt ${job.attempts} failed: ${message}`);
      await db.update(jobs).set({
        status: failed ? 'failed' : 'queued',
        lockedAt: null,
        lockedBy: null,
        lastError: message,
        runAt: new Date(clock.now().getTime() + backoffMs(job.attempts)),
      }).where(mine(job.id)).catch((e: unknown) => log(`job ${job.id} (${job.kind}): its failure could not be recorded: ${String(e)}`));
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
    }
  }

  /** Runs a job, keeping it among those at hand until it ends. */
  function track(job: ClaimedJob): Promise<void> {
    const controller = new AbortController();
    const run = runOne(job, controller).catch((e: unknown) => log(`job ${job.id} (${job.kind}): ${String(e)}`));
    atHand.set(run, controller);
    return run.finally(() => atHand.delete(run));
  }

  /** Runs every job due now, lane after lane, one at a time (tests and scripts); returns how many ran. */
  async function drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const batch = await claim(db, clock, 10, workerId, null, leaseMs);
      if (batch.length === 0) return ran;
      for (const job of batch) await track(job);
      ran += batch.length;
    }
  }

  let stopped = true;
  const timers = new Map<Lane, NodeJS.Timeout>();

  /** One lane's loop: fills its free slots, again as soon as a job ends, else every `intervalMs`. */
  function startLane(lane: Lane, intervalMs: number): void {
    const { concurrency } = lanes[lane];
    let running = 0;
    let claiming = false;
    const schedule = (ms: number) => {
      if (stopped) return;
      if (ms > 0 && timers.has(lane)) return;
      clearTimeout(timers.get(lane));
      timers.set(lane, setTimeout(() => { timers.delete(lane); void tick(); }, ms));
    };
    const tick = async () => {
      if (stopped || claiming) return;
      claiming = true;
      let claimed = 0;
      try {
        const free = concurrency - running;
        if (free > 0) {
          const batch = await claim(db, clock, free, workerId, lane, leaseMs);
          claimed = batch.length;
          for (const job of batch) {
            running += 1;
            void track(job).finally(() => { running -= 1; schedule(0); });
          }
        }
      } catch (e) {
        log(`worker (${lane} lane): ${String(e)}`);
      } finally {
        claiming = false;
      }
      // a full batch may mean more are due: look again at once while slots are free
      schedule(claimed > 0 && running < concurrency ? 0 : intervalMs);
    };
    schedule(0);
  }

  return {
    drain,
    /** each lane polls every `intervalMs` (and at once when one of its jobs ends) until stop() */
    start(intervalMs = 500) {
      stopped = false;
      for (const lane of LANES) startLane(lane, intervalMs);
    },
    /**
     * Takes no new job, lets the jobs at hand finish for up to `stopTimeoutMs`, then hands back
     * those still running (queued again at once, the attempt not counted). Returns within the bound
     * (plus the hand-back's one update per job), with how many finished and how many were handed back.
     */
    async stop(): Promise<{ finished: number; handedBack: number }> {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      const pending = [...atHand.keys()];
      let bound: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        Promise.allSettled(pending).then(() => false),
        new Promise<boolean>((r) => { bound = setTimeout(() => r(true), stopTimeoutMs); }),
      ]).finally(() => clearTimeout(bound));
      if (!timedOut) return { finished: pending.length, handedBack: 0 };
      const left = [...atHand.entries()];
      for (const [, controller] of left) controller.abort(new HandedBack());
      await Promise.race([Promise.allSettled(left.map(([run]) => run)), new Promise((r) => setTimeout(r, 2_000).unref())]);
      return { finished: pending.length - left.length, handedBack: left.length };
    },
  };
}
export type Worker = ReturnType<typeof createWorker>;
