import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorCode } from '#shared/errors';
import { deviceToken } from '../../../src/server/auth/device';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, newPhone, requestCode, signUpNewCustomer } from '../../support/flows';

/**
 * Issue 29, F5 (sign-in): a stranger asking sign-in codes for a customer's phone (5 in 10 minutes)
 * no longer keeps the customer out. A browser where the customer signed in carries a signed
 * HttpOnly cookie, and its requests count in a budget of their own; on a browser never used, the
 * budget is the network's (an IPv4 /24, an IPv6 /64), and all networks together get 15 an hour.
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

  test("after a stranger's 5 requests from their network the owner still gets a code from their browser; the stranger and a cookie of another phone do not", async () => {
    const { phone } = await signUpNewCustomer(s);
    const signedIn = await signIn(phone, 'owner-secret-bbbbbbbbbbbbbbbbbbbbbbbb');
    const cookie = `portal_device=${cookieOf(signedIn.headers)}`;
    // the stranger fills the phone's 5 from their network (the sign-up's and the sign-in's codes, from it too, were 2 of them)
    const strangers = (i: number) => ({ address: `198.51.100.${10 + i}` });
    for (let i = 0; i < 5; i++) {
      const r = await requestCode(s, phone, { secret: `stranger-secret-${i}-cccccccccccccccccc` }, strangers(i));
      if (r.status === 429) break;
    }
    const refused = await requestCode(s, phone, { secret: 'stranger-secret-x-cccccccccccccccccc' }, strangers(9));
    expect([refused.status, refused.body.code]).toEqual([429, ErrorCode.SEND_LIMIT]);
    // the owner, from the browser where they signed in: a code, and it signs them in
    const owner = await requestCode(s, phone, { secret: 'owner-secret-dddddddddddddddddddddddd' }, { headers: { Cookie: cookie }, ...strangers(20) });
    expect(owner.status).toBe(202);
    await s.drainQueue();
    expect((await call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone), secret: 'owner-secret-dddddddddddddddddddddddd' })).status).toBe(200);
    // a cookie made for another phone, or one not signed here, is no owner's
    const other = newPhone();
    const forged = [`portal_device=${deviceToken('another-secret', phone, new Date())}`, `portal_device=${deviceToken('test-secret', other, new Date())}`, `portal_device=${cookieOf(signedIn.headers).replace(/^\d+/, '1')}`];
    for (const c of forged) {
      const r = await requestCode(s, phone, { secret: `forged-secret-${forged.indexOf(c)}-eeeeeeeeeeeeeeeeee` }, { headers: { Cookie: c }, ...strangers(30 + forged.indexOf(c)) });
      expect([r.status, r.body.code]).toEqual([429, ErrorCode.SEND_LIMIT]);
    }
  });

  test("on a browser never used, the owner gets a code after a stranger's 5 from another network; all networks together get 15 an hour", async () => {
    const { phone } = await signUpNewCustomer(s);
    s.clock.advance(3600_000);
    const from = (network: number, host = 1) => ({ address: `203.0.${network}.${host}` });
    for (let i = 0; i < 5; i++) expect((await requestCode(s, phone, { secret: `stranger-${i}-hhhhhhhhhhhhhhhhhhhhhh` }, from(113, i + 1))).status).toBe(202);
    const sixth = await requestCode(s, phone, { secret: 'stranger-6-hhhhhhhhhhhhhhhhhhhhhh' }, from(113, 9));
    expect([sixth.status, sixth.body.code]).toEqual([429, ErrorCode.SEND_LIMIT]);
    // the owner on a new phone, on their own network: a code that signs them in
    const owner = 'new-browser-secret-iiiiiiiiiiiiiiiiiiii';
    expect((await requestCode(s, phone, { secret: owner }, from(7))).status).toBe(202);
    await s.drainQueue();
    const signedIn = await call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone), secret: owner }, from(7));
    expect(signedIn.status).toBe(200);
    // strangers on many networks: 15 sign-in codes an hour for the phone in all, then 429 with when to come back
    let sent = 6;
    for (let network = 20; sent < 15; network++) {
      for (let host = 1; host <= 5 && sent < 15; host++, sent++) expect((await requestCode(s, phone, { secret: `far-${network}-${host}-jjjjjjjjjjjjjjjjjj` }, from(network, host))).status).toBe(202);
    }
    const over = await requestCode(s, phone, { secret: 'far-over-jjjjjjjjjjjjjjjjjjjjjjj' }, from(99));
    expect([over.status, over.body.code]).toEqual([429, ErrorCode.SEND_LIMIT]);
    expect(Number(over.body.retry_after_s)).toBeGreaterThan(600);
    // the browser the owner just signed in on still gets its code
    const cookie = `portal_device=${cookieOf(signedIn.headers)}`;
    expect((await requestCode(s, phone, { secret: 'owner-again-kkkkkkkkkkkkkkkkkkkkkkkk' }, { headers: { Cookie: cookie }, ...from(7, 2) })).status).toBe(202);
  });

  test("the owner's browsers have a budget too: 5 in 10 minutes", async () => {
    const { phone } = await signUpNewCustomer(s);
    const cookie = `portal_device=${cookieOf((await signIn(phone, 'own-secret-ffffffffffffffffffffffffff')).headers)}`;
    for (let i = 0; i < 5; i++) expect((await requestCode(s, phone, { secret: `own-secret-${i}-gggggggggggggggggggggg` }, { headers: { Cookie: cookie } })).status).toBe(202);
    const sixth = await requestCode(s, phone, { secret: 'own-secret-6-gggggggggggggggggggggg' }, { headers: { Cookie: cookie } });
    expect([sixth.status, sixth.body.code]).toEqual([429, ErrorCode.SEND_LIMIT]);
  });
});
