import { and, asc, desc, eq } from 'drizzle-orm';
import { billAllowsReupload, UPLOAD_DOWNLOAD_NAME, UPLOAD_MIME, type BillStatus } from '#shared/bill/rules';
import type { BillReading, BillsResponse, BillValues, StaffBillsResponse } from '#shared/bill/payloads';
import type { ConsumerData, ConsumerResponse } from '#shared/contract/payloads';
import { asksIdentity, CONSUMER_IDENTITY_FIELDS, consumerFormOf } from '#shared/contract/rules';
import { messages } from '#shared/messages';
import type { AppDeps } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { discardStored, keysStored, reserveStorageKey } from '../platform/storing';
import { billOwners, bills, customers, uploads } from '../platform/db/schema';
import { DomainError } from '../errors';
import { notify } from '../notification/service';
import type { EmailNotice } from '../notification/emails';
import { byCustomer, byStaff, bySystem, loadProcess, moveProcessIn, ProcessEventRefused, type MovedBy, type ProcessMove } from '../process/host';
import { enqueue, type JobHandler } from '../platform/queue/queue';
import { log } from '../platform/log';
import { billReaderDuration } from '../platform/metrics';
import { maskPersonalData } from '../http/errors';
import { analyseBill, unreadBill, type BillAnalysis } from '../engines/bill-reader/index';

import type { StagedUpload } from '../http/multipart';
import { reserveUploadQuota, uploadJobs } from './uploads';
import { contractsGenerated } from '../contract/service';
import type { StaffBillDecision } from '#shared/bill/payloads';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'reactions' | 'storage'>;
type BillRow = typeof bills.$inferSelect;

export const BILL_ANALYSIS_JOB = 'bill.analyse';

const valuesOf = (b: BillRow, uploadAvailable: boolean): BillValues => ({
  id: b.id,
  status: b.status,
  consumer_class: b.consumerClass,
  value: b.value,
  consumption: b.consumption,
  consumption_history_kwh_values: { average: b.historyAverage },
  power_pattern: b.powerPattern,
  justification_disapproved: b.justificationDisapproved,
  is_holder: b.isHolder,
  upload_available: uploadAvailable,
});

async function latestBill(db: Db | Tx, customerId: number): Promise<BillRow | null> {
  const [row] = await db.select().from(bills).where(eq(bills.customerId, customerId)).orderBy(desc(bills.id)).limit(1);
  return row ?? null;
}

/** The re-upload rule (src/shared/bill.ts) and the process must both allow a new bill. */
async function uploadAvailable(db: Db | Tx, customerId: number, latest: BillRow | null): Promise<boolean> {
  const p = await loadProcess(db, customerId);
  const processAllows = p?.snapshot.can({ type: 'bill.submitted' }) ?? false;
  return processAllows && billAllowsReupload(latest && { status: latest.status, justification_disapproved: latest.justificationDisapproved });
}

/**
 * Stores a staged bill file, records the bill as PENDING, moves the process (bill submitted) and
 * queues the analysis, all in one transaction, within the customer's quota of bill files. The file
 * is moved into storage as the transaction's last step and removed again when the transaction
 * fails: no row without its file and no file without its row. An earlier bill is not replaced:
 * its file stays with its decision (staff may fetch it).
 */
export async function submitBill(deps: Deps, customerId: number, file: StagedUpload, isHolder: boolean): Promise<BillValues> {
  const { db, clock, storage } = deps;
  const key = await reserveStorageKey(db, clock);
  try {
    const bill = await db.transaction(async (tx) => {
      const latest = await latestBill(tx, customerId);
      if (latest && !billAllowsReupload({ status: latest.status, justification_disapproved: latest.justificationDisapproved })) {
        throw new DomainError('BILL_LOCKED');
      }
      await reserveUploadQuota(tx, customerId, 'bill', file.size);
      try {
        await moveProcessIn(tx, deps, customerId, { type: 'bill.submitted' }, { by: byCustomer });
      } catch (e) {
        if (e instanceof ProcessEventRefused) throw new DomainError('BILL_LOCKED');
        throw e;
      }
      const now = clock.now();
      const [upload] = await tx.insert(uploads).values({
        customerId, purpose: 'bill', storageKey: key, originalName: file.originalName, kind: file.kind, size: file.size, createdAt: now,
      }).returning({ id: uploads.id });
      if (!upload) throw new Error('upload insert returned nothing');
      const [row] = await tx.insert(bills).values({ customerId, uploadId: upload.id, isHolder, status: 'PENDING', createdAt: now }).returning();
      if (!row) throw new Error('bill insert returned nothing');
      await enqueue(tx, clock, BILL_ANALYSIS_JOB, { billId: row.id });
      await keysStored(tx, [key]);
      await storage.save(file.path, key, UPLOAD_MIME[file.kind]);
      return row;
    });
    return valuesOf(bill, false);
  } catch (e) {
    await file.discard();
    await discardStored(deps, [key]);
    throw e;
  }
}

const outcomeMessage = (status: BillStatus, justification: string | null): string | null => {
  switch (status) {
    case 'APPROVED': return messages['notification.bill.approved'];
    case 'WAITING': return messages['notification.bill.waiting'];
    case 'DISAPPROVED':
    case 'DENIED': return justification ? `${messages['notification.bill.disapproved']}${justification}` : messages['bill.outcome.disapproved'];
    case 'APP': return messages['notification.bill.app'];
    default: return null;
  }
};

/** The outcome's e-mail: every decision but WAITING (what the customer just read on the bill page). */
const outcomeEmail = (status: BillStatus, justification: string | null): EmailNotice | undefined => {
  switch (status) {
    case 'APPROVED': return { template: 'notification.bill.approved' };
    case 'DISAPPROVED':
    case 'DENIED': return { template: 'notification.bill.disapproved', values: justification ? { reason: justification } : {} };
    case 'APP': return { template: 'notification.bill.app' };
    default: return undefined;
  }
};

/**
 * Records a decision on a bill (the assistant's, or staff's `by`), tells the customer and moves the
 * process to match, in one transaction. The move's reactions draft the initial proposal from an
 * approved bill and send it once onboarding is over, and write a staff decision's audit line with
 * the bill before and after. The outcome notice is the bill's own (it depends on the status and
 * the reason, which the process does not hold; WAITING does not move it), so it is written here,
 * ahead of the move's notices. WAITING leaves the process in analysis.
 */
export async function decideBillIn(
  tx: Tx, deps: Pick<AppDeps, 'clock' | 'reactions'>, bill: BillRow,
  decision: { status: Exclude<BillStatus, 'PENDING'>; justification: string | null; values?: Partial<BillRow>; expectedVersion?: number; by?: MovedBy },
): Promise<{ bill: BillRow; move: ProcessMove | null }> {
  const { status, justification } = decision;
  const [updated] = await tx.update(bills)
    .set({ ...decision.values, status, justificationDisapproved: status === 'DISAPPROVED' || status === 'DENIED' ? justification : null, decidedAt: deps.clock.now() })
    .where(eq(bills.id, bill.id)).returning();
  const after = updated ?? bill;
  const message = outcomeMessage(status, justification);
  if (message) await notify(tx, deps.clock, bill.customerId, message, outcomeEmail(status, justification));
  if (status === 'WAITING') return { bill: after, move: null };
  const audited = (b: BillRow) => ({
    bill_id: b.id, status: b.status, justification: b.justificationDisapproved,
    value: b.value, consumption: b.consumption, history_average: b.historyAverage, consumer_class: b.consumerClass, power_pattern: b.powerPattern,
  });
  const move = await moveProcessIn(tx, deps, bill.customerId, status === 'APPROVED'
    ? { type: 'bill.approved' }
    // APP and DENIED lock the upload like an unserved class: the justification is never the re-upload one.
    : { type: 'bill.disapproved', justification: status === 'DISAPPROVED' ? justification ?? messages['bill.outcome.disapproved'] : status }, {
    by: decision.by ?? bySystem,
    expectedVersion: decision.expectedVersion,
    audit: { action: `bill:${status}`, subject: { before: audited(bill), after: audited(after) } },
  });
  return { bill: after, move };
}

/**
 * The analysis job: read the file, let the virtual assistant decide, record it. Idempotent (a
 * decided bill is left alone). With it, the deletion of replaced upload files (uploads.ts).
 */
export function billJobs(deps: Deps, analyse: typeof analyseBill = analyseBill): Record<string, JobHandler> {
  return {
    ...uploadJobs(deps.storage),
    [BILL_ANALYSIS_JOB]: async (payload, job) => {
      const billId = Number(payload.billId);
      const [row] = await deps.db.select({ bill: bills, upload: uploads }).from(bills).innerJoin(uploads, eq(uploads.id, bills.uploadId)).where(eq(bills.id, billId));
      if (!row || row.bill.status !== 'PENDING') return;
      const bytes = await deps.storage.read(row.upload.storageKey);
      // A reader bug must not leave the bill PENDING for ever: a person reads it (storage errors above are retried).
      const reading = billReaderDuration.startTimer();
      const a = await analyse(bytes, UPLOAD_MIME[row.upload.kind]).then((analysis) => {
        reading({ outcome: analysis.status.toLowerCase() });
        return analysis;
      }, (e: unknown): BillAnalysis => {
        reading({ outcome: 'failure' });
        log().warn(`bill ${billId}: reader failed: ${maskPersonalData(e instanceof Error ? e.message : String(e))}`);
        return unreadBill('WAITING', 'reader-failure');
      });
      // out of time or handed back at stop: the next attempt decides, not this late reading
      job.signal.throwIfAborted();
      await deps.db.transaction(async (tx) => {
        const [current] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
        if (!current || current.status !== 'PENDING') return; // staff decided meanwhile
        await decideBillIn(tx, deps, current, {
          status: a.status,
          justification: a.justification_disapproved,
          values: {
            consumerClass: a.consumer_class, value: a.value, consumption: a.consumption,
            historyAverage: a.consumption_history_kwh_values.average, powerPattern: a.power_pattern, analysis: a,
          },
        });
      });
    },
  };
}

export async function billsOf(db: Db, customerId: number): Promise<BillsResponse> {
  const rows = await db.select({ bill: bills, name: uploads.originalName }).from(bills)
    .innerJoin(uploads, eq(uploads.id, bills.uploadId)).where(eq(bills.customerId, customerId)).orderBy(asc(bills.id));
  const last = rows.at(-1)?.bill ?? null;
  const available = await uploadAvailable(db, customerId, last);
  return {
    id: last?.id ?? null,
    holder: last?.isHolder ?? null,
    billValues: last ? valuesOf(last, available) : null,
    billInfo: rows.map(({ bill, name }) => ({
      id: bill.id, status: bill.status, justification_disapproved: bill.justificationDisapproved, name, created_at: bill.createdAt.toISOString(),
    })),
    upload_available: available,
  };
}

/** The stored file of one of the customer's own bills, named `fatura` by the server; another customer's id is not found. */
export async function billFile(deps: Deps, customerId: number | null, billId: number) {
  const [row] = await deps.db.select({ upload: uploads, customerId: bills.customerId }).from(bills).innerJoin(uploads, eq(uploads.id, bills.uploadId))
    .where(customerId === null ? eq(bills.id, billId) : and(eq(bills.id, billId), eq(bills.customerId, customerId)));
  if (!row) throw new DomainError('FILE_NOT_FOUND');
  return { bytes: await deps.storage.read(row.upload.storageKey), kind: row.upload.kind, name: UPLOAD_DOWNLOAD_NAME.bill, customerId: row.customerId };
}

export async function billOwnerOf(db: Db, customerId: number): Promise<ConsumerResponse> {
  const [owner] = await db.select().from(billOwners).where(eq(billOwners.customerId, customerId));
  const last = await latestBill(db, customerId);
  return { is_holder: last?.isHolder ?? null, owner: (owner?.data as ConsumerData | undefined) ?? null };
}

/**
 * PATCH /portal/customers/bills/owners: the holder form (spec §5). Someone else's bill, or a
 * company's representative, must come with name, CPF, e-mail and phone; the bill's own holder sends
 * birth date, occupation and marital status. Fixed once the contracts carry it.
 */
export async function saveBillOwner(deps: Pick<AppDeps, 'db' | 'clock'>, customerId: number, data: ConsumerData): Promise<ConsumerResponse> {
  const [c] = await deps.db.select({ type: customers.type }).from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('UNAUTHORIZED');
  const last = await latestBill(deps.db, customerId);
  if (asksIdentity(consumerFormOf(c.type, last?.isHolder ?? null))) {
    const missing = CONSUMER_IDENTITY_FIELDS.find((f) => !data[f]);
    if (missing) throw new DomainError('VALIDATION', { field: missing }, messages['common.form.required']);
  }
  if (await contractsGenerated(deps.db, customerId)) throw new DomainError('PROCESS_REFUSED');
  const now = deps.clock.now();
  await deps.db.insert(billOwners).values({ customerId, data, updatedAt: now })
    .onConflictDoUpdate({ target: billOwners.customerId, set: { data, updatedAt: now } });
  return billOwnerOf(deps.db, customerId);
}

/**
 * PUT admin/customers/{id}/bill: staff decide the customer's latest bill while it is PENDING or
 * WAITING (the version they saw must still be current); audited with the bill and the process
 * before and after, in the decision's transaction.
 */
export async function decideLatestBill(deps: Pick<AppDeps, 'db' | 'clock' | 'reactions'>, staffId: number, id: number, body: StaffBillDecision): Promise<void> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const [bill] = await tx.select().from(bills).where(eq(bills.customerId, id)).orderBy(desc(bills.id)).limit(1).for('update');
    if (!bill) throw new DomainError('FILE_NOT_FOUND');
    if (bill.status !== 'PENDING' && bill.status !== 'WAITING') throw new DomainError('PROCESS_REFUSED');
    // the move's reactions write the audit line, bill and process before and after
    const c = body.corrections;
    // what the reviewer corrected replaces what was read; the audit line keeps both (decideBillIn)
    const values: Partial<BillRow> | undefined = c ? Object.fromEntries(Object.entries({
      value: c.value, consumption: c.consumption, historyAverage: c.history_average, consumerClass: c.consumer_class, powerPattern: c.power_pattern,
    }).filter(([, x]) => x !== undefined)) : undefined;
    await decideBillIn(tx, deps, bill, {
      status: body.status, justification: body.justification ?? null, expectedVersion: body.version, by: byStaff(staffId), values,
    });
  });
}

/** Fields of the assistant's reading shown to staff, in the order a reviewer checks them. */
const READING_FIELDS = [
  'distributor', 'holder', 'installation', 'client_code', 'consumer_class', 'subclass', 'tariff_group', 'power_pattern',
  'reference_month', 'value', 'consumption', 'billed_consumption', 'consumption_history_kwh_values', 'generation',
] as const;

/** The stored analysis as the reviewer reads it (older rows have no evidence: their fields come without it). */
function readingOf(analysis: unknown): BillReading | null {
  if (!analysis || typeof analysis !== 'object') return null;
  const a = analysis as Partial<BillAnalysis>;
  const fields: BillReading['fields'] = {};
  for (const f of READING_FIELDS) {
    const value = a[f];
    if (value === undefined) continue;
    const ev = a.evidence?.[f];
    fields[f] = { value, confidence: ev?.confidence ?? null, evidence: ev?.evidence ?? [] };
  }
  return { source: a.source ?? 'text', confidence: a.confidence ?? 0, review_notes: a.review_notes ?? [], fields };
}

/** Every bill of a customer with what the assistant read, for staff; 404 for an unknown customer. */
export async function billReadings(db: Db, customerId: number): Promise<StaffBillsResponse> {
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new DomainError('NOT_FOUND');
  const rows = await db.select().from(bills).where(eq(bills.customerId, customerId)).orderBy(asc(bills.id));
  return {
    bills: rows.map((b) => ({
      id: b.id, status: b.status, justification_disapproved: b.justificationDisapproved, is_holder: b.isHolder,
      created_at: b.createdAt.toISOString(), decided_at: b.decidedAt?.toISOString() ?? null,
      value: b.value, consumption: b.consumption,
      reading: b.status === 'PENDING' ? null : readingOf(b.analysis),
    })),
  };
}
