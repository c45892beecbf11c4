import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifications, staffAudit } from '../../../src/server/platform/db/schema';
import { createStaff } from '../../../src/server/staff/service';
import { auditTrail } from '../../../src/server/staff/audit';
import { messages as m } from '../../../src/shared/messages';
import { PROJECT_STATUSES } from '../../../src/shared/project/rules';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtInstallation, signUpCustomerWithId } from '../../support/flows';
import { fixture, storedFiles, upload } from '../../support/uploads';

let s: TestServer;
let staffToken: string;
beforeAll(async () => {
  s = await createTestServer();
  staffToken = (await createStaff(s.db, s.clock, 'Rita', `rita.project.${process.pid}@empresa.com.br`)).token;
});
afterAll(async () => { await s.close(); });

const staff = (method: string, path: string, body?: unknown) => call(s, method, `/admin${path}`, body, { token: staffToken });
const caseOf = (c: { token: string; caseId: number | null }) => call(s, 'GET', `/portal/customers_success/${c.caseId}/get_messages`, undefined, { token: c.token });
const bell = async (id: number) => (await s.db.select().from(notifications).where(eq(notifications.customerId, id)).orderBy(asc(notifications.id))).map((n) => n.message);
const trail = async (id: number) => (await s.db.select().from(staffAudit).where(eq(staffAudit.customerId, id)).orderBy(asc(staffAudit.id)));
const steps = async (token: string) => ((await call(s, 'GET', '/portal/customers', undefined, { token })).body.steps as { type: string; status: string }[])
  .map((x) => `${x.type}:${x.status}`);
const setStatus = (id: number, status: string, extra: Record<string, unknown> = {}) => staff('PUT', `/customers/${id}/project/status`, { status, ...extra });

describe('the customer-success case (POST /portal/customers_success/create, GET .../get_messages)', () => {
  test("'Acompanhar meu projeto' opens one case; the screen's read shows step 0 before staff open the project, an empty mural and no upload", async () => {
    const c = await customerAtInstallation(s);
    const again = await call(s, 'POST', '/portal/customers_success/create', { client_id: c.id }, { token: c.token });
    expect(again.body.id).toBe(c.caseId);
    const r = await caseOf(c);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: c.caseId, client_id: c.id, status: 'OPEN', upload_available: false, project_status: null, messages: [], dealership: null, files: [],
    });
    // the process stays at INSTALATION (the contracts page's browser test relies on it); the menu lands on the project status
    expect(await steps(c.token)).toContain('INSTALATION:PENDING');
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
    expect(me.body.customer_success).toEqual({ id: c.caseId, status: 'OPEN', upload_available: false });
  });

  test("another customer's case is not found: its mural, its upload and its files", async () => {
    const c = await customerAtInstallation(s);
    await staff('PUT', `/customers/${c.id}/project/upload`, { available: true });
    const other = await signUpCustomerWithId(s);
    expect((await call(s, 'GET', `/portal/customers_success/${c.caseId}/get_messages`, undefined, { token: other.token })).status).toBe(404);
    expect((await call(s, 'GET', '/portal/customers_success/abc/get_messages', undefined, { token: other.token })).status).toBe(404);
    const sent = await upload(s, `/portal/customers_success/${c.caseId}/upload`, { bytes: fixture('photo-bill.png'), name: 'foto.png' }, { token: other.token });
    expect(sent.status).toBe(404);
    const mine = await upload(s, `/portal/customers_success/${c.caseId}/upload`, { bytes: fixture('photo-bill.png'), name: 'foto.png' }, { token: c.token });
    expect(mine.status).toBe(201);
    const fileId = (mine.body.file as { id: number }).id;
    expect((await call(s, 'GET', `/portal/customers_success/${c.caseId}/files/${fileId}`, undefined, { token: other.token })).status).toBe(404);
    const otherCase = Number((await call(s, 'POST', '/portal/customers_success/create', { client_id: other.id }, { token: other.token })).body.id);
    expect((await call(s, 'GET', `/portal/customers_success/${otherCase}/files/${fileId}`, undefined, { token: other.token })).status).toBe(404);
    expect((await call(s, 'GET', `/portal/customers_success/${c.caseId}/get_messages`)).status).toBe(401);
  });
});

describe('staff move the project through the seven statuses (PUT /admin/customers/{id}/project/status)', () => {
  test('one step at a time from INSTALATION to a connected system: each move told in the bell, audited, and read by the screen', async () => {
    const c = await customerAtInstallation(s);
    for (const [i, status] of PROJECT_STATUSES.entries()) {
      const r = await setStatus(c.id, status);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.project_status).toBe(status);
      expect((await caseOf(c)).body.project_status).toBe(status);
      expect((await bell(c.id)).at(-1)).toBe(m[`notification.project.${status}`]);
      expect((await trail(c.id)).at(-1)).toMatchObject({
        action: 'project:status', before: expect.objectContaining({ project_status: i === 0 ? null : PROJECT_STATUSES[i - 1] }),
        after: expect.objectContaining({ project_status: status }),
      });
    }
    expect((await steps(c.token)).slice(-2)).toEqual(['INSTALATION:APPROVED', 'PROJECT_STATUS:APPROVED']);
    // nothing after the last one
    expect((await setStatus(c.id, 'SYSTEM_CONNECTED_AND_WORKING')).status).toBe(409);
  });

  test('a skipped step, a step back, a stale version and a customer not yet at INSTALATION are refused, and nothing changes', async () => {
    const c = await customerAtInstallation(s);
    expect((await setStatus(c.id, 'PROJECT_SUBMITTED_TO_DEALERSHIP')).status).toBe(409);
    const started = await setStatus(c.id, 'PROJECT_IN_PREPARATION');
    const version = Number(started.body.version);
    expect((await setStatus(c.id, 'EQUIPMENT_DISPATCHED')).status).toBe(409);
    const stale = await setStatus(c.id, 'PROJECT_SUBMITTED_TO_DEALERSHIP', { version: version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(4091);
    expect((await caseOf(c)).body.project_status).toBe('PROJECT_IN_PREPARATION');
    expect((await setStatus(c.id, 'PROJECT_SUBMITTED_TO_DEALERSHIP', { version })).status).toBe(200);
    expect((await setStatus(c.id, 'PROJECT_IN_PREPARATION')).status).toBe(409);
    const early = await signUpCustomerWithId(s);
    expect((await setStatus(early.id, 'PROJECT_IN_PREPARATION')).status).toBe(409);
    expect((await staff('PUT', '/customers/999999/project/status', { status: 'PROJECT_IN_PREPARATION' })).status).toBe(404);
    // a customer's token is no staff token
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/project/status`, { status: 'PROJECT_APPROVED_BY_THE_CONCESSIONAIRE' }, { token: c.token })).status).toBe(403);
  });
});

describe('the mural (POST /admin/customers/{id}/project/messages)', () => {
  test('staff messages show newest first, each told in the bell and audited; an empty one is refused', async () => {
    const c = await customerAtInstallation(s);
    for (const text of ['Recebemos seus contratos.', 'Projeto em análise pelo engenheiro.']) {
      const r = await staff('POST', `/customers/${c.id}/project/messages`, { message: `  ${text} ` });
      expect(r.status).toBe(201);
      expect(r.body.message).toBe(text);
      s.clock.advance(60_000);
    }
    const view = await caseOf(c);
    expect((view.body.messages as { message: string }[]).map((x) => x.message)).toEqual(['Projeto em análise pelo engenheiro.', 'Recebemos seus contratos.']);
    expect((await bell(c.id)).filter((x) => x === m['notification.project.message'])).toHaveLength(2);
    expect((await trail(c.id)).map((a) => a.action)).toEqual(['project:message', 'project:message']);
    expect((await staff('POST', `/customers/${c.id}/project/messages`, { message: '   ' })).status).toBe(400);
  });

  test('a message to a customer without a case opens it', async () => {
    const c = await customerAtInstallation(s, { opened: false });
    expect((await staff('POST', `/customers/${c.id}/project/messages`, { message: 'Bem-vindo!' })).status).toBe(201);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
    const id = (me.body.customer_success as { id: number }).id;
    expect(((await caseOf({ token: c.token, caseId: id })).body.messages as unknown[])).toHaveLength(1);
  });
});

describe('the upload staff ask for (POST portal/customers_success/{id}/upload)', () => {
  test('refused while closed; opened by staff (told, audited, on the profile); stored by content, listed, served to its owner and to staff', async () => {
    const c = await customerAtInstallation(s);
    const pdf = fixture('bank-statement.pdf');
    const closed = await upload(s, `/portal/customers_success/${c.caseId}/upload`, { bytes: pdf, name: 'comprovante.pdf' }, { token: c.token });
    expect(closed.status).toBe(409);
    expect((await staff('PUT', `/customers/${c.id}/project/upload`, { available: true })).status).toBe(200);
    expect((await bell(c.id)).at(-1)).toBe(m['notification.project.upload']);
    expect((await trail(c.id)).at(-1)).toMatchObject({ action: 'project:upload', before: { upload_available: false }, after: { upload_available: true } });
    expect(((await call(s, 'GET', '/portal/customers', undefined, { token: c.token })).body.customer_success as { upload_available: boolean }).upload_available).toBe(true);

    const sent = await upload(s, `/portal/customers_success/${c.caseId}/upload`, { bytes: pdf, name: 'comprovante.pdf' }, { token: c.token });
    expect(sent.status).toBe(201);
    const file = sent.body.file as { id: number; name: string };
    expect(file.name).toBe('comprovante.pdf');
    expect((sent.body.case as { files: unknown[] }).files).toEqual([expect.objectContaining({ id: file.id, name: 'comprovante.pdf' })]);

    const own = await s.fetch(`/api/v1/portal/customers_success/${c.caseId}/files/${file.id}`, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('Content-Disposition')).toMatch(/^attachment; filename="arquivo-do-projeto\.pdf"/);
    expect(own.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(pdf);
    const byStaff = await s.fetch(`/api/v1/admin/customers/${c.id}/project/files/${file.id}`, { headers: { Authorization: `Bearer ${staffToken}` } });
    expect(byStaff.status).toBe(200);
    expect(await auditTrail(s.db, { customerId: c.id, action: 'read:project-file' })).toEqual([
      expect.objectContaining({ customer_id: c.id, after: { file_id: file.id } }),
    ]);
    expect((await staff('GET', `/customers/${c.id}/project/files/999999`)).status).toBe(404);

    expect((await staff('PUT', `/customers/${c.id}/project/upload`, { available: false })).status).toBe(200);
    expect((await upload(s, `/portal/customers_success/${c.caseId}/upload`, { bytes: pdf, name: 'outro.pdf' }, { token: c.token })).status).toBe(409);
  });

  test('by content, not by name: a text file named .pdf is 415, past 10 MB is 413, and nothing is left behind', async () => {
    const c = await customerAtInstallation(s);
    await staff('PUT', `/customers/${c.id}/project/upload`, { available: true });
    const before = (await storedFiles(s)).length;
    const fake = await upload(s, `/portal/customers_success/${c.caseId}/upload`, { bytes: new TextEncoder().encode('<script>alert(1)</script>'), name: 'nota.pdf', type: 'application/pdf' }, { token: c.token });
    expect(fake.status).toBe(415);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(fixture('photo-bill.png').subarray(0, 64));
    const tooBig = await upload(s, `/portal/customers_success/${c.caseId}/upload`, { bytes: big, name: 'grande.png' }, { token: c.token });
    expect(tooBig.status).toBe(413);
    const missing = await s.fetch(`/api/v1/portal/customers_success/${c.caseId}/upload`, { method: 'POST', headers: { Authorization: `Bearer ${c.token}` }, body: new FormData() });
    expect(missing.status).toBe(400);
    expect((await storedFiles(s)).length).toBe(before);
    expect(((await caseOf(c)).body.files as unknown[])).toEqual([]);
  });
});

describe("the distributor's request (docs/decisions/0022-project-status.md)", () => {
  test('recorded with the status from PROJECT_SUBMITTED_TO_DEALERSHIP on; days on the server clock; overdue past the last day; corrected by the same status', async () => {
    s.clock.set(new Date('2026-03-02T15:00:00Z'));
    const c = await customerAtInstallation(s);
    await setStatus(c.id, 'PROJECT_IN_PREPARATION');
    // no request before the distributor stage
    expect((await setStatus(c.id, 'PROJECT_IN_PREPARATION', { filing: { protocol: 'X', filed_on: '2026-03-02' } })).status).toBe(400);
    const filing = { protocol: 'OC-2026-000123', distributor: 'Enel SP', filed_on: '2026-03-02', deadline_days: 15 };
    expect((await setStatus(c.id, 'PROJECT_SUBMITTED_TO_DEALERSHIP', { filing })).status).toBe(200);
    expect((await caseOf(c)).body.dealership).toEqual({
      stage: 'PROJECT_SUBMITTED_TO_DEALERSHIP', current: true, protocol: 'OC-2026-000123', distributor: 'Enel SP', filed_on: '2026-03-02',
      deadline_days: 15, deadline_unit: 'CALENDAR', due_on: '2026-03-17', days_elapsed: 0, overdue: false,
    });
    s.clock.set(new Date('2026-03-17T23:00:00Z')); // 20:00 in Brasília: still the last day
    expect((await caseOf(c)).body.dealership).toMatchObject({ days_elapsed: 15, overdue: false });
    s.clock.set(new Date('2026-03-18T12:00:00Z'));
    expect((await caseOf(c)).body.dealership).toMatchObject({ days_elapsed: 16, overdue: true });

    // staff correct the day (same status): audited as a filing, the process does not move
    const corrected = await setStatus(c.id, 'PROJECT_SUBMITTED_TO_DEALERSHIP', { filing: { ...filing, filed_on: '2026-03-05' } });
    expect(corrected.status).toBe(200);
    expect((await trail(c.id)).at(-1)).toMatchObject({ action: 'project:filing' });
    expect((await caseOf(c)).body.dealership).toMatchObject({ filed_on: '2026-03-05', due_on: '2026-03-20', days_elapsed: 13, overdue: false });

    // approved: the request stays in view with its protocol, its deadline no longer runs
    await setStatus(c.id, 'PROJECT_APPROVED_BY_THE_CONCESSIONAIRE');
    expect((await caseOf(c)).body.dealership).toMatchObject({ stage: 'PROJECT_SUBMITTED_TO_DEALERSHIP', current: false, protocol: 'OC-2026-000123', due_on: null, overdue: false });

    // the inspection's deadline in working days (Good Friday 3 April 2026 is skipped)
    await setStatus(c.id, 'EQUIPMENT_DISPATCHED');
    const inspection = { protocol: 'VIST-77', filed_on: '2026-04-02', deadline_days: 7, deadline_unit: 'BUSINESS' };
    expect((await setStatus(c.id, 'EQUIPMENT_DELIVERED', { filing: inspection })).status).toBe(200);
    s.clock.set(new Date('2026-04-15T12:00:00Z'));
    expect((await caseOf(c)).body.dealership).toMatchObject({ stage: 'EQUIPMENT_DELIVERED', due_on: '2026-04-14', deadline_unit: 'BUSINESS', days_elapsed: 13, overdue: true });
    const view = await staff('GET', `/customers/${c.id}/project`);
    expect((view.body.filings as { stage: string }[]).map((f) => f.stage)).toEqual(['PROJECT_SUBMITTED_TO_DEALERSHIP', 'EQUIPMENT_DELIVERED']);
    s.clock.set(new Date());
  });
});

describe('GET /faq', () => {
  test('public, every question with its HTML answer', async () => {
    const r = await call(s, 'GET', '/faq');
    expect(r.status).toBe(200);
    const data = r.body.data as { id: number; title: string; description: string }[];
    expect(data.length).toBeGreaterThan(5);
    expect(data.every((e) => e.description.startsWith('<p>'))).toBe(true);
    expect(data.map((e) => e.title)).toContain('O que faço se a distribuidora passar do prazo?');
  });
});
