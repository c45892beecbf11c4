import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accessCodes } from '../../../src/server/platform/db/schema';
import { createTestServer, type TestServer } from '../../support/server';
import { lastCode, newPhone, signUpNewCustomer } from '../../support/flows';

/**
 * Issue 10 (NIST SP 800-63B-4 3.1.3, 3.2.2): 10,000 wrong codes from strangers, from many addresses
 * and between resend attempts, never sign in (not even the customer's own code sent without the
 * request's secret) and never keep the customer from signing in with the code they asked for.
 */

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const ATTEMPTS = 10_000;
const newSecret = (): string => randomBytes(32).toString('base64url');
const address = (i: number): string => `198.${18 + (i % 2)}.${(i >> 8) % 256}.${i % 256}`;

async function post(path: string, body: Record<string, unknown>, from: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await s.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

test('10,000 wrong codes from strangers across resends never sign in, and the customer still signs in', { timeout: 120_000 }, async () => {
  const { phone } = await signUpNewCustomer(s, newPhone());
  s.clock.advance(31_000);
  const secret = newSecret();
  const asked = await post('/queue/sms', { phone, coupon: null, secret, recaptcha: await s.solveBotCheck(), type: 'SIGN_IN', resend: false }, '203.0.113.7');
  expect(asked.status).toBe(202);
  await s.drainQueue();
  const code = await lastCode(s, phone);

  const answers = new Map<string, number>();
  const count = (r: { status: number; body: Record<string, unknown> }) => {
    const key = `${r.status} ${String(r.body.code)}`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
  };
  for (let batch = 0; batch < ATTEMPTS / 500; batch++) {
    // between batches the strangers ask for resends of the customer's request without its secret
    const resends = await Promise.all([
      post('/queue/sms', { phone, coupon: null, secret: newSecret(), type: 'SIGN_IN', resend: true }, address(batch)),
      post('/queue/sms', { phone, coupon: null, secret: newSecret(), type: 'SIGN_IN', resend: true, origin: 'REQUEST_WHATSAPP' }, address(batch + 1)),
      post('/portal/customers/resend-login-code-by-email', { phone, secret: newSecret() }, address(batch + 2)),
    ]);
    for (const r of resends) expect([r.status, r.body.code]).toEqual([400, 4001]);
    await s.drainQueue();
    const tries = Array.from({ length: 500 }, (_, k) => {
      const i = batch * 500 + k;
      // every code from 000000 up, and now and then the customer's own code, none with the request's secret
      const guess = k === 250 ? code : String(i).padStart(6, '0');
      const path = i % 2 === 0 ? '/portal/login' : '/portal/confirm-number';
      return post(path, { phone, code: guess, secret: newSecret() }, address(i));
    });
    for (const r of await Promise.all(tries)) count(r);
    s.clock.advance(20_000);
  }

  expect(Object.fromEntries(answers)).toEqual({ '400 3000': ATTEMPTS });
  // no resend issued a code, and the customer's code took none of the guesses
  const codes = await s.db.select().from(accessCodes).where(eq(accessCodes.phone, phone)).orderBy(accessCodes.id);
  expect(codes.map((c) => [c.failedTries, c.supersededAt, c.usedAt === null])).toEqual([[0, null, false], [0, null, true]]);

  // 6 minutes and 40 seconds later the customer's code is untouched and signs them in
  const signedIn = await post('/portal/login', { phone, code, secret }, '203.0.113.7');
  expect(signedIn.status).toBe(200);
  expect(typeof signedIn.body.access_token).toBe('string');
});
