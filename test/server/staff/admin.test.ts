import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaff } from '../../../src/server/staff/service';
import { messages } from '#shared/messages';
import { createTestServer, type TestServer } from '../../support/server';
import { call, newPhone, requestCode, lastCode, personalSignUp, signUpNewCustomer } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

let s: TestServer;
let staffToken: string;
let staffId: number;
beforeAll(async () => {
  s = await createTestServer();
  const created = await createStaff(s.db, s.clock, 'Ana Souza', `ana.${process.pid}@empresa.com.br`);
  staffToken = created.token;
  staffId = created.id;
});
afterAll(async () => { await s.close(); });

async function customer() {
  const c = await signUpNewCustomer(s);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
  return { ...c, id: Number(me.body.id), franchisee_id: me.body.franchisee_id };
}
const admin = (method: string, path: string, body?: unknown) => call(s, method, `/admin${path}`, body, { token: staffToken });
const sendPhoto = (token: string) => upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('photo-bill.png'), name: 'foto.png' }, { token });

describe('staff endpoints', () => {
  test('need a staff token: none is 401, a customer token is 403', async () => {
    const c = await customer();
    expect((await call(s, 'GET', `/admin/customers/${c.id}/process`)).status).toBe(401);
    const asCustomer = await call(s, 'GET', `/admin/customers/${c.id}/process`, undefined, { token: c.token });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toMatchObject({ code: 4030, message: messages['staff.forbidden'] });
  });

  test('a bill waiting for a person is approved by staff; the customer is notified and the action audited', async () => {
    const c = await customer();
    await sendPhoto(c.token);
    const p = await admin('GET', `/customers/${c.id}/process`);
    expect(p.body.version).toBe(2);
    const r = await admin('PUT', `/customers/${c.id}/bill`, { status: 'APPROVED', version: 2 });
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(3);
    const bills = await call(s, 'GET', '/portal/customers/bills', undefined, { token: c.token });
    expect(bills.body.billValues).toMatchObject({ status: 'APPROVED' });
    const n = await call(s, 'GET', '/portal/notifications', undefined, { token: c.token });
    expect((n.body.data as { message: string }[])[0]?.message).toBe(messages['notification.bill.approved']);
    const trail = await admin('GET', `/audit?customer_id=${c.id}`);
    expect(trail.body.data).toEqual([expect.objectContaining({
      staff_id: staffId, action: 'bill:APPROVED', customer_id: c.id,
      before: expect.objectContaining({ status: 'WAITING', version: 2 }),
      after: expect.objectContaining({ status: 'APPROVED', version: 3 }),
      at: s.clock.now().toISOString(),
    })]);
  });

  test('disapproving needs a reason; DENIED locks the upload; a decided bill is not decided again', async () => {
    const c = await customer();
    await sendPhoto(c.token);
    const noReason = await admin('PUT', `/customers/${c.id}/bill`, { status: 'DENIED', version: 2 });
    expect(noReason.status).toBe(400);
    const denied = await admin('PUT', `/customers/${c.id}/bill`, { status: 'DENIED', justification: 'Unidade fora da área atendida', version: 2 });
    expect(denied.status).toBe(200);
    const bills = await call(s, 'GET', '/portal/customers/bills', undefined, { token: c.token });
    expect(bills.body.billValues).toMatchObject({ status: 'DENIED', justification_disapproved: 'Unidade fora da área atendida', upload_available: false });
    const again = await admin('PUT', `/customers/${c.id}/bill`, { status: 'APPROVED', version: 3 });
    expect(again.status).toBe(409);
  });

  test('staff disapproval as illegible lets the customer send another bill', async () => {
    const c = await customer();
    await sendPhoto(c.token);
    await admin('PUT', `/customers/${c.id}/bill`, { status: 'DISAPPROVED', justification: 'ilegível ou incompleta', version: 2 });
    const bills = await call(s, 'GET', '/portal/customers/bills', undefined, { token: c.token });
    expect(bills.body.billValues).toMatchObject({ status: 'DISAPPROVED', upload_available: true });
    expect((await sendPhoto(c.token)).status).toBe(201);
  });

  test('APP is recorded and told to the customer', async () => {
    const c = await customer();
    await sendPhoto(c.token);
    expect((await admin('PUT', `/customers/${c.id}/bill`, { status: 'APP', version: 2 })).status).toBe(200);
    const bills = await call(s, 'GET', '/portal/customers/bills', undefined, { token: c.token });
    expect(bills.body.billValues).toMatchObject({ status: 'APP', upload_available: false });
  });

  test('the process refuses an out-of-order event with a pt-BR 409 and changes nothing', async () => {
    const c = await customer();
    const r = await admin('POST', `/customers/${c.id}/events`, { type: 'contract.signed', version: 1 });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 4090, message: messages['process.event.refused'] });
    const p = await admin('GET', `/customers/${c.id}/process`);
    expect(p.body.version).toBe(1);
    expect((await admin('GET', `/audit?customer_id=${c.id}`)).body.data).toEqual([]);
  });

  test('a stale version is refused (4091); the right one moves the process and is audited', async () => {
    const c = await customer();
    const stale = await admin('POST', `/customers/${c.id}/events`, { type: 'simulation.done', version: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 4091, message: messages['process.event.stale'] });
    const ok = await admin('POST', `/customers/${c.id}/events`, { type: 'simulation.done', version: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.steps).toEqual([
      { client_id: c.id, type: 'SIMULATION', status: 'APPROVED' },
      { client_id: c.id, type: 'BILL', status: 'NOT_DONE' },
    ]);
    const [entry] = (await admin('GET', `/audit?customer_id=${c.id}`)).body.data as Record<string, unknown>[];
    expect(entry).toMatchObject({ action: 'process:simulation.done', before: { version: 1 }, after: { version: 2 } });
  });

  test('bill events go through the bill endpoint, not the generic one', async () => {
    const c = await customer();
    const r = await admin('POST', `/customers/${c.id}/events`, { type: 'bill.approved', version: 1 });
    expect(r.status).toBe(400);
  });

  test('staff send notifications (audited) and read any bill file', async () => {
    const c = await customer();
    const sent = await sendPhoto(c.token);
    const r = await admin('POST', `/customers/${c.id}/notifications`, { message: 'Olá! Recebemos sua conta.' });
    expect(r.status).toBe(201);
    const list = await call(s, 'GET', '/portal/notifications', undefined, { token: c.token });
    expect((list.body.data as { message: string }[])[0]?.message).toBe('Olá! Recebemos sua conta.');
    const [entry] = (await admin('GET', `/audit?customer_id=${c.id}`)).body.data as Record<string, unknown>[];
    expect(entry).toMatchObject({ action: 'notification:send', staff_id: staffId, after: { message: 'Olá! Recebemos sua conta.' } });
    const file = await s.fetch(`/api/v1/admin/bills/${String(sent.body.id)}/file`, { headers: { Authorization: `Bearer ${staffToken}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/png');
  });
});

describe('franchisee coverage', () => {
  test('seeded for every state but AC, AP and RR; sign-up takes franchisee_id from it', async () => {
    const cov = await admin('GET', '/coverage');
    const states = (cov.body.data as { state: string }[]).map((r) => r.state);
    expect(states).toHaveLength(24);
    expect(states).not.toContain('AC');
    expect(states).not.toContain('AP');
    expect(states).not.toContain('RR');
    expect((await customer()).franchisee_id).toBe('FR-SP');
  });

  test('a customer in an unserved state has no franchisee; staff edits are audited and apply to the next sign-ups', async () => {
    const signUpIn = async (state: string, city: number) => {
      const phone = newPhone();
      await requestCode(s, phone, { type: 'SIGN_UP' });
      const proof = String((await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) })).body.phone_proof);
      const token = String((await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { state, city }))).body.access_token);
      return (await call(s, 'GET', '/portal/customers', undefined, { token })).body.franchisee_id;
    };
    expect(await signUpIn('AC', 1200401)).toBeNull(); // Rio Branco
    expect((await admin('PUT', '/coverage/ac', { franchisee_id: 'FR-NORTE' })).status).toBe(200);
    expect(await signUpIn('AC', 1200401)).toBe('FR-NORTE');
    expect((await admin('DELETE', '/coverage/AC')).status).toBe(200);
    expect(await signUpIn('AC', 1200401)).toBeNull();
    const trail = (await admin('GET', '/audit')).body.data as { action: string; before: unknown; after: unknown }[];
    expect(trail.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'coverage:remove', before: { state: 'AC', franchisee_id: 'FR-NORTE' }, after: null }),
      expect.objectContaining({ action: 'coverage:set', before: null, after: { state: 'AC', franchisee_id: 'FR-NORTE' } }),
    ]);
    expect((await admin('PUT', '/coverage/XX', { franchisee_id: 'FR' })).status).toBe(404);
  });

  test("staff confirm a customer's partnership: the badge is then asked; audited once; companies have none", async () => {
    const c = await customer();
    const partnership = () => call(s, 'GET', `/portal/client-partnership/${c.id}`, undefined, { token: c.token });
    expect((await partnership()).body.has_partnership).toBe(false);
    const on = await admin('PUT', `/customers/${c.id}/partnership`, { has_partnership: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ id: c.id, has_partnership: true });
    expect((await partnership()).body.has_partnership).toBe(true);
    expect((await call(s, 'GET', '/portal/customers', undefined, { token: c.token })).body.has_partnership).toBe(true);
    // the same value again changes nothing and is not audited twice
    expect((await admin('PUT', `/customers/${c.id}/partnership`, { has_partnership: true })).status).toBe(200);
    const trail = (await admin('GET', `/audit?customer_id=${c.id}`)).body.data as unknown[];
    expect(trail).toEqual([expect.objectContaining({
      staff_id: staffId, action: 'partnership:set', before: { has_partnership: false }, after: { has_partnership: true },
    })]);
    // a customer cannot do it; bad input and unknown customers are refused
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/partnership`, { has_partnership: false }, { token: c.token })).status).toBe(403);
    expect((await admin('PUT', `/customers/${c.id}/partnership`, { has_partnership: 'sim' })).status).toBe(400);
    expect((await admin('PUT', '/customers/999999/partnership', { has_partnership: true })).status).toBe(404);
    const company = await signUpNewCustomer(s, newPhone(), 'business');
    const companyId = Number((await call(s, 'GET', '/portal/customers', undefined, { token: company.token })).body.id);
    const refused = await admin('PUT', `/customers/${companyId}/partnership`, { has_partnership: true });
    expect(refused.status).toBe(409);
    expect((await call(s, 'GET', '/portal/customers', undefined, { token: company.token })).body.has_partnership).toBe(false);
  });
});
