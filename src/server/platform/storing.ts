import { eq, inArray } from 'drizzle-orm';
import type { AppDeps, Clock } from '../config';
import type { Db, Tx } from './db/index';
import { storingFiles } from './db/schema';
import { leaseHolderGone, THIS_WORKER, workerIdOf, type WorkerIdentity } from './queue/queue';
import { newStorageKey } from '../providers/storage/index';

/**
 * Nothing half-written between storage and the database: a file is stored before the row that
 * names it commits (a row must never name a missing file), so a crash in between would leave a
 * file no row names. The key is recorded first (reserveStorageKey), the row's transaction clears
 * it (keysStored), and what a crash left recorded is removed at start-up (removeInterruptedFiles).
 */

/** A new random storage key, recorded as being stored by this process (committed before the file is stored). */
export async function reserveStorageKey(db: Db, clock: Clock, writer: WorkerIdentity = THIS_WORKER): Promise<string> {
  const key = newStorageKey();
  await db.insert(storingFiles).values({ storageKey: key, writer: workerIdOf(writer), createdAt: clock.now() });
  return key;
}

/** Inside the transaction that writes the rows naming these keys: their files are no longer in flight. */
export async function keysStored(tx: Tx, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  const cleared = await tx.delete(storingFiles).where(inArray(storingFiles.storageKey, [...keys])).returning({ key: storingFiles.storageKey });
  // a record the purge took (a writer slower than an hour) may have lost its file: the row must not commit
  if (cleared.length !== new Set(keys).size) throw new Error('a file being stored was removed by the purge before its row committed');
}

/**
 * The files whose storing a crash interrupted: removed from storage with their record. At start-up
 * (before the server takes requests) those of a writer that is gone, or, with the embedded
 * database that one process holds (`everyWriter`), all; with `olderThan` (the hourly purge) also
 * any older than that, whoever wrote them (a failed transaction's record, a writer on another machine).
 */
export async function removeInterruptedFiles(
  deps: Pick<AppDeps, 'db'> & { storage: Pick<AppDeps['storage'], 'remove'> },
  opts: { everyWriter?: boolean; olderThan?: Date; self?: WorkerIdentity; alive?: (pid: number) => boolean },
): Promise<number> {
  const rows = await deps.db.select().from(storingFiles);
  const gone = rows.filter((r) => opts.everyWriter || leaseHolderGone(r.writer, opts.self, opts.alive) || (opts.olderThan !== undefined && r.createdAt < opts.olderThan));
  let removed = 0;
  for (const r of gone) {
    // the record first: a writer still at work then fails its commit (keysStored finds no record)
    // rather than commit a row naming a file removed here; one that committed first leaves nothing to take
    const [taken] = await deps.db.delete(storingFiles).where(eq(storingFiles.storageKey, r.storageKey)).returning();
    if (!taken) continue;
    try {
      await deps.storage.remove(r.storageKey);
      removed += 1;
    } catch {
      // storage out of reach (S3): the record comes back for the next purge, and start-up goes on
      await deps.db.insert(storingFiles).values(taken).onConflictDoNothing();
    }
  }
  return removed;
}

/**
 * A storing that failed or was refused: its files (those that reached storage) are removed, and
 * the records of those removed; a file storage would not remove keeps its record for the purge.
 */
export async function discardStored(deps: Pick<AppDeps, 'db'> & { storage: Pick<AppDeps['storage'], 'remove'> }, keys: readonly string[]): Promise<void> {
  const removed = (await Promise.all(keys.map(async (key) => {
    try { await deps.storage.remove(key); return key; } catch { return null; }
  }))).filter((k): k is string => k !== null);
  if (removed.length) await deps.db.delete(storingFiles).where(inArray(storingFiles.storageKey, removed)).catch(() => undefined);
}
