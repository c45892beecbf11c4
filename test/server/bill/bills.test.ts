import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { billJobs, BILL_ANALYSIS_JOB } from '../../../src/server/bill/service';
import { bills as billsTable } from '../../../src/server/platform/db/schema';
import { messages } from '#shared/messages';
import { aJob, createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const send = (token: string, name: string, holder = true) =>
  upload(s, `/portal/customers/bills?is_holder=${String(holder)}`, { bytes: fixture(name), name }, { token });
const bills = async (token: string) => (await call(s, 'GET', '/portal/customers/bills', undefined, { token })).body;
const steps = async (token: string) =>
  ((await call(s, 'GET', '/portal/customers/steps', undefined, { token })).body.data as { type: string; status: string }[]).map((x) => `${x.type}:${x.status}`);
const notifications = async (token: string) =>
  (await call(s, 'GET', '/portal/notifications', undefined, { token })).body.data as { id: number; message: string; status: string }[];

describe('bills and the virtual assistant', () => {
  test('before any bill: no values, upload available', async () => {
    const { token } = await signUpNewCustomer(s);
    expect(await bills(token)).toEqual({ id: null, holder: null, billValues: null, billInfo: [], upload_available: true });
  });

  test('a readable PDF: PENDING when sent, APPROVED once the job ran, values stored, process moved, customer notified', async () => {
    const { token } = await signUpNewCustomer(s);
    const sent = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, { token });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'PENDING', is_holder: true, upload_available: false });
    // the in-process fetch drains the queue after each request: the analysis has run by now
    const b = await bills(token);
    expect(b.holder).toBe(true);
    expect(b.billValues).toMatchObject({ status: 'APPROVED', consumer_class: 'RESIDENCIAL', justification_disapproved: null, upload_available: false });
    const values = b.billValues as Record<string, unknown>;
    expect(values.value).toEqual(expect.any(Number));
    expect(values.consumption).toEqual(expect.any(Number));
    expect((values.consumption_history_kwh_values as { average: number }).average).toEqual(expect.any(Number));
    expect(b.billInfo).toEqual([expect.objectContaining({ id: sent.body.id, status: 'APPROVED', name: 'conta.pdf' })]);
    expect(await steps(token)).toEqual(['SIMULATION:NOT_DONE', 'BILL:APPROVED']);
    expect((await notifications(token)).map((n) => n.message)).toEqual([messages['notification.bill.approved']]);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token });
    expect(me.body).toMatchObject({ bill_id: sent.body.id, bill: 'APPROVED' });
    // approved: no other bill is taken
    const again = await send(token, 'cemig-clean-residential.pdf');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(4092);
  });

  test('a file that is not an electricity bill is refused with its reason and a new one may be sent', async () => {
    const { token } = await signUpNewCustomer(s);
    await send(token, 'water-bill.pdf');
    const b = await bills(token);
    expect(b.billValues).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: 'ilegível ou incompleta', upload_available: true });
    expect(await steps(token)).toEqual(['SIMULATION:NOT_DONE', 'BILL:DENIED']);
    expect((await notifications(token))[0]?.message).toBe(`${messages['notification.bill.disapproved']}ilegível ou incompleta`);
    const second = await send(token, 'cemig-clean-residential.pdf');
    expect(second.status).toBe(201);
    const after = await bills(token);
    expect(after.billValues).toMatchObject({ status: 'APPROVED' });
    expect((after.billInfo as unknown[]).length).toBe(2);
  });

  test('an unserved class locks the upload', async () => {
    const { token } = await signUpNewCustomer(s);
    await send(token, 'enel-sp-industrial.pdf');
    const b = await bills(token);
    expect(b.billValues).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: 'Classe de consumo não atendida: industrial', upload_available: false });
    const again = await send(token, 'cemig-clean-residential.pdf');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 4092, message: messages['bill.upload.locked'] });
  });

  test('an image waits for a person: WAITING, the step stays PENDING, no second upload meanwhile', async () => {
    const { token } = await signUpNewCustomer(s);
    await send(token, 'photo-bill.png', false);
    const b = await bills(token);
    expect(b.holder).toBe(false);
    expect(b.billValues).toMatchObject({ status: 'WAITING', upload_available: false });
    expect(await steps(token)).toEqual(['SIMULATION:NOT_DONE', 'BILL:PENDING']);
    expect((await notifications(token))[0]?.message).toBe(messages['notification.bill.waiting']);
    expect((await send(token, 'cemig-clean-residential.pdf')).status).toBe(409);
  });

  test('a reader that crashes leaves the bill to a person (WAITING), never PENDING for ever', async () => {
    const { token } = await signUpNewCustomer(s);
    const sent = await send(token, 'photo-bill.png');
    const id = Number(sent.body.id);
    await s.db.update(billsTable).set({ status: 'PENDING' }).where(eq(billsTable.id, id)); // as if the job had not run yet
    const crashing = billJobs(s.deps, () => Promise.reject(new Error('boom')))[BILL_ANALYSIS_JOB];
    await crashing?.({ billId: id }, aJob());
    const [row] = await s.db.select().from(billsTable).where(eq(billsTable.id, id));
    expect(row?.status).toBe('WAITING');
    expect((row?.analysis as { review_notes: string[] }).review_notes).toEqual(['reader-failure']);
  });

  test('is_holder is required', async () => {
    const { token } = await signUpNewCustomer(s);
    const r = await upload(s, '/portal/customers/bills', { bytes: fixture('cemig-clean-residential.pdf'), name: 'c.pdf' }, { token });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('is_holder');
  });

  test('bill owner (holder) data: saved, read back, validated', async () => {
    const { token } = await signUpNewCustomer(s);
    expect((await call(s, 'GET', '/portal/customers/bills/owners', undefined, { token })).body).toEqual({ is_holder: null, owner: null });
    const bad = await call(s, 'PATCH', '/portal/customers/bills/owners', { name: 'Ana', date_of_birth: '31-12-1990', occupation: 'P', marital_status: 'casado' }, { token });
    expect(bad.status).toBe(400);
    const ok = await call(s, 'PATCH', '/portal/customers/bills/owners', {
      name: 'João Pereira', document_value: '529.982.247-25', email: 'Joao@Example.com', phone: '(11) 98765-4321', date_of_birth: '12-31-1990', occupation: 'Professor', marital_status: 'solteiro',
    }, { token });
    expect(ok.status).toBe(200);
    // CPF and phone keep only their digits, the e-mail is lower-cased
    expect(ok.body.owner).toMatchObject({ name: 'João Pereira', document_value: '52998224725', email: 'joao@example.com', phone: '11987654321' });
    expect((await call(s, 'GET', '/portal/customers/bills/owners', undefined, { token })).body.owner).toMatchObject({ name: 'João Pereira' });
  });
});

describe('notifications', () => {
  test('PATCH marks one READ; another customer cannot touch it', async () => {
    const a = await signUpNewCustomer(s);
    const b = await signUpNewCustomer(s);
    await send(a.token, 'photo-bill.png');
    const [n] = await notifications(a.token);
    expect(n?.status).toBe('UNREAD');
    const foreign = await call(s, 'PATCH', `/portal/notifications/${String(n?.id)}`, { status: 'READ' }, { token: b.token });
    expect(foreign.status).toBe(404);
    const bad = await call(s, 'PATCH', `/portal/notifications/${String(n?.id)}`, { status: 'UNREAD' }, { token: a.token });
    expect(bad.status).toBe(400);
    const r = await call(s, 'PATCH', `/portal/notifications/${String(n?.id)}`, { status: 'READ' }, { token: a.token });
    expect(r.status).toBe(200);
    expect((await notifications(a.token))[0]?.status).toBe('READ');
    expect((await call(s, 'GET', '/portal/notifications')).status).toBe(401);
  });
});
