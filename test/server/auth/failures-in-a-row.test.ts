import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorCode } from '#shared/errors';
import { authEvents } from '../../../src/server/platform/db/schema';
import { metricsText } from '../../../src/server/platform/metrics';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, requestCode, signUpNewCustomer } from '../../support/flows';

/**
 * NIST SP 800-63B-4 §3.2.2 (issue 29): no more than 100 wrong codes in a row on a phone. After 100
 * wrong sign-in codes from browsers that are not the owner's, such sign-ins wait an hour, even
 * with the right code; the owner's browsers and the codes of the signed-in customer go on, so the
 * hold does not lock the owner out.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const holdsCounted = async () => {
  const line = (await metricsText(s.db, new Date())).split('\n').find((l) => l.startsWith('code_holds_total{kind="access"}'));
  return line ? Number(line.split(' ').pop()) : 0;
};
const failuresOf = async (phone: string) =>
  (await s.db.select({ n: count() }).from(authEvents).where(and(eq(authEvents.phone, phone), eq(authEvents.kind, 'failure'))))[0]!.n;

/**
 * Strangers guess the phone's sign-in codes until it has 100 wrong ones: a request each, from a
 * network each (`addressOf`), bot checks solved, guessing wrong until held or worn out; none signs in.
 */
async function strangersGuess(phone: string, tag: string, addressOf: (i: number) => string): Promise<void> {
  for (let i = 0; (await failuresOf(phone)) < 100; i++) {
    s.clock.advance(5 * 60_000);
    const secret = `${tag}-${i}-bbbbbbbbbbbbbbbbbbbbbbbbbb`;
    const from = { address: addressOf(i) };
    expect((await requestCode(s, phone, { secret }, from)).status).toBe(202);
    await s.drainQueue();
    const code = await lastCode(s, phone);
    for (let t = 0; t < 5; t++) {
      const r = await call(s, 'POST', '/portal/login', { phone, code: wrong(code), secret }, from);
      expect(r.status).not.toBe(200);
      if (r.status === 429) break;
    }
  }
}

describe('100 wrong codes in a row', () => {
  test("hold sign-ins from browsers that are not the owner's for an hour; the owner's browser and their other codes go on", { timeout: 120_000 }, async () => {
    const { phone } = await signUpNewCustomer(s);
    // the owner signs in once on their own browser, which keeps the device cookie
    s.clock.advance(31_000);
    const own = 'owner-browser-secret-aaaaaaaaaaaaaaaaaa';
    expect((await requestCode(s, phone, { secret: own })).status).toBe(202);
    await s.drainQueue();
    const first = await call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone), secret: own });
    expect(first.status).toBe(200);
    const cookie = /portal_device=[^;]+/.exec(first.headers.get('Set-Cookie') ?? '')![0];
    const session = String(first.body.access_token);

    // strangers: a request each (a network each, bot checks solved), guessing until held or worn out
    const holdsBefore = await holdsCounted();
    await strangersGuess(phone, 'stranger', (i) => `203.0.${i % 250}.9`);
    expect(await failuresOf(phone)).toBe(100);
    // the operator's view: the hold counted (and logged, with the area code only)
    expect(await holdsCounted()).toBe(holdsBefore + 1);

    // the owner on a new browser: the right code waits an hour
    const fresh = 'new-browser-secret-cccccccccccccccccccc';
    expect((await requestCode(s, phone, { secret: fresh }, { address: '198.51.100.4' })).status).toBe(202);
    await s.drainQueue();
    const freshCode = await lastCode(s, phone);
    const held = await call(s, 'POST', '/portal/login', { phone, code: freshCode, secret: fresh }, { address: '198.51.100.4' });
    expect([held.status, held.body.code]).toEqual([429, ErrorCode.CODE_TOO_MANY_TRIES]);
    expect(Number(held.body.retry_after_s)).toBeGreaterThan(0);
    expect(Number(held.body.retry_after_s)).toBeLessThanOrEqual(3600);

    // the owner's browser signs in; the signed-in customer's own codes (here, to end sessions) work
    const mine = 'owner-again-secret-dddddddddddddddddddddd';
    expect((await requestCode(s, phone, { secret: mine }, { headers: { Cookie: cookie } })).status).toBe(202);
    await s.drainQueue();
    expect((await call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone), secret: mine }, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await call(s, 'GET', '/portal/customers', undefined, { token: session })).status).toBe(200);
  });

  test('after the hour a new browser signs in with its right code', { timeout: 120_000 }, async () => {
    const { phone } = await signUpNewCustomer(s);
    await strangersGuess(phone, 'late', (i) => `100.64.${i % 250}.3`);
    s.clock.advance(61 * 60_000);
    const fresh = 'an-hour-later-iiiiiiiiiiiiiiiiiiiiiiiiii';
    expect((await requestCode(s, phone, { secret: fresh }, { address: '198.51.100.11' })).status).toBe(202);
    await s.drainQueue();
    expect((await call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone), secret: fresh }, { address: '198.51.100.11' })).status).toBe(200);
  });

  test("the signed-in customer's own code is not held, and as a right code it starts the count again: a new browser signs in", { timeout: 120_000 }, async () => {
    const { phone, token } = await signUpNewCustomer(s);
    const sessionsCode = async () => {
      s.clock.advance(31_000);
      const secret = `sessions-${Math.random().toString(36).slice(2)}-eeeeeeeeeeeeeeeee`;
      expect((await call(s, 'POST', '/portal/customers/sessions/code', { secret }, { token })).status).toBe(202);
      await s.drainQueue();
      return { secret, code: await lastCode(s, phone) };
    };
    await strangersGuess(phone, 'guess', (i) => `192.0.${i % 250}.7`);
    // the signed-in customer's session code is not held by the strangers' wrong sign-in codes
    const ending = await sessionsCode();
    expect((await call(s, 'POST', '/portal/customers/sessions/end', { ...ending, session_id: null }, { token })).status).toBe(200);
    // that right code started the count again: a new browser signs in
    const fresh = 'after-right-code-gggggggggggggggggggggg';
    s.clock.advance(31_000);
    expect((await requestCode(s, phone, { secret: fresh }, { address: '198.51.100.9' })).status).toBe(202);
    await s.drainQueue();
    expect((await call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone), secret: fresh }, { address: '198.51.100.9' })).status).toBe(200);
  });
});
