import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { staffAudit, uploads } from '../../../src/server/platform/db/schema';
import { createStaff } from '../../../src/server/staff/service';
import { auditTrail } from '../../../src/server/staff/audit';
import { removeUnpostedAttachments, UNPOSTED_ATTACHMENT_MAX_AGE_MS } from '../../../src/server/project/service';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtInstallation } from '../../support/flows';
import { fixture, storedFiles, upload } from '../../support/uploads';

/**
 * Support's answer on the mural with a file: the file is received as the customers' files are
 * (type by content, 10 MB, nothing left behind when refused), goes with one message, and only the
 * case's owner downloads it; other roles cannot attach.
 */
let s: TestServer;
const token = {} as Record<'support' | 'sales', string>;
beforeAll(async () => {
  s = await createTestServer();
  for (const role of ['support', 'sales'] as const) token[role] = (await createStaff(s.db, s.clock, role, `${role}.mural.${process.pid}@empresa.com.br`, [role])).token;
});
afterAll(async () => { await s.close(); });

const pdf = () => ({ bytes: fixture('cemig-clean-residential.pdf'), name: 'Orçamento da distribuidora.pdf' });
const stage = (customerId: number, file: { bytes: Uint8Array; name: string }, role: keyof typeof token = 'support') =>
  upload(s, `/admin/customers/${customerId}/project/attachments`, file, { token: token[role] });
const post = (customerId: number, body: Record<string, unknown>, role: keyof typeof token = 'support') =>
  call(s, 'POST', `/admin/customers/${customerId}/project/messages`, body, { token: token[role] });
const download = (path: string, bearer: string) => s.fetch(`/api/v1${path}`, { headers: { Authorization: `Bearer ${bearer}` } });

describe('POST /admin/customers/{id}/project/attachments, then .../project/messages with attachment_id', () => {
  test('the message carries the file on the mural; the customer downloads it from their own case, another customer is refused (404)', async () => {
    const c = await customerAtInstallation(s);
    const staged = await stage(c.id, pdf());
    expect(staged.status).toBe(201);
    expect(staged.body).toMatchObject({ name: 'Orçamento da distribuidora.pdf', kind: 'pdf', size: pdf().bytes.byteLength });
    const posted = await post(c.id, { message: 'Segue o orçamento da distribuidora.', attachment_id: staged.body.id });
    expect(posted.status).toBe(201);
    expect(posted.body.attachment).toEqual({ name: 'Orçamento da distribuidora.pdf', kind: 'pdf', size: pdf().bytes.byteLength });
    const mural = await call(s, 'GET', `/portal/customers_success/${c.caseId}/get_messages`, undefined, { token: c.token });
    const [message] = mural.body.messages as { id: number; message: string; attachment: unknown }[];
    expect(message).toMatchObject({ message: 'Segue o orçamento da distribuidora.', attachment: { name: 'Orçamento da distribuidora.pdf', kind: 'pdf' } });

    const mine = await download(`/portal/customers_success/${c.caseId}/messages/${message!.id}/attachment`, c.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('Content-Type')).toBe('application/pdf');
    expect(mine.headers.get('Content-Disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await mine.arrayBuffer()).equals(Buffer.from(pdf().bytes))).toBe(true);
    // staff read it too
    expect((await download(`/admin/customers/${c.id}/project/messages/${message!.id}/attachment`, token.sales)).status).toBe(200);
    // on the audit trail, the customer's download not (issue 29, F14)
    expect(await auditTrail(s.db, { customerId: c.id, action: 'read:mural-attachment' })).toEqual([
      expect.objectContaining({ customer_id: c.id, after: { message_id: message!.id } }),
    ]);

    const other = await customerAtInstallation(s);
    expect((await download(`/portal/customers_success/${c.caseId}/messages/${message!.id}/attachment`, other.token)).status).toBe(404);
    expect((await download(`/portal/customers_success/${other.caseId}/messages/${message!.id}/attachment`, other.token)).status).toBe(404);
    expect((await download(`/portal/customers_success/${c.caseId}/messages/${message!.id}/attachment`, '')).status).toBe(401);

    // the team's file is not one of the customer's project files: their quota of those is untouched
    const customerFiles = await s.db.select().from(uploads).where(and(eq(uploads.customerId, c.id), eq(uploads.purpose, 'project')));
    expect(customerFiles).toHaveLength(0);

    // the post audited with the file (the staff download after it is a line of its own)
    const trail = await s.db.select().from(staffAudit).where(eq(staffAudit.customerId, c.id)).orderBy(asc(staffAudit.id));
    expect(trail.map((t) => t.action)).toEqual(['project:message', 'read:mural-attachment']);
    expect(trail[0]).toMatchObject({ action: 'project:message', after: expect.objectContaining({ attachment: expect.objectContaining({ kind: 'pdf' }) }) });
  });

  test('a message without a file has none; a message on a file without one is 404', async () => {
    const c = await customerAtInstallation(s);
    const posted = await post(c.id, { message: 'Projeto em análise.' });
    expect(posted.body.attachment).toBeNull();
    expect((await download(`/portal/customers_success/${c.caseId}/messages/${posted.body.id}/attachment`, c.token)).status).toBe(404);
  });

  test('a file goes with one message; another customer\'s file, or a file the customer sent, cannot be attached', async () => {
    const c = await customerAtInstallation(s);
    const other = await customerAtInstallation(s);
    const staged = await stage(c.id, pdf());
    expect((await post(other.id, { message: 'Oi', attachment_id: staged.body.id })).status).toBe(404);
    expect((await post(c.id, { message: 'Primeira', attachment_id: staged.body.id })).status).toBe(201);
    expect((await post(c.id, { message: 'De novo', attachment_id: staged.body.id })).status).toBe(409);
    await call(s, 'PUT', `/admin/customers/${c.id}/project/upload`, { available: true }, { token: token.support });
    const sent = await upload(s, `/portal/customers_success/${c.caseId}/upload`, { bytes: fixture('photo-bill.png'), name: 'foto.png' }, { token: c.token });
    const [customerUpload] = await s.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.customerId, c.id)).orderBy(asc(uploads.id)).limit(1).offset(1);
    expect(sent.status).toBe(201);
    expect((await post(c.id, { message: 'Com o arquivo dele', attachment_id: customerUpload!.id })).status).toBe(404);
    expect((await post(c.id, { message: 'Nada', attachment_id: 999_999 })).status).toBe(404);
  });

  test('a file that is not a PDF, JPEG or PNG by its content is refused (415) with the customers\' message, and nothing is kept', async () => {
    const c = await customerAtInstallation(s);
    const before = (await storedFiles(s)).length;
    const r = await stage(c.id, { bytes: new TextEncoder().encode('<html><script>alert(1)</script></html>'), name: 'orcamento.pdf' });
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ code: 4150 });
    const customerRefusal = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: new TextEncoder().encode('<html></html>'), name: 'conta.pdf' }, { token: c.token });
    expect(r.body.message).toBe(customerRefusal.body.message);
    expect((await stage(c.id, { bytes: new Uint8Array(), name: 'vazio.pdf' })).status).toBe(400);
    expect((await storedFiles(s)).length).toBe(before);
    expect(await s.db.select().from(uploads).where(eq(uploads.customerId, c.id))).toEqual([]);
  });

  test('only support attaches and posts (4032 for sales); no such customer is 404', async () => {
    const c = await customerAtInstallation(s);
    expect((await stage(c.id, pdf(), 'sales')).body).toMatchObject({ code: 4032 });
    expect((await post(c.id, { message: 'Oi' }, 'sales')).body).toMatchObject({ code: 4032 });
    expect((await stage(999_999, pdf())).status).toBe(404);
  });
});

describe('an attachment never posted', () => {
  test('a day on, the purge removes it (row marked removed, file gone); a posted one and a younger one stay; a message can no longer take it', async () => {
    const c = await customerAtInstallation(s);
    const forgotten = await stage(c.id, pdf());
    const posted = await stage(c.id, pdf());
    expect((await post(c.id, { message: 'Segue o orçamento.', attachment_id: posted.body.id })).status).toBe(201);
    s.clock.advance(UNPOSTED_ATTACHMENT_MAX_AGE_MS - 60_000);
    const younger = await stage(c.id, pdf());
    s.clock.advance(120_000);
    const keyOf = async (id: unknown) => (await s.db.select().from(uploads).where(eq(uploads.id, Number(id))))[0]!;
    const filesBefore = (await storedFiles(s)).length;
    expect(await removeUnpostedAttachments(s.deps)).toBe(1);
    await s.drainQueue();
    expect((await keyOf(forgotten.body.id)).removedAt).not.toBeNull();
    expect((await keyOf(posted.body.id)).removedAt).toBeNull();
    expect((await keyOf(younger.body.id)).removedAt).toBeNull();
    const after = await storedFiles(s);
    const gone = (await keyOf(forgotten.body.id)).storageKey;
    expect(after.some((f) => f.endsWith(gone))).toBe(false);
    expect(after.length).toBe(filesBefore - 1);
    expect((await post(c.id, { message: 'Atrasado.', attachment_id: forgotten.body.id })).status).toBe(404);
    expect(await removeUnpostedAttachments(s.deps)).toBe(0);
  });
});
