import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorCode } from '#shared/errors';
import { deviceToken } from '../../../src/server/auth/device';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, newPhone, requestCode, signUpNewCustomer } from '../../support/flows';

/**
 * Issue 29, F5 (sign-in): a stranger asking sign-in codes for a customer's phone (5 in 10 minutes)
 * no longer keeps the customer out. A browser where the customer signed in carries a signed
 * HttpOnly cookie, and its requests count in a budget of their own.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const cookieOf = (headers: Headers): string => /portal_device=([^;]+)/.exec(headers.get('Set-Cookie') ?? '')?.[1] ?? '';

async function signIn(phone: string, secret: string) {
  expect((await requestCode(s, phone, { secret })).status).toBe(202);
  await s.drainQueue();
  return call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone), secret });
}

describe("a stranger's sign-in requests do not keep the phone's owner out (F5)", () => {
  test('signing in sets the owner-device cookie: HttpOnly, SameSite Strict, only for the API', async () => {
    const { phone } = await signUpNewCustomer(s);
    const res = await signIn(phone, 'browser-secret-aaaaaaaaaaaaaaaaaaaaaa');
    expect(res.status).toBe(200);
    const header = res.headers.get('Set-Cookie') ?? '';
    expect(header).toMatch(/portal_device=\d+\.[0-9a-f]{64}/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\/api\/v1/);
  });

  test("after a stranger's 5 requests the owner still gets a code from their browser; the stranger and a cookie of another phone do not", async () => {
    const { phone } = await signUpNewCustomer(s);
    const signedIn = await signIn(phone, 'owner-secret-bbbbbbbbbbbbbbbbbbbbbbbb');
    const cookie = `portal_device=${cookieOf(signedIn.headers)}`;
    // the stranger fills the phone's 5 (the sign-up's and the sign-in's codes were 2 of them), from as many addresses
    for (let i = 0; i < 3; i++) expect((await requestCode(s, phone, { secret: `stranger-secret-${i}-cccccccccccccccccc` })).status).toBe(202);
    const refused = await requestCode(s, phone, { secret: 'stranger-secret-x-cccccccccccccccccc' });
    expect([refused.status, refused.body.code]).toEqual([429, ErrorCode.SEND_LIMIT]);
    // the owner, from the browser where they signed in: a code, and it signs them in
    const owner = await requestCode(s, phone, { secret: 'owner-secret-dddddddddddddddddddddddd' }, { headers: { Cookie: cookie } });
    expect(owner.status).toBe(202);
    await s.drainQueue();
    expect((await call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone), secret: 'owner-secret-dddddddddddddddddddddddd' })).status).toBe(200);
    // a cookie made for another phone, or one not signed here, is no owner's
    const other = newPhone();
    const forged = [`portal_device=${deviceToken('another-secret', phone, new Date())}`, `portal_device=${deviceToken('test-secret', other, new Date())}`, `portal_device=${cookieOf(signedIn.headers).replace(/^\d+/, '1')}`];
    for (const c of forged) {
      const r = await requestCode(s, phone, { secret: `forged-secret-${forged.indexOf(c)}-eeeeeeeeeeeeeeeeee` }, { headers: { Cookie: c } });
      expect([r.status, r.body.code]).toEqual([429, ErrorCode.SEND_LIMIT]);
    }
  });

  test("the owner's browsers have a budget too: 5 in 10 minutes", async () => {
    const { phone } = await signUpNewCustomer(s);
    const cookie = `portal_device=${cookieOf((await signIn(phone, 'own-secret-ffffffffffffffffffffffffff')).headers)}`;
    for (let i = 0; i < 5; i++) expect((await requestCode(s, phone, { secret: `own-secret-${i}-gggggggggggggggggggggg` }, { headers: { Cookie: cookie } })).status).toBe(202);
    const sixth = await requestCode(s, phone, { secret: 'own-secret-6-gggggggggggggggggggggg' }, { headers: { Cookie: cookie } });
    expect([sixth.status, sixth.body.code]).toEqual([429, ErrorCode.SEND_LIMIT]);
  });
});
