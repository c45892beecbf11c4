import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { customers } from '../../../src/server/platform/db/schema';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, newPhone, personalSignUp, requestCode, signUpNewCustomer } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

async function customer(over: Record<string, unknown> = {}) {
  const phone = newPhone();
  await requestCode(s, phone, { type: 'SIGN_UP' });
  const proof = String((await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) })).body.phone_proof);
  const token = String((await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, over))).body.access_token);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token });
  return { token, id: Number(me.body.id) };
}
/** A customer whose employer partnership staff confirmed (the sign-up's own claim grants nothing). */
async function partner() {
  const c = await customer();
  await s.db.update(customers).set({ hasPartnership: true }).where(eq(customers.id, c.id));
  return c;
}
const steps = async (token: string) =>
  ((await call(s, 'GET', '/portal/customers/steps', undefined, { token })).body.data as { type: string; status: string }[]).map((x) => `${x.type}:${x.status}`);

describe('simulation', () => {
  test('the anonymous simulator answers the three plans for a bill value', async () => {
    const r = await call(s, 'POST', '/portal/plans/simulator', { bill_value: 500 });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.plan as object).sort()).toEqual(['low', 'max', 'med']);
    expect((r.body.photovoltaic_system as { power_kwp: number }).power_kwp).toBeGreaterThan(0);
    expect((await call(s, 'POST', '/portal/plans/simulator', { bill_value: 0 })).status).toBe(400);
  });

  test('the bill page simulation (20 years, MAX): stored, selected, and a fit plan approves SIMULATION', async () => {
    const c = await customer();
    expect((await call(s, 'GET', '/portal/customers/selected-plan-simulated', undefined, { token: c.token })).body).toBeNull();
    const r = await call(s, 'POST', '/portal/customers/plan-simulated', { bill_value: 600, deadline_years: 20, nivel: 'MAX' }, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ plan: { type: 'MAX' }, deadline_years: 20, is_fit: true, bill_value: 600 });
    const selected = await call(s, 'GET', '/portal/customers/selected-plan-simulated', undefined, { token: c.token });
    expect(selected.body).toEqual(r.body);
    expect(await steps(c.token)).toEqual(['SIMULATION:APPROVED', 'BILL:NOT_DONE']);
    // asked again: stored again, the step stays approved
    expect((await call(s, 'POST', '/portal/customers/plan-simulated', { bill_value: 600, deadline_years: 20, nivel: 'max' }, { token: c.token })).status).toBe(200);
  });

  test('a plan that does not pay leaves SIMULATION open; the customer-success follow-up is opened once', async () => {
    const c = await customer();
    const r = await call(s, 'POST', '/portal/customers/plan-simulated', { bill_value: 40, deadline_years: 20, nivel: 'MAX' }, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.body.is_fit).toBe(false);
    expect(await steps(c.token)).toEqual(['SIMULATION:NOT_DONE', 'BILL:NOT_DONE']);
    const first = await call(s, 'POST', '/portal/customers_success/create', { client_id: c.id }, { token: c.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ client_id: c.id, status: 'OPEN' });
    const second = await call(s, 'POST', '/portal/customers_success/create', { client_id: c.id }, { token: c.token });
    expect(second.body.id).toBe(first.body.id);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
    expect(me.body.customer_success).toEqual({ id: first.body.id, status: 'OPEN', upload_available: false });
    const other = await signUpNewCustomer(s);
    expect((await call(s, 'POST', '/portal/customers_success/create', { client_id: c.id }, { token: other.token })).status).toBe(404);
  });

  test('deadline_years must be the level\'s term', async () => {
    const c = await customer();
    const r = await call(s, 'POST', '/portal/customers/plan-simulated', { bill_value: 600, deadline_years: 5, nivel: 'MAX' }, { token: c.token });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('deadline_years');
  });
});

describe('partnership', () => {
  test('a sign-up that says hasPartnership: true is granted nothing: no free months, nothing on the offers (issue 29, F6)', async () => {
    const c = await customer({ hasPartnership: true });
    const me = await call(s, 'GET', `/portal/client-partnership/${c.id}`, undefined, { token: c.token });
    expect(me.body).toMatchObject({ has_partnership: false });
    const free = await call(s, 'GET', `/portal/customers/${c.id}/plans/sales_free_month`, undefined, { token: c.token });
    expect(free.body.data).toEqual({ low: 1, med: 2, max: 3, has_partnership: false });
  });

  test('the badge is sent, linked, served only to its owner', async () => {
    const c = await partner();
    const before = await call(s, 'GET', `/portal/client-partnership/${c.id}`, undefined, { token: c.token });
    expect(before.body).toEqual({
      id: c.id, has_partnership: true, url: null, is_validated: false, free_months: 2,
      description: 'Como colaborador de uma empresa parceira, você ganha mais 2 mensalidades grátis em qualquer plano.',
    });
    const sent = await upload(s, `/portal/client-partnership/${c.id}/emproyee-card`, { bytes: fixture('photo-bill.png'), name: 'cracha.png' }, { token: c.token });
    expect(sent.status).toBe(201);
    expect(sent.body.url).toBe(`/api/v1/portal/client-partnership/${c.id}/emproyee-card`);
    const file = await s.fetch(String(sent.body.url), { headers: { Authorization: `Bearer ${c.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Disposition')).toMatch(/^attachment/);
    const other = await signUpNewCustomer(s);
    expect((await call(s, 'GET', `/portal/client-partnership/${c.id}/emproyee-card`, undefined, { token: other.token })).status).toBe(404);
    expect((await call(s, 'GET', `/portal/client-partnership/${c.id}`, undefined, { token: other.token })).status).toBe(404);
    const foreignUpload = await upload(s, `/portal/client-partnership/${c.id}/emproyee-card`, { bytes: fixture('photo-bill.png'), name: 'x.png' }, { token: other.token });
    expect(foreignUpload.status).toBe(404);
  });

  test('the badge follows the upload rules (type by content)', async () => {
    const c = await partner();
    const r = await upload(s, `/portal/client-partnership/${c.id}/emproyee-card`, { bytes: new TextEncoder().encode('GIF89a...'), name: 'cracha.png' }, { token: c.token });
    expect(r.status).toBe(415);
  });
});
