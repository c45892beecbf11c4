import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { uploadFitsQuota, type UploadPurpose } from '#shared/bill/rules';
import type { Clock } from '../config';
import type { Tx } from '../platform/db/index';
import { uploads } from '../platform/db/schema';
import { DomainError } from '../errors';
import { enqueue, type JobHandler } from '../platform/queue/queue';
import type { FileStorage } from '../providers/storage/index';

/**
 * What every upload kind (bills, employee badges, and later documents) shares once a file was
 * received: the customer's quota, and replaced files leaving storage.
 */

/** Deletes a replaced file from storage, after the transaction that replaced it committed (retried by the queue). */
export const UPLOAD_REMOVE_JOB = 'upload.remove';

/** Advisory-lock namespace: one customer's uploads take turns, so a burst cannot pass the quota in parallel. */
const UPLOAD_LOCK_NAMESPACE = 7301;

/**
 * Inside a transaction: waits until the customer's other uploads have committed or failed (held to
 * the transaction's end; taking it again in the same transaction is free). What an upload checks
 * after it (quota, open slots) cannot change under it.
 */
export async function lockCustomerUploads(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOAD_LOCK_NAMESPACE}, ${customerId})`);
}

/**
 * Inside the upload's transaction: waits for the customer's other uploads to finish, then refuses
 * (429, 'upload.quota') a file that would pass UPLOAD_QUOTA for its purpose: files sent (replaced
 * ones included, so replacing over and over also ends) or bytes still stored.
 */
export async function reserveUploadQuota(tx: Tx, customerId: number, purpose: UploadPurpose, size: number): Promise<void> {
  await lockCustomerUploads(tx, customerId);
  const [used] = await tx.select({
    files: count(),
    bytes: sql<string>`coalesce(sum(${uploads.size}) filter (where ${uploads.removedAt} is null), 0)`,
  }).from(uploads).where(and(eq(uploads.customerId, customerId), eq(uploads.purpose, purpose)));
  if (!uploadFitsQuota({ files: Number(used?.files ?? 0), bytes: Number(used?.bytes ?? 0) }, size)) {
    throw new DomainError('UPLOAD_QUOTA');
  }
}

/**
 * Inside the transaction that stores a newer file (`keepId`): the customer's other live files of
 * `purpose` are marked removed and their deletion from storage is queued, so it happens only once
 * the new file is committed (a failed upload keeps the old file) and is retried if storage fails.
 */
export async function retireReplacedUploads(tx: Tx, clock: Clock, customerId: number, purpose: UploadPurpose, keepId: number): Promise<void> {
  const replaced = await tx.update(uploads).set({ removedAt: clock.now() })
    .where(and(eq(uploads.customerId, customerId), eq(uploads.purpose, purpose), isNull(uploads.removedAt), ne(uploads.id, keepId)))
    .returning({ key: uploads.storageKey });
  for (const { key } of replaced) await enqueue(tx, clock, UPLOAD_REMOVE_JOB, { key });
}

/** The queue's handler deleting replaced files (idempotent: a file already gone is fine). */
export function uploadJobs(storage: Pick<FileStorage, 'remove'>): Record<string, JobHandler> {
  return {
    [UPLOAD_REMOVE_JOB]: async (payload) => { await storage.remove(String(payload.key)); },
  };
}
