import { and, desc, eq, inArray } from 'drizzle-orm';
import { UPLOAD_DOWNLOAD_NAME, UPLOAD_MIME } from '#shared/bill/rules';
import type { DocumentRecord, StaffDocumentDecision } from '#shared/document/payloads';
import { documentName, documentSlots, openSlots, type DocumentType } from '#shared/document/rules';
import { fill } from '#shared/messages';
import { currentStep } from '#shared/steps';
import type { AppDeps } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { discardStored, keysStored, reserveStorageKey } from '../platform/storing';
import { checkouts, customers, documents, uploads } from '../platform/db/schema';
import { DomainError } from '../errors';
import type { StagedUpload } from '../http/multipart';
import { lockCustomerUploads, reserveUploadQuota } from '../bill/uploads';
import { customerSteps } from '../process/host';
import { notify } from '../notification/service';
import { emailOfNotice } from '../notification/emails';
import { audit } from '../staff/audit';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;
type Row = typeof documents.$inferSelect;

async function kindOf(db: Db | Tx, customerId: number): Promise<'CPF' | 'CNPJ'> {
  const [c] = await db.select({ type: customers.type }).from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('UNAUTHORIZED');
  return c.type;
}

async function recordsOf(db: Db | Tx, customerId: number, rows: Row[]): Promise<DocumentRecord[]> {
  const kind = await kindOf(db, customerId);
  const ids = rows.map((r) => r.uploadId);
  const names = new Map((ids.length ? await db.select({ id: uploads.id, name: uploads.originalName }).from(uploads).where(inArray(uploads.id, ids)) : [])
    .map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    id: r.id, name: documentName(r.type, kind), type: r.type, status: r.status, file_name: names.get(r.uploadId) ?? '',
    has_back: r.backUploadId !== null, justification: r.justification, created_at: r.createdAt.toISOString(),
  }));
}

/** The customer's current record of each type (the newest), in the order of their slots. */
export async function currentDocuments(db: Db | Tx, customerId: number): Promise<DocumentRecord[]> {
  const rows = await db.select().from(documents).where(eq(documents.customerId, customerId)).orderBy(desc(documents.id));
  const newest = new Map<DocumentType, Row>();
  for (const r of rows) if (!newest.has(r.type)) newest.set(r.type, r);
  return recordsOf(db, customerId, [...newest.values()].sort((a, b) => a.id - b.id));
}

/**
 * POST /portal/customers/documents: the files of the customer's open slots (spec §4, §6), after the
 * checkout and while the booking is open (CHECKOUT). All or nothing: every file is stored in one
 * transaction, moved into place as its last step; any refusal removes what was moved.
 */
export async function sendDocuments(deps: Deps, customerId: number, files: Partial<Record<string, StagedUpload>>): Promise<DocumentRecord[]> {
  const { db } = deps;
  const moved: string[] = [];
  try {
    const kind = await kindOf(db, customerId);
    const [paid] = await db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.customerId, customerId));
    if (!paid || currentStep(await customerSteps(db, customerId)) !== 'CHECKOUT') throw new DomainError('PROCESS_REFUSED');
    const open = openSlots(kind, await currentDocuments(db, customerId));
    const openFields = new Set(open.map((s) => s.field));
    // a file for a slot that is in review or approved is refused, not silently dropped
    const sent = documentSlots(kind).filter((s) => files[s.field]);
    if (sent.some((s) => !openFields.has(s.field)) || open.length === 0) throw new DomainError('PROCESS_REFUSED');
    const missing = open.find((s) => s.required && !files[s.field]);
    if (missing) throw new DomainError('UPLOAD_MISSING', { field: missing.field });

    await keepDocuments(deps, customerId, sent, files, moved);
  } catch (e) {
    await Promise.all(Object.values(files).map((f) => f?.discard()));
    await discardStored(deps, moved);
    throw e;
  }
  return currentDocuments(db, customerId);
}

/** One file of a sending: its multipart field and the record it belongs to (an ID's back travels with its front). */
export interface SentFile { field: string; type: DocumentType }

/**
 * Stores the files of one sending in one transaction: each file's upload row (within the
 * customer's quota) moved into storage as its last step, then one PENDING record per type; a slot
 * a concurrent sending filled meanwhile is refused (409). The
 * keys reserved are pushed to `moved` so the caller removes their files and records when anything fails.
 */
export async function keepDocuments(deps: Deps, customerId: number, sent: readonly SentFile[], files: Partial<Record<string, StagedUpload>>, moved: string[]): Promise<void> {
  const { db, clock, storage } = deps;
  const keys = new Map<string, string>();
  for (const slot of sent) {
    const key = await reserveStorageKey(db, clock);
    keys.set(slot.field, key);
    moved.push(key);
  }
  await db.transaction(async (tx) => {
    // the caller saw these slots open before the transaction; a sending that raced this one may have
    // filled them since: checked again once the customer's other uploads are done
    await lockCustomerUploads(tx, customerId);
    const now = new Map((await currentDocuments(tx, customerId)).map((d) => [d.type, d.status]));
    if (sent.some((slot) => { const s = now.get(slot.type); return s !== undefined && s !== 'DENIED'; })) throw new DomainError('PROCESS_REFUSED');
    const stored = new Map<string, number>();
    for (const slot of sent) {
      const file = files[slot.field]!;
      await reserveUploadQuota(tx, customerId, 'document', file.size);
      const key = keys.get(slot.field)!;
      const [u] = await tx.insert(uploads).values({
        customerId, purpose: 'document', storageKey: key, originalName: file.originalName, kind: file.kind, size: file.size, createdAt: clock.now(),
      }).returning({ id: uploads.id });
      if (!u) throw new Error('upload insert returned nothing');
      stored.set(slot.field, u.id);
      await keysStored(tx, [key]);
      await storage.save(file.path, key, UPLOAD_MIME[file.kind]);
    }
    for (const type of new Set(sent.map((s) => s.type))) {
      const front = sent.find((s) => s.type === type && s.field !== 'document_back')!;
      const back = sent.find((s) => s.type === type && s.field === 'document_back');
      await tx.insert(documents).values({
        customerId, type, uploadId: stored.get(front.field)!, backUploadId: back ? stored.get(back.field)! : null, status: 'PENDING', createdAt: clock.now(),
      });
    }
  });
}

/** A document's front or back, to its owner only (customerId) or to staff (null). */
export async function documentFile(deps: Deps, customerId: number | null, documentId: number, side: string) {
  const [row] = await deps.db.select().from(documents)
    .where(customerId === null ? eq(documents.id, documentId) : and(eq(documents.id, documentId), eq(documents.customerId, customerId)));
  const uploadId = side === 'front' ? row?.uploadId : side === 'back' ? row?.backUploadId : null;
  if (!row || !uploadId) throw new DomainError('FILE_NOT_FOUND');
  const [u] = await deps.db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!u) throw new DomainError('FILE_NOT_FOUND');
  return { bytes: await deps.storage.read(u.storageKey), kind: u.kind, name: UPLOAD_DOWNLOAD_NAME.document };
}

/** Every record of a customer (staff), newest first. */
export async function allDocuments(db: Db, customerId: number): Promise<DocumentRecord[]> {
  const [c] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('NOT_FOUND');
  return recordsOf(db, customerId, await db.select().from(documents).where(eq(documents.customerId, customerId)).orderBy(desc(documents.id)));
}

/**
 * Staff approve a document or deny it with the reason the customer reads; the customer is told in
 * the bell and the decision is audited, in one transaction. Only a document in review is decided.
 */
export async function decideDocument(deps: Pick<AppDeps, 'db' | 'clock'>, staffId: number, customerId: number, documentId: number, decision: StaffDocumentDecision): Promise<DocumentRecord> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(documents).where(and(eq(documents.id, documentId), eq(documents.customerId, customerId))).for('update');
    if (!row) throw new DomainError('NOT_FOUND');
    if (row.status !== 'PENDING') throw new DomainError('PROCESS_REFUSED');
    const justification = decision.status === 'DENIED' ? decision.justification ?? null : null;
    const [after] = await tx.update(documents).set({ status: decision.status, justification, decidedBy: staffId, decidedAt: deps.clock.now() })
      .where(eq(documents.id, documentId)).returning();
    const [record] = await recordsOf(tx, customerId, [after!]);
    const key = decision.status === 'APPROVED' ? 'notification.document.approved' : 'notification.document.denied';
    const values: Record<string, string> = decision.status === 'APPROVED'
      ? { name: record!.name }
      : { name: record!.name, reason: /[.!?]$/.test(justification ?? '') ? justification! : `${justification}.` };
    await notify(tx, deps.clock, customerId, fill(key, values), emailOfNotice(key, values));
    await audit(tx, deps.clock, {
      staffId, action: 'document:decide', customerId,
      before: { document: documentId, type: row.type, status: row.status }, after: { document: documentId, type: row.type, status: decision.status, justification },
    });
    return record!;
  });
}
