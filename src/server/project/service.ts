import { and, desc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { PROJECT_STATUS_EVENTS, projectStatusOf } from '#machines/process/states/project';
import { UPLOAD_DOWNLOAD_NAME, UPLOAD_MIME } from '#shared/bill/rules';
import { fill } from '#shared/messages';
import type {
  CustomerSuccessCase, DealershipView, FilingInput, ProjectFile, ProjectMessage, ProjectMessageInput, ProjectStatusChange, StagedAttachment,
  StaffProjectView, UploadAnswer,
} from '#shared/project/payloads';
import { filingProgress, isProjectConnected, isWithDistributor, nextProjectStatus, projectStepIndex, type ProjectStatus } from '#shared/project/rules';
import { brazilDay } from '#shared/calendar';
import type { AppDeps, Clock } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { discardStored, keysStored, reserveStorageKey } from '../platform/storing';
import { customers, customerSuccessCases, projectFiles, projectFilings, projectMessages, uploads } from '../platform/db/schema';
import { DomainError } from '../errors';
import type { StagedUpload } from '../http/multipart';
import { reserveUploadQuota, UPLOAD_REMOVE_JOB } from '../bill/uploads';
import { enqueue } from '../platform/queue/queue';
import { notify } from '../notification/service';
import { emailOfNotice } from '../notification/emails';
import { byStaff, loadProcess, moveProcessIn } from '../process/host';
import { audit } from '../staff/audit';

/**
 * The customer's project follow-up: the customer-success case (spec §3, §7) with the project's
 * status (the process's, machines/process/states/project.ts), the staff's mural, the request filed
 * with the distributor and the files staff asked for. Every customer read is scoped by the
 * session's customer: another customer's case id is simply not found.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'reactions'>;
type CaseRow = typeof customerSuccessCases.$inferSelect;
type FilingRow = typeof projectFilings.$inferSelect;

/** The customer's case, opened if there is none yet (one per customer). */
async function ensureCase(db: Db | Tx, clock: Clock, customerId: number): Promise<CaseRow> {
  await db.insert(customerSuccessCases).values({ customerId, createdAt: clock.now() }).onConflictDoNothing();
  const [row] = await db.select().from(customerSuccessCases).where(eq(customerSuccessCases.customerId, customerId));
  if (!row) throw new Error('customer success case missing');
  return row;
}

/** The customer's own case by id; another customer's case is not found. */
async function ownCase(db: Db | Tx, customerId: number, caseId: number): Promise<CaseRow> {
  const [row] = await db.select().from(customerSuccessCases)
    .where(and(eq(customerSuccessCases.id, caseId), eq(customerSuccessCases.customerId, customerId)));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

async function projectStatusOfCustomer(db: Db | Tx, customerId: number): Promise<ProjectStatus | null> {
  const p = await loadProcess(db, customerId);
  return p ? projectStatusOf(p.snapshot) : null;
}

/**
 * The request with the distributor, from PROJECT_SUBMITTED_TO_DEALERSHIP on: the one of the stage the
 * project is at, else the latest stage's (its protocol and day, no deadline for this stage). Days on
 * the server's clock, in Brazil's official time.
 */
export function dealershipOf(filings: FilingRow[], status: ProjectStatus | null, now: Date): DealershipView | null {
  if (!isWithDistributor(status) || filings.length === 0) return null;
  const latest = [...filings].sort((a, b) => projectStepIndex(b.stage) - projectStepIndex(a.stage))[0]!;
  const current = latest.stage === status;
  const today = brazilDay(now);
  const progress = filingProgress(
    { filed_on: latest.filedOn, deadline_days: latest.deadlineDays ?? 0, deadline_unit: latest.deadlineUnit }, today,
    current && latest.deadlineDays !== null && !isProjectConnected(status),
  );
  const timed = current && latest.deadlineDays !== null;
  return {
    stage: latest.stage, current, protocol: latest.protocol, distributor: latest.distributor, filed_on: latest.filedOn,
    deadline_days: timed ? latest.deadlineDays : null, deadline_unit: timed ? latest.deadlineUnit : null,
    due_on: timed ? progress.due_on : null, days_elapsed: progress.days_elapsed, overdue: timed && progress.overdue,
  };
}

const fileView = (f: { id: number; name: string; createdAt: Date }): ProjectFile => ({ id: f.id, name: f.name, created_at: f.createdAt.toISOString() });

type MessageRow = typeof projectMessages.$inferSelect;
type AttachmentRow = { name: string; kind: 'pdf' | 'png' | 'jpeg'; size: number } | null;
const messageView = (m: MessageRow, a: AttachmentRow): ProjectMessage => ({
  id: m.id, message: m.message, created_at: m.createdAt.toISOString(), attachment: a ? { name: a.name, kind: a.kind, size: a.size } : null,
});

/** The mural, newest first, each message with the file attached to it (one the team removed is simply not shown). */
const muralOf = (db: Db | Tx, caseId: number) => db.select({
  m: projectMessages,
  a: { name: uploads.originalName, kind: uploads.kind, size: uploads.size },
}).from(projectMessages).leftJoin(uploads, and(eq(uploads.id, projectMessages.uploadId), isNull(uploads.removedAt)))
  .where(eq(projectMessages.caseId, caseId)).orderBy(desc(projectMessages.id)).limit(200);

/** The case as the project-status screen reads it. */
async function caseView(db: Db | Tx, clock: Clock, row: CaseRow): Promise<CustomerSuccessCase> {
  const [status, messages, filings, files] = await Promise.all([
    projectStatusOfCustomer(db, row.customerId),
    muralOf(db, row.id),
    db.select().from(projectFilings).where(eq(projectFilings.customerId, row.customerId)),
    db.select({ id: projectFiles.id, name: uploads.originalName, createdAt: projectFiles.createdAt }).from(projectFiles)
      .innerJoin(uploads, eq(uploads.id, projectFiles.uploadId)).where(eq(projectFiles.caseId, row.id)).orderBy(desc(projectFiles.id)),
  ]);
  return {
    id: row.id, client_id: row.customerId, status: row.status, upload_available: row.uploadAvailable, project_status: status,
    messages: messages.map((r) => messageView(r.m, r.a)),
    dealership: dealershipOf(filings, status, clock.now()),
    files: files.map(fileView),
  };
}

/** POST portal/customers_success/create: one case per customer, asking again returns it. Only for oneself. */
export async function openCustomerSuccess(deps: Deps, customerId: number, clientId: number): Promise<CustomerSuccessCase> {
  if (clientId !== customerId) throw new DomainError('NOT_FOUND');
  return caseView(deps.db, deps.clock, await ensureCase(deps.db, deps.clock, customerId));
}

/** GET /portal/customers_success/{id}/get_messages */
export async function customerCase(deps: Deps, customerId: number, caseId: number): Promise<CustomerSuccessCase> {
  return caseView(deps.db, deps.clock, await ownCase(deps.db, customerId, caseId));
}

/** The customer's own case whose upload staff opened (404 for another's case, 409 while closed). */
export async function requireOpenUpload(db: Db | Tx, customerId: number, caseId: number): Promise<CaseRow> {
  const row = await ownCase(db, customerId, caseId);
  if (!row.uploadAvailable) throw new DomainError('PROCESS_REFUSED');
  return row;
}

/**
 * POST portal/customers_success/{id}/upload: the file staff asked for, while they keep the upload
 * open. Received by the shared pipeline (streamed 10 MB cap, type by content), then counted against
 * the customer's quota and stored in one transaction; any refusal leaves nothing behind.
 */
export async function sendProjectFile(deps: Pick<AppDeps, 'db' | 'clock' | 'storage'>, customerId: number, caseId: number, file: StagedUpload): Promise<UploadAnswer> {
  const { db, clock, storage } = deps;
  let key: string | null = null;
  let row: CaseRow;
  let stored: typeof projectFiles.$inferSelect;
  try {
    row = await requireOpenUpload(db, customerId, caseId);
    key = await reserveStorageKey(db, clock);
    stored = await db.transaction(async (tx) => {
      await reserveUploadQuota(tx, customerId, 'project', file.size);
      const [u] = await tx.insert(uploads).values({
        customerId, purpose: 'project', storageKey: key!, originalName: file.originalName, kind: file.kind, size: file.size, createdAt: clock.now(),
      }).returning({ id: uploads.id });
      const [f] = await tx.insert(projectFiles).values({ caseId, uploadId: u!.id, createdAt: clock.now() }).returning();
      await keysStored(tx, [key!]);
      // moved into place last: a failure before it leaves only the staging file, removed below
      await storage.save(file.path, key!, UPLOAD_MIME[file.kind]);
      return f!;
    });
  } catch (e) {
    await file.discard();
    if (key) await discardStored(deps, [key]);
    throw e;
  }
  // after the commit: a failure from here on must not remove the file its row now names
  return { file: fileView({ id: stored.id, name: file.originalName, createdAt: stored.createdAt }), case: await caseView(db, clock, row) };
}

/** A file sent through the project-status screen: to its owner (their case) or to staff (the customer's id alone). */
export async function projectFile(deps: Pick<AppDeps, 'db' | 'storage'>, who: { customerId: number; caseId?: number }, fileId: number) {
  const [row] = await deps.db.select({ key: uploads.storageKey, kind: uploads.kind }).from(projectFiles)
    .innerJoin(customerSuccessCases, eq(customerSuccessCases.id, projectFiles.caseId))
    .innerJoin(uploads, eq(uploads.id, projectFiles.uploadId))
    .where(and(
      eq(projectFiles.id, fileId), eq(customerSuccessCases.customerId, who.customerId),
      ...(who.caseId === undefined ? [] : [eq(customerSuccessCases.id, who.caseId)]),
    ));
  if (!row) throw new DomainError('FILE_NOT_FOUND');
  return { bytes: await deps.storage.read(row.key), kind: row.kind, name: UPLOAD_DOWNLOAD_NAME.project };
}

/**
 * The file the team attached to a message of the mural: to the case's owner (their case) or to staff
 * (the customer's id alone); another customer's message, or one without a file, is not found.
 */
export async function muralAttachmentFile(deps: Pick<AppDeps, 'db' | 'storage'>, who: { customerId: number; caseId?: number }, messageId: number) {
  const [row] = await deps.db.select({ key: uploads.storageKey, kind: uploads.kind, name: uploads.originalName }).from(projectMessages)
    .innerJoin(customerSuccessCases, eq(customerSuccessCases.id, projectMessages.caseId))
    .innerJoin(uploads, eq(uploads.id, projectMessages.uploadId))
    .where(and(
      eq(projectMessages.id, messageId), eq(customerSuccessCases.customerId, who.customerId), isNull(uploads.removedAt),
      ...(who.caseId === undefined ? [] : [eq(customerSuccessCases.id, who.caseId)]),
    ));
  if (!row) throw new DomainError('FILE_NOT_FOUND');
  return { bytes: await deps.storage.read(row.key), kind: row.kind, name: row.name };
}

// ---- staff --------------------------------------------------------------------------------------

/** The customer exists (404 otherwise). */
export async function requireCustomer(db: Db | Tx, customerId: number): Promise<void> {
  const [c] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('NOT_FOUND');
}

const filingRecord = (f: FilingRow) => ({
  stage: f.stage, protocol: f.protocol, distributor: f.distributor, filed_on: f.filedOn, deadline_days: f.deadlineDays,
  deadline_unit: f.deadlineUnit, recorded_at: f.recordedAt.toISOString(),
});

/** GET admin/customers/{id}/project */
export async function staffProjectView(db: Db | Tx, clock: Clock, customerId: number): Promise<StaffProjectView> {
  await requireCustomer(db, customerId);
  const [row] = await db.select().from(customerSuccessCases).where(eq(customerSuccessCases.customerId, customerId));
  const p = await loadProcess(db, customerId);
  const filings = await db.select().from(projectFilings).where(eq(projectFilings.customerId, customerId));
  return {
    case: row ? await caseView(db, clock, row) : null,
    project_status: p ? projectStatusOf(p.snapshot) : null,
    version: p?.version ?? 0,
    filings: filings.sort((a, b) => projectStepIndex(a.stage) - projectStepIndex(b.stage)).map(filingRecord),
  };
}

async function recordFiling(tx: Tx, clock: Clock, staffId: number, customerId: number, stage: ProjectStatus, filing: FilingInput): Promise<void> {
  const values = {
    protocol: filing.protocol, distributor: filing.distributor ?? null, filedOn: filing.filed_on, deadlineDays: filing.deadline_days ?? null,
    deadlineUnit: filing.deadline_unit, recordedBy: staffId, recordedAt: clock.now(),
  };
  await tx.insert(projectFilings).values({ customerId, stage, ...values })
    .onConflictDoUpdate({ target: [projectFilings.customerId, projectFilings.stage], set: values });
}

/**
 * PUT admin/customers/{id}/project/status: the next status, one step at a time (the first one from
 * INSTALATION), moved on the customer's process with its notice and audit line in one transaction;
 * the current status again only corrects its filing. A filing needs a stage with the distributor.
 */
export async function changeProjectStatus(deps: Deps, staffId: number, customerId: number, change: ProjectStatusChange): Promise<StaffProjectView> {
  const { db, clock } = deps;
  await requireCustomer(db, customerId);
  if (change.filing && !isWithDistributor(change.status)) throw new DomainError('VALIDATION', { field: 'filing' });
  return db.transaction(async (tx) => {
    const p = await loadProcess(tx, customerId, true);
    if (!p) throw new DomainError('NOT_FOUND');
    const current = projectStatusOf(p.snapshot);
    const [before] = await tx.select().from(projectFilings)
      .where(and(eq(projectFilings.customerId, customerId), eq(projectFilings.stage, change.status)));
    await ensureCase(tx, clock, customerId);
    if (change.status === current) {
      if (!change.filing) throw new DomainError('PROCESS_REFUSED');
      if (change.version !== undefined && change.version !== p.version) throw new DomainError('PROCESS_STALE', { version: p.version });
      await recordFiling(tx, clock, staffId, customerId, change.status, change.filing);
      await audit(tx, clock, {
        staffId, action: 'project:filing', customerId,
        before: { project_status: current, filing: before ? filingRecord(before) : null }, after: { project_status: current, filing: change.filing },
      });
      return staffProjectView(tx, clock, customerId);
    }
    // one step at a time: the machine refuses any other (409), and a stale version too
    if (change.status !== nextProjectStatus(current)) throw new DomainError('PROCESS_REFUSED');
    if (change.filing) await recordFiling(tx, clock, staffId, customerId, change.status, change.filing);
    await moveProcessIn(tx, deps, customerId, { type: PROJECT_STATUS_EVENTS[change.status] }, {
      by: byStaff(staffId), expectedVersion: change.version,
      audit: {
        action: 'project:status',
        subject: { before: { project_status: current, filing: before ? filingRecord(before) : null }, after: { project_status: change.status, filing: change.filing ?? null } },
      },
    });
    return staffProjectView(tx, clock, customerId);
  });
}

/**
 * POST admin/customers/{id}/project/attachments: a file for the customer's mural, received by the
 * customers' own pipeline (streamed 10 MB cap, type by content) and stored as the customer's upload
 * of purpose 'mural', waiting for its message. It is the team's file: the customer's quota of
 * project files (purpose 'project') is not touched. Any refusal leaves nothing behind.
 */
export async function stageMuralAttachment(deps: Pick<AppDeps, 'db' | 'clock' | 'storage'>, customerId: number, file: StagedUpload): Promise<StagedAttachment> {
  const { db, clock, storage } = deps;
  let key: string | null = null;
  try {
    await requireCustomer(db, customerId);
    key = await reserveStorageKey(db, clock);
    return await db.transaction(async (tx) => {
      const [u] = await tx.insert(uploads).values({
        customerId, purpose: 'mural', storageKey: key!, originalName: file.originalName, kind: file.kind, size: file.size, createdAt: clock.now(),
      }).returning({ id: uploads.id });
      await keysStored(tx, [key!]);
      await storage.save(file.path, key!, UPLOAD_MIME[file.kind]);
      return { id: u!.id, name: file.originalName, kind: file.kind, size: file.size };
    });
  } catch (e) {
    await file.discard();
    if (key) await discardStored(deps, [key]);
    throw e;
  }
}

/** How long a team member's attachment waits for its message before the purge removes it. */
export const UNPOSTED_ATTACHMENT_MAX_AGE_MS = 24 * 3600_000;

/**
 * The hourly purge: attachments the team sent (POST .../project/attachments) but never posted with
 * a message, a day on. Their rows are marked removed and their files leave storage by the queue
 * once this commits. The rows are locked before the messages are read, so a message taking one
 * at the same moment either wins (it is kept) or finds it removed (404).
 */
export async function removeUnpostedAttachments(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const stale = await tx.select({ id: uploads.id, key: uploads.storageKey }).from(uploads)
      .where(and(
        eq(uploads.purpose, 'mural'), isNull(uploads.removedAt), lt(uploads.createdAt, new Date(now.getTime() - UNPOSTED_ATTACHMENT_MAX_AGE_MS)),
        notExists(tx.select({ one: sql`1` }).from(projectMessages).where(eq(projectMessages.uploadId, uploads.id))),
      ))
      .orderBy(uploads.id)
      .for('update');
    if (stale.length === 0) return 0;
    const ids = stale.map((u) => u.id);
    const posted = new Set((await tx.select({ id: projectMessages.uploadId }).from(projectMessages).where(inArray(projectMessages.uploadId, ids))).map((m) => m.id));
    const unposted = stale.filter((u) => !posted.has(u.id));
    if (unposted.length === 0) return 0;
    await tx.update(uploads).set({ removedAt: now }).where(inArray(uploads.id, unposted.map((u) => u.id)));
    for (const u of unposted) await enqueue(tx, deps.clock, UPLOAD_REMOVE_JOB, { key: u.key });
    return unposted.length;
  });
}

/**
 * The staged file a message takes: the customer's, received by POST .../project/attachments (not a
 * file the customer sent, not removed), locked so two messages cannot take it; 404 when it is none
 * of that, 409 when a message already took it.
 */
async function takeAttachment(tx: Tx, customerId: number, uploadId: number): Promise<NonNullable<AttachmentRow> & { id: number }> {
  const [u] = await tx.select({ id: uploads.id, name: uploads.originalName, kind: uploads.kind, size: uploads.size }).from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.customerId, customerId), eq(uploads.purpose, 'mural'), isNull(uploads.removedAt))).for('update');
  const [customerFile] = u ? await tx.select({ id: projectFiles.id }).from(projectFiles).where(eq(projectFiles.uploadId, uploadId)) : [];
  if (!u || customerFile) throw new DomainError('FILE_NOT_FOUND', { field: 'attachment_id' });
  const [taken] = await tx.select({ id: projectMessages.id }).from(projectMessages).where(eq(projectMessages.uploadId, uploadId));
  if (taken) throw new DomainError('PROCESS_REFUSED', { field: 'attachment_id' });
  return u;
}

/** POST admin/customers/{id}/project/messages: on the mural (with its file, if any), told in the bell, audited, in one transaction. */
export async function postProjectMessage(deps: Deps, staffId: number, customerId: number, input: ProjectMessageInput): Promise<ProjectMessage> {
  const { db, clock } = deps;
  const { message } = input;
  await requireCustomer(db, customerId);
  return db.transaction(async (tx) => {
    const row = await ensureCase(tx, clock, customerId);
    const file = input.attachment_id === undefined ? null : await takeAttachment(tx, customerId, input.attachment_id);
    const [m] = await tx.insert(projectMessages).values({ caseId: row.id, message, staffId, uploadId: file?.id ?? null, createdAt: clock.now() }).returning();
    await notify(tx, clock, customerId, fill('notification.project.message', {}), emailOfNotice('notification.project.message'));
    await audit(tx, clock, {
      staffId, action: 'project:message', customerId, before: null,
      after: { message_id: m!.id, message, ...(file ? { attachment: { upload_id: file.id, name: file.name, kind: file.kind, size: file.size } } : {}) },
    });
    return messageView(m!, file);
  });
}

/** PUT admin/customers/{id}/project/upload: opening it tells the customer; audited. */
export async function switchProjectUpload(deps: Deps, staffId: number, customerId: number, available: boolean): Promise<StaffProjectView> {
  const { db, clock } = deps;
  await requireCustomer(db, customerId);
  return db.transaction(async (tx) => {
    const row = await ensureCase(tx, clock, customerId);
    if (row.uploadAvailable !== available) {
      await tx.update(customerSuccessCases).set({ uploadAvailable: available }).where(eq(customerSuccessCases.id, row.id));
      if (available) await notify(tx, clock, customerId, fill('notification.project.upload', {}), emailOfNotice('notification.project.upload'));
      await audit(tx, clock, { staffId, action: 'project:upload', customerId, before: { upload_available: row.uploadAvailable }, after: { upload_available: available } });
    }
    return staffProjectView(tx, clock, customerId);
  });
}
