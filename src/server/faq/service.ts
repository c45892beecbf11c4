import { asc, eq, like, max, sql } from 'drizzle-orm';
import { FAQ_ENTRIES } from '#shared/faq/rules';
import type { FaqEntryInput, StaffFaqEntry } from '#shared/faq/payloads';
import { messages } from '#shared/messages';
import type { Clock } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { faqEntries, staffAudit } from '../platform/db/schema';
import { DomainError } from '../errors';
import { audit } from '../staff/audit';
import { hasText, sanitiseFaqHtml } from './sanitise';

/**
 * The FAQ of 'Preciso de atendimento' (spec §2, §7 GET /faq), kept by admins in the back-office.
 * The table starts as the questions of src/shared/faq/rules.ts; every answer passes the one
 * sanitising rule (./sanitise.ts) when it is kept and again when it is served.
 */

type Row = typeof faqEntries.$inferSelect;

const staffView = (r: Row): StaffFaqEntry => ({
  id: r.id, question: r.question, answer_html: r.answerHtml, position: r.position, updated_by: r.updatedBy, updated_at: r.updatedAt.toISOString(),
});
/** What the audit keeps of a question. */
const audited = (r: Row) => ({ id: r.id, question: r.question, answer_html: r.answerHtml, position: r.position });

const inOrder = (db: Db | Tx) => db.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.id));

const seeded = new WeakSet<Db>();

/**
 * Fills an empty table with the portal's starting questions, once per database: not after an admin
 * has worked on the FAQ (an audited 'faq:' action), so deleting every question does not bring the
 * starting ones back. Idempotent under concurrent first reads (an advisory lock in one transaction).
 */
export async function ensureFaqSeeded(db: Db, clock: Clock): Promise<void> {
  if (seeded.has(db)) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('faq:seed'))`);
    const [any] = await tx.select({ id: faqEntries.id }).from(faqEntries).limit(1);
    if (any) return;
    const [worked] = await tx.select({ id: staffAudit.id }).from(staffAudit).where(like(staffAudit.action, 'faq:%')).limit(1);
    if (worked) return;
    const now = clock.now();
    await tx.insert(faqEntries).values(FAQ_ENTRIES.map((e, i) => ({
      question: e.title, answerHtml: sanitiseFaqHtml(e.description), position: i + 1, updatedBy: null, updatedAt: now,
    })));
  });
  seeded.add(db);
}

/** GET /faq: the questions in order, each answer sanitised again on the way out. */
export async function publicFaq(db: Db, clock: Clock): Promise<{ id: number; title: string; description: string }[]> {
  await ensureFaqSeeded(db, clock);
  const rows = await inOrder(db);
  return rows.map((r) => ({ id: r.id, title: r.question, description: sanitiseFaqHtml(r.answerHtml) }));
}

/** GET admin/faq */
export async function staffFaqList(db: Db, clock: Clock): Promise<StaffFaqEntry[]> {
  await ensureFaqSeeded(db, clock);
  return (await inOrder(db)).map(staffView);
}

/** The answer as it will be kept: sanitised, and still saying something. */
function cleanAnswer(html: string): string {
  const clean = sanitiseFaqHtml(html);
  if (!hasText(clean)) throw new DomainError('VALIDATION', { field: 'answer_html' }, messages['faq.answer.required']);
  return clean;
}

/** POST admin/faq: a new question at the end of the list; audited. */
export async function createFaqEntry(db: Db, clock: Clock, staffId: number, input: FaqEntryInput): Promise<StaffFaqEntry> {
  await ensureFaqSeeded(db, clock);
  const answerHtml = cleanAnswer(input.answer_html);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('faq:order'))`);
    const [last] = await tx.select({ position: max(faqEntries.position) }).from(faqEntries);
    const [row] = await tx.insert(faqEntries).values({
      question: input.question, answerHtml, position: (last?.position ?? 0) + 1, updatedBy: staffId, updatedAt: clock.now(),
    }).returning();
    if (!row) throw new Error('faq insert returned nothing');
    await audit(tx, clock, { staffId, action: 'faq:create', customerId: null, before: null, after: audited(row) });
    return staffView(row);
  });
}

const notFound = () => new DomainError('NOT_FOUND', { field: 'faqId' }, messages['faq.notFound']);

/** PUT admin/faq/{faqId}: a new wording of a question or its answer; audited with before and after. */
export async function updateFaqEntry(db: Db, clock: Clock, staffId: number, id: number, input: FaqEntryInput): Promise<StaffFaqEntry> {
  const answerHtml = cleanAnswer(input.answer_html);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for('update');
    if (!before) throw notFound();
    const [row] = await tx.update(faqEntries).set({ question: input.question, answerHtml, updatedBy: staffId, updatedAt: clock.now() })
      .where(eq(faqEntries.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx, clock, { staffId, action: 'faq:update', customerId: null, before: audited(before), after: audited(row) });
    return staffView(row);
  });
}

/** DELETE admin/faq/{faqId}: audited with what the question said. */
export async function deleteFaqEntry(db: Db, clock: Clock, staffId: number, id: number): Promise<StaffFaqEntry[]> {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning();
    if (!before) throw notFound();
    await audit(tx, clock, { staffId, action: 'faq:delete', customerId: null, before: audited(before), after: null });
    return (await inOrder(tx)).map(staffView);
  });
}

/** PUT admin/faq/order: every question once, first to last; audited with the order before and after. */
export async function reorderFaq(db: Db, clock: Clock, staffId: number, ids: readonly number[]): Promise<StaffFaqEntry[]> {
  await ensureFaqSeeded(db, clock);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('faq:order'))`);
    const rows = await inOrder(tx);
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw new DomainError('VALIDATION', { field: 'ids' }, messages['faq.order.incomplete']);
    }
    const now = clock.now();
    for (const [i, id] of ids.entries()) {
      const row = rows.find((r) => r.id === id);
      if (row?.position !== i + 1) await tx.update(faqEntries).set({ position: i + 1, updatedBy: staffId, updatedAt: now }).where(eq(faqEntries.id, id));
    }
    await audit(tx, clock, { staffId, action: 'faq:reorder', customerId: null, before: { ids: rows.map((r) => r.id) }, after: { ids: [...ids] } });
    return (await inOrder(tx)).map(staffView);
  });
}
