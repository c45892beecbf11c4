import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../config';
import type { Db, Tx } from '../db/index';
import { jobs } from '../db/schema';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

export const MAX_ATTEMPTS = 6;
/** A job left `running` this long (its worker died) is taken again: at-least-once. */
const LEASE_MS = 5 * 60_000;
/** 2 s, 4 s, 8 s, ... between attempts. */
export const backoffMs = (attempts: number): number => 1000 * 2 ** attempts;

export async function enqueue(db: Db | Tx, clock: Clock, kind: string, payload: Record<string, unknown>): Promise<void> {
  const now = clock.now();
  await db.insert(jobs).values({ kind, payload, runAt: now, createdAt: now });
}

interface ClaimedJob { id: number; kind: string; payload: Record<string, unknown>; attempts: number }

/** Takes up to `limit` due jobs; concurrent workers skip each other's rows. */
async function claim(db: Db, clock: Clock, limit: number): Promise<ClaimedJob[]> {
  const now = clock.now();
  const staleBefore = new Date(now.getTime() - LEASE_MS);
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'running', locked_at = ${now}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE (status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_at < ${staleBefore})
      ORDER BY run_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT ${limit}
    )
    RETURNING id, kind, payload, attempts`);
  return (result as unknown as { rows: ClaimedJob[] }).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Runs due jobs with their handlers; a failure is retried with backoff, up to MAX_ATTEMPTS. */
export function createWorker(db: Db, clock: Clock, handlers: Record<string, JobHandler>, log: (msg: string) => void = () => {}) {
  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await db.update(jobs).set({ status: 'done', lockedAt: null }).where(eq(jobs.id, job.id));
    } catch (err) {
      const failed = job.attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      log(`job ${job.id} (${job.kind}) attempt ${job.attempts} failed: ${message}`);
      await db.update(jobs).set({
        status: failed ? 'failed' : 'queued',
        lockedAt: null,
        lastError: message,
        runAt: new Date(clock.now().getTime() + backoffMs(job.attempts)),
      }).where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
    }
  }

  /** Runs every job due now (including retries that became due); returns how many ran. */
  async function drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const batch = await claim(db, clock, 10);
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
