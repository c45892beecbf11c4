import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { AppDeps, Clock } from '../config';
import { PURGE_LOCK_KEY, type Database, type Db } from './db/index';
import { accessCodes, addressActions, authEvents, botCheckUses, customerActions, jobs, maintenanceRuns, outbox, phoneProofs, sessions, staffSignInHolds } from './db/schema';
import { processAlive, releaseAbandonedLeases, THIS_WORKER } from './queue/queue';
import { stagingFileOwner } from '../providers/storage/index';
import { removeInterruptedFiles } from './storing';

const DAY = 24 * 3600_000;

/**
 * Deletes what no rule needs any more: counted events past their window, dead codes and proofs,
 * spent bot-check payloads, sessions idle past their life, finished jobs and old outbox rows.
 */
export async function purgeExpired(deps: Pick<AppDeps, 'db' | 'clock' | 'limits'> & Partial<Pick<AppDeps, 'storage'>>): Promise<void> {
  const { db, limits } = deps;
  const now = deps.clock.now().getTime();
  const before = (ms: number) => new Date(now - ms);
  // the longest rule that reads them: the daily code budget (24 h), a phone's remembered wrong codes
  await db.delete(authEvents).where(lt(authEvents.at, before(Math.max(limits.windowMs, limits.failureMemoryMs, DAY) + 60_000)));
  // a staff address's wait for its wrong factors, once over and a day old
  await db.delete(staffSignInHolds).where(and(lt(staffSignInHolds.updatedAt, before(DAY)), or(isNull(staffSignInHolds.heldUntil), lt(staffSignInHolds.heldUntil, before(0)))));
  await db.delete(accessCodes).where(lt(accessCodes.expiresAt, before(DAY)));
  await db.delete(phoneProofs).where(lt(phoneProofs.expiresAt, before(DAY)));
  // the per-customer and per-address limits count over an hour (the profile changes' configured window)
  await db.delete(customerActions).where(lt(customerActions.at, before(Math.max(DAY, limits.profileUpdateWindowMs))));
  await db.delete(addressActions).where(lt(addressActions.at, before(DAY)));
  await db.delete(botCheckUses).where(lt(botCheckUses.expiresAt, before(0)));
  await db.delete(sessions).where(lt(sessions.lastUsedAt, before(limits.sessionIdleMs + DAY)));
  await db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.createdAt, before(7 * DAY))));
  await db.delete(outbox).where(lt(outbox.createdAt, before(7 * DAY)));
  if (deps.storage) {
    await purgeStaging(deps.storage.stagingDir, before(STAGING_MAX_AGE_MS));
    await removeInterruptedFiles({ db, storage: deps.storage }, { olderThan: before(STAGING_MAX_AGE_MS) });
  }
}

/** What `purgeOnce` did: ran it here, or left it to another instance (purging now, or within the period). */
export type PurgeOutcome = { ran: true } | { ran: false; reason: 'busy' } | { ran: false; reason: 'recent'; at: Date; instance: string };

/** The instance as maintenance_runs names it. */
export const THIS_INSTANCE = `${hostname()}:${process.pid}`;

/**
 * The periodic purge of every instance sharing the database, run by one of them per period: under
 * an advisory lock (an instance that finds it held skips), and only when maintenance_runs shows no
 * purge started within 90% of the period (instances whose hourly timers fall a few minutes apart
 * leave it to the first). `purge` is purgeExpired and its kin.
 */
export async function purgeOnce(
  database: Pick<Database, 'db' | 'exclusive'>, clock: Clock, periodMs: number, purge: () => Promise<void>, instance = THIS_INSTANCE,
): Promise<PurgeOutcome> {
  const { db } = database;
  let outcome: PurgeOutcome = { ran: false, reason: 'busy' };
  await database.exclusive(PURGE_LOCK_KEY, async () => {
    const now = clock.now();
    const claimed = await db.insert(maintenanceRuns).values({ task: 'purge', startedAt: now, instance })
      .onConflictDoUpdate({
        target: maintenanceRuns.task,
        set: { startedAt: now, finishedAt: null, instance },
        setWhere: lte(maintenanceRuns.startedAt, new Date(now.getTime() - periodMs * 0.9)),
      })
      .returning({ task: maintenanceRuns.task });
    if (claimed.length === 0) {
      const [last] = await db.select().from(maintenanceRuns).where(eq(maintenanceRuns.task, 'purge'));
      outcome = { ran: false, reason: 'recent', at: last?.startedAt ?? now, instance: last?.instance ?? '' };
      return;
    }
    await purge();
    await db.update(maintenanceRuns).set({ finishedAt: clock.now() }).where(eq(maintenanceRuns.task, 'purge'));
    outcome = { ran: true };
  });
  return outcome;
}

/** An upload streams in minutes at most; a staging file older than this was left by a crash. */
const STAGING_MAX_AGE_MS = 3600_000;

async function purgeStaging(dir: string, olderThan: Date): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && info.mtime < olderThan) await rm(path, { force: true });
  }
}

/**
 * What a crash leaves, cleaned when the server starts (before it takes uploads or runs jobs):
 * - staging files of uploads that were streaming in: those written by a process that no longer
 *   runs, or by an earlier run with this process's id (a restarted container), or of no known
 *   process; a live process's (another server sharing DATA_DIR) are left to it;
 * - files stored whose row never committed (see storing.ts): of a writer that is gone, or, with
 *   the embedded database, all;
 * - queue jobs (a bill analysis...) left `running` by a dead worker: queued again now rather than
 *   after the 2-minute lease; with the embedded database (`everyLease`: one process holds it) all
 *   of them, on PostgreSQL only those whose holder is gone (see releaseAbandonedLeases).
 */
export async function cleanUpAfterCrash(
  deps: { db: Db; clock: Clock; storage: Pick<AppDeps['storage'], 'stagingDir' | 'remove'> },
  opts: { everyLease: boolean; alive?: (pid: number) => boolean },
): Promise<{ stagingFiles: number; files: number; jobs: number }> {
  const alive = opts.alive ?? processAlive;
  let stagingFiles = 0;
  const names = await readdir(deps.storage.stagingDir).catch(() => [] as string[]);
  for (const name of names) {
    const owner = stagingFileOwner(name);
    if (owner !== null && owner !== THIS_WORKER.pid && alive(owner)) continue;
    const path = join(deps.storage.stagingDir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    await rm(path, { force: true });
    stagingFiles += 1;
  }
  const files = await removeInterruptedFiles(deps, { everyWriter: opts.everyLease, alive });
  const requeued = await releaseAbandonedLeases(deps.db, deps.clock, { everyLease: opts.everyLease, alive });
  return { stagingFiles, files, jobs: requeued };
}
