import { and, desc, eq, isNull } from 'drizzle-orm';
import { fill } from '#shared/messages';
import { PARTNERSHIP_EXTRA_FREE_MONTHS } from '#shared/plan/rules';
import type { AppDeps, Clock } from '../config';
import type { Db } from '../platform/db/index';
import { discardStored, keysStored, reserveStorageKey } from '../platform/storing';
import { customers, uploads } from '../platform/db/schema';
import type { StagedUpload } from '../http/multipart';
import { UPLOAD_DOWNLOAD_NAME, UPLOAD_MIME } from '#shared/bill/rules';
import { reserveUploadQuota, retireReplacedUploads } from '../bill/uploads';
import { DomainError } from '../errors';
import { audit } from '../staff/audit';

/**
 * Staff confirm (or withdraw) a customer's employer partnership (spec §6: it grants the partnership
 * free months and makes the bill page ask for the employee badge). Only individuals (CPF) have an
 * employer link, as at sign-up. Audited in the same transaction; setting the value it already has
 * changes nothing and writes no audit line.
 */
export async function setPartnership(
  db: Db, clock: Clock, staffId: number, customerId: number, hasPartnership: boolean,
): Promise<{ id: number; has_partnership: boolean; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ type: customers.type, has: customers.hasPartnership }).from(customers)
      .where(eq(customers.id, customerId)).for('update');
    if (!before) throw new DomainError('NOT_FOUND');
    if (before.type === 'CNPJ' && hasPartnership) throw new DomainError('PROCESS_REFUSED');
    if (before.has === hasPartnership) return { id: customerId, has_partnership: hasPartnership, changed: false };
    await tx.update(customers).set({ hasPartnership, updatedAt: clock.now() }).where(eq(customers.id, customerId));
    await audit(tx, clock, {
      staffId, action: 'partnership:set', customerId,
      before: { has_partnership: before.has }, after: { has_partnership: hasPartnership },
    });
    return { id: customerId, has_partnership: hasPartnership, changed: true };
  });
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;

const badgeUrl = (id: number) => `/api/v1/portal/client-partnership/${id}/emproyee-card`;

async function latestBadge(db: Db, customerId: number) {
  const [row] = await db.select().from(uploads)
    .where(and(eq(uploads.customerId, customerId), eq(uploads.purpose, 'employee_card'), isNull(uploads.removedAt))).orderBy(desc(uploads.id)).limit(1);
  return row ?? null;
}

/** The partnership of the signed-in customer (`id` is their own client id; anyone else's is not found). */
export async function partnershipOf(db: Db, customerId: number, id: number) {
  if (id !== customerId) throw new DomainError('NOT_FOUND');
  const [c] = await db.select({ has: customers.hasPartnership }).from(customers).where(eq(customers.id, customerId));
  const badge = await latestBadge(db, customerId);
  const has = c?.has ?? false;
  return {
    id: customerId, has_partnership: has, url: badge ? badgeUrl(customerId) : null, is_validated: false,
    description: has ? fill('plan.partnership.text', { n: PARTNERSHIP_EXTRA_FREE_MONTHS }) : null,
    free_months: has ? PARTNERSHIP_EXTRA_FREE_MONTHS : 0,
  };
}

/**
 * Stores the employee badge of a customer with an employer partnership (403 otherwise), within
 * their quota of badge files. Like a bill: the file is moved into place as the transaction's last
 * step. The badge it replaces is marked removed in the same transaction and its file deleted from
 * storage once this one is committed; a failure leaves the previous badge as it was.
 */
export async function saveEmployeeCard(deps: Deps, customerId: number, id: number, file: StagedUpload) {
  let key: string | null = null;
  try {
    if (id !== customerId) throw new DomainError('NOT_FOUND');
    key = await reserveStorageKey(deps.db, deps.clock);
    await deps.db.transaction(async (tx) => {
      const [customer] = await tx.select({ has: customers.hasPartnership }).from(customers).where(eq(customers.id, customerId));
      if (!customer?.has) throw new DomainError('PARTNERSHIP_REQUIRED');
      await reserveUploadQuota(tx, customerId, 'employee_card', file.size);
      const [badge] = await tx.insert(uploads).values({
        customerId, purpose: 'employee_card', storageKey: key!, originalName: file.originalName, kind: file.kind, size: file.size, createdAt: deps.clock.now(),
      }).returning({ id: uploads.id });
      if (!badge) throw new Error('upload insert returned nothing');
      await retireReplacedUploads(tx, deps.clock, customerId, 'employee_card', badge.id);
      await keysStored(tx, [key!]);
      await deps.storage.save(file.path, key!, UPLOAD_MIME[file.kind]);
    });
  } catch (e) {
    await file.discard();
    if (key) await discardStored(deps, [key]);
    throw e;
  }
  return partnershipOf(deps.db, customerId, id);
}

export async function employeeCardFile(deps: Deps, customerId: number, id: number) {
  if (id !== customerId) throw new DomainError('FILE_NOT_FOUND');
  const badge = await latestBadge(deps.db, customerId);
  if (!badge) throw new DomainError('FILE_NOT_FOUND');
  return { bytes: await deps.storage.read(badge.storageKey), kind: badge.kind, name: UPLOAD_DOWNLOAD_NAME.employee_card };
}
