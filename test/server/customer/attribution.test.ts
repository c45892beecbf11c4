import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, newPhone, personalSignUp, businessSignUp, requestCode } from '../../support/flows';

/**
 * The marketing attribution (spec §3, §9): the cookie's content comes with POST /portal/customers,
 * is checked by the shared schema (known keys, at most 200 characters each), is kept on the
 * customer, and staff read it with GET /admin/customers/{id}/attribution.
 */
let s: TestServer;
let staffToken: string;
beforeAll(async () => {
  s = await createTestServer();
  staffToken = (await createStaff(s.db, s.clock, 'Caio', `caio.attribution.${process.pid}@empresa.com.br`)).token;
});
afterAll(async () => { await s.close(); });

async function signUp(over: Record<string, unknown>, kind: 'personal' | 'business' = 'personal') {
  const phone = newPhone();
  await requestCode(s, phone, { type: 'SIGN_UP' });
  const confirm = await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) });
  const body = kind === 'personal' ? personalSignUp(phone, String(confirm.body.phone_proof), over) : businessSignUp(phone, String(confirm.body.phone_proof), over);
  const created = await call(s, 'POST', '/portal/customers', body);
  if (created.status !== 201) return { created, id: null, token: null };
  const token = String(created.body.access_token);
  const id = Number((await call(s, 'GET', '/portal/customers', undefined, { token })).body.id);
  return { created, id, token };
}

describe('POST /portal/customers with attribution', () => {
  test('an individual sign-up keeps the attribution for staff; the customer cannot read it there', async () => {
    const attribution = {
      utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'verao-2026', utm_content: 'banner-a', utm_term: 'energia solar',
      gclid: 'Cj0KCQiA-example', franchisee: 'sol-campinas', representative: 'rep-42',
    };
    const { created, id, token } = await signUp({ attribution });
    expect(created.status).toBe(201);
    const read = await call(s, 'GET', `/admin/customers/${id}/attribution`, undefined, { token: staffToken });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: attribution });
    expect((await call(s, 'GET', `/admin/customers/${id}/attribution`, undefined, { token: token! })).status).toBe(403);
  });

  test('a company sign-up keeps it too; without one staff read null', async () => {
    const company = await signUp({ attribution: { utm_source: 'organico', franchisee: 'sol-bh' } }, 'business');
    expect(company.created.status).toBe(201);
    expect((await call(s, 'GET', `/admin/customers/${company.id}/attribution`, undefined, { token: staffToken })).body)
      .toEqual({ data: { utm_source: 'organico', franchisee: 'sol-bh' } });
    const plain = await signUp({});
    expect(plain.created.status).toBe(201);
    expect((await call(s, 'GET', `/admin/customers/${plain.id}/attribution`, undefined, { token: staffToken })).body).toEqual({ data: null });
    expect((await call(s, 'GET', '/admin/customers/999999/attribution', undefined, { token: staffToken })).status).toBe(404);
  });

  test('checked by the schema: over 200 characters, no utm_source or not text is refused with 400', async () => {
    for (const attribution of [{ utm_source: 'x'.repeat(201) }, { utm_medium: 'cpc' }, { utm_source: 'google', gclid: 42 }]) {
      const { created } = await signUp({ attribution });
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject({ code: 4000 });
      expect(String(created.body.field)).toMatch(/^attribution/);
    }
    // unknown keys are dropped, not stored
    const { created, id } = await signUp({ attribution: { utm_source: 'newsletter', evil: 'x' } });
    expect(created.status).toBe(201);
    expect((await call(s, 'GET', `/admin/customers/${id}/attribution`, undefined, { token: staffToken })).body).toEqual({ data: { utm_source: 'newsletter' } });
  });
});
