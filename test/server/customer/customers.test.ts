import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { customers, processSnapshots } from '../../../src/server/platform/db/schema';
import { CustomerProfile } from '#shared/customer/payloads';
import { messages } from '#shared/messages';
import { StepsResponse } from '#shared/process/payloads';
import { createTestServer, type TestServer } from '../../support/server';
import { PHONE_PROOF_TRIES } from '../../../src/server/auth/sessions';
import { businessSignUp, call, lastCode, newPhone, personalSignUp, requestCode, signUpNewCustomer } from '../../support/flows';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

/** A confirmed phone and its proof, as the create-account screen has them. */
async function confirmedPhone(phone = newPhone()): Promise<{ phone: string; proof: string }> {
  await requestCode(s, phone, { type: 'SIGN_UP' });
  const res = await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) });
  return { phone, proof: String(res.body.phone_proof) };
}

const customerCount = async () => (await s.db.select({ n: count() }).from(customers))[0]?.n ?? 0;

describe('POST /api/v1/portal/customers', () => {
  test('personal sign-up: 201 with a token; e-mail lowercased; the process starts with SIMULATION and BILL open', async () => {
    const { phone, proof } = await confirmedPhone();
    const res = await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { email: `Maria.${phone}@Example.COM`, coupon: ' parceiro ' }));
    expect(res.status).toBe(201);
    const token = String(res.body.access_token);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token });
    expect(v.parse(CustomerProfile, me.body)).toMatchObject({
      name: 'Maria da Silva', email: `maria.${phone}@example.com`, phone, type: 'CPF', state: 'SP', city: 3550308,
      city_name: 'São Paulo', unit_type: 'RESIDENCIAL', bill_value: 350.5, coupon: 'PARCEIRO', subscription_lending: 'SUBSCRIPTION',
    });
    const steps = await call(s, 'GET', '/portal/customers/steps', undefined, { token });
    expect(v.parse(StepsResponse, steps.body).data).toEqual([
      { client_id: me.body.id, type: 'SIMULATION', status: 'NOT_DONE' },
      { client_id: me.body.id, type: 'BILL', status: 'NOT_DONE' },
    ]);
    const [snap] = await s.db.select().from(processSnapshots).where(eq(processSnapshots.customerId, Number(me.body.id)));
    expect(snap?.version).toBe(1);
  });

  test('business sign-up: CNPJ stored as digits, coupon upper-cased, type CNPJ', async () => {
    const { phone, proof } = await confirmedPhone();
    const res = await call(s, 'POST', '/portal/customers', businessSignUp(phone, proof));
    expect(res.status).toBe(201);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: String(res.body.access_token) });
    expect(me.body).toMatchObject({ type: 'CNPJ', document_value: '11222333000181', unit_type: 'EMPRESA', coupon: 'SOLAR10', state: 'RJ' });
  });

  test('without a phone proof: 5003 Número não confirmado', async () => {
    const phone = newPhone();
    const before = await customerCount();
    const res = await call(s, 'POST', '/portal/customers', personalSignUp(phone, 'not-a-proof'));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 5003, message: messages['api.5003'] });
    expect(await customerCount()).toBe(before);
  });

  test("a proof of another phone is refused (5003), and a proof works once", async () => {
    const { proof } = await confirmedPhone();
    expect((await call(s, 'POST', '/portal/customers', personalSignUp(newPhone(), proof))).body.code).toBe(5003);
    const mine = await confirmedPhone();
    expect((await call(s, 'POST', '/portal/customers', personalSignUp(mine.phone, mine.proof))).status).toBe(201);
    const again = await call(s, 'POST', '/portal/customers', personalSignUp(mine.phone, mine.proof, { email: `other.${mine.phone}@example.com` }));
    expect(again.body.code).toBe(5003);
  });

  test('a phone proof expires after 30 minutes', async () => {
    const { phone, proof } = await confirmedPhone();
    s.clock.advance(30 * 60_000 + 1);
    expect((await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof))).body.code).toBe(5003);
  });

  test('an e-mail already in use: 1005, nothing created, and the proof still works', async () => {
    const existing = await signUpNewCustomer(s);
    const { phone, proof } = await confirmedPhone();
    const before = await customerCount();
    const res = await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { email: existing.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 1005, message: messages['api.1005'], field: 'email' });
    expect(await customerCount()).toBe(before);
    expect((await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof))).status).toBe(201);
  });

  test(`a proof answers at most ${PHONE_PROOF_TRIES} refused sign-ups, so it cannot test e-mails without end (issue 29, F8)`, async () => {
    const existing = await signUpNewCustomer(s);
    const { phone, proof } = await confirmedPhone();
    for (let i = 0; i < PHONE_PROOF_TRIES; i++) {
      expect((await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { email: existing.email }))).body.code).toBe(1005);
    }
    // worn out: even a free e-mail now needs a new code
    expect((await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof))).body.code).toBe(5003);
    s.clock.advance(31_000);
    const fresh = await confirmedPhone(phone);
    expect((await call(s, 'POST', '/portal/customers', personalSignUp(phone, fresh.proof))).status).toBe(201);
  });

  test('a phone already in use: 5004', async () => {
    const existing = await signUpNewCustomer(s);
    // confirm-number gives an existing customer a token, not a proof; a proof for that phone can
    // still exist (issued before someone else finished signing up with it), so issue one directly.
    const { issuePhoneProof } = await import('../../../src/server/auth/sessions');
    const proof = await issuePhoneProof(s.deps, existing.phone);
    const before = await customerCount();
    const dup = await call(s, 'POST', '/portal/customers', personalSignUp(existing.phone, proof, { email: `x.${existing.phone}@example.com` }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 5004, message: messages['api.5004'], field: 'phone' });
    expect(await customerCount()).toBe(before);
  });

  test('an invalid CNPJ: 1018 CNPJ inválido.', async () => {
    const { phone, proof } = await confirmedPhone();
    const res = await call(s, 'POST', '/portal/customers', businessSignUp(phone, proof, { document_value: '11.222.333/0001-82' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1018, message: messages['api.1018'], field: 'document_value' });
  });

  test('the alphanumeric CNPJ (from July 2026) is accepted', async () => {
    const { phone, proof } = await confirmedPhone();
    const res = await call(s, 'POST', '/portal/customers', businessSignUp(phone, proof, { document_value: '12.ABC.345/01DE-35' }));
    expect(res.status).toBe(201);
  });

  test('an unknown coupon: 4002 (INVALID_COUPON) Cupom inválido', async () => {
    const { phone, proof } = await confirmedPhone();
    const before = await customerCount();
    const res = await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { coupon: 'nao-existe' }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 4002, message: messages['signup.coupon.invalid'], field: 'coupon' });
    expect(await customerCount()).toBe(before);
  });

  test('a city of another state: 5002 Cidade não encontrada.', async () => {
    const { phone, proof } = await confirmedPhone();
    const res = await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { state: 'MG', city: 3550308 }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 5002, message: messages['api.5002'], field: 'city' });
  });

  test('apartments are refused with the spec text; terms must be accepted', async () => {
    const { phone, proof } = await confirmedPhone();
    const apt = await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { unit_type: 'APARTAMENTO' }));
    expect(apt.body).toMatchObject({ code: 4000, field: 'unit_type', message: messages['common.form.unit.valid'] });
    const terms = await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { terms: false }));
    expect(terms.body).toMatchObject({ code: 4000, field: 'terms', message: messages['common.form.terms.required'] });
    const bill = await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { bill: 0 }));
    expect(bill.body).toMatchObject({ code: 4000, field: 'bill', message: messages['common.form.bill.required'] });
  });
});

describe('GET and PATCH /api/v1/portal/customers', () => {
  test('GET needs a session', async () => {
    expect((await call(s, 'GET', '/portal/customers')).status).toBe(401);
  });

  test('PATCH changes the name; the e-mail changes only with its codes (4099; test/server/profile/email-and-sessions.test.ts)', async () => {
    const a = await signUpNewCustomer(s);
    const b = await signUpNewCustomer(s);
    const res = await call(s, 'PATCH', '/portal/customers', { name: 'Maria Souza', email: a.email }, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Maria Souza', email: a.email });
    const other = await call(s, 'PATCH', '/portal/customers', { email: b.email }, { token: a.token });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(4099);
  });
});

describe('GET /api/v1/portal/customers/steps', () => {
  test('needs a session', async () => {
    expect((await call(s, 'GET', '/portal/customers/steps')).status).toBe(401);
  });
});
