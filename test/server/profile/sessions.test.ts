import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions } from '../../../src/server/platform/db/schema';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, signInAgain, signUpNewCustomer } from '../../support/flows';

/**
 * 'Aparelhos conectados' (issue 29, F15; ASVS 5.0 7.5.2): the customer sees every live session with
 * the browser it signed in from, and ends one of the others, or all of them ('Sair de todos os
 * dispositivos'), after proving it again with an SMS code of that purpose. The session asking goes
 * on; nobody else's sessions can be listed or ended.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const secret = () => `sessions-secret-${Math.random().toString(36).slice(2)}-0123456789`;
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
type Item = { id: string; browser: string | null; os: string | null; created_at: string; last_used_at: string; current: boolean };
const listOf = async (token: string) => {
  const r = await call(s, 'GET', '/portal/customers/sessions', undefined, { token });
  expect(r.status).toBe(200);
  return r.body.data as Item[];
};
const alive = async (token: string) => (await call(s, 'GET', '/portal/customers', undefined, { token })).status === 200;

/** Asks the SMS code to end sessions for `requestSecret`; the code as it arrived. */
async function askCode(c: { token: string; phone: string }, requestSecret: string): Promise<string> {
  const r = await call(s, 'POST', '/portal/customers/sessions/code', { secret: requestSecret }, { token: c.token });
  expect(r.status).toBe(202);
  expect(r.body).toMatchObject({ phone_last4: c.phone.slice(-4) });
  await s.drainQueue();
  return lastCode(s, c.phone);
}
const end = (token: string, body: Record<string, unknown>) => call(s, 'POST', '/portal/customers/sessions/end', body, { token });

describe('GET /portal/customers/sessions', () => {
  test('every live session of the customer, the one asking first, with the browser and system it signed in from; never a token', async () => {
    const c = await signUpNewCustomer(s);
    const other = await signUpNewCustomer(s);
    const phone = await signInAgain(s, c.phone, ANDROID_CHROME);
    const iphone = await signInAgain(s, c.phone, IPHONE_SAFARI);
    const list = await listOf(iphone);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, browser: 'Safari', os: 'iOS' });
    expect(list.filter((x) => x.current)).toHaveLength(1);
    expect(list).toContainEqual(expect.objectContaining({ current: false, browser: 'Chrome', os: 'Android' }));
    for (const x of list) {
      expect(Object.keys(x).sort()).toEqual(['browser', 'created_at', 'current', 'id', 'last_used_at', 'os']);
      expect(x.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    // the other device sees itself first
    expect((await listOf(phone))[0]).toMatchObject({ current: true, browser: 'Chrome', os: 'Android' });
    // another customer's list holds only their own
    expect(await listOf(other.token)).toHaveLength(1);
    // an ended session and one idle past 30 days are not listed
    await call(s, 'POST', '/portal/logout', undefined, { token: phone });
    expect(await listOf(iphone)).toHaveLength(2);
    await s.db.update(sessions).set({ lastUsedAt: new Date(s.clock.now().getTime() - 31 * 86_400_000) }).where(eq(sessions.id, list.find((x) => !x.current && x.browser === null)!.id));
    expect(await listOf(iphone)).toHaveLength(1);
    expect((await call(s, 'GET', '/portal/customers/sessions')).status).toBe(401);
  });
});

describe('POST /portal/customers/sessions/end', () => {
  test('one other session ends with the SMS code of that purpose; the rest go on', async () => {
    const c = await signUpNewCustomer(s);
    const phone = await signInAgain(s, c.phone, ANDROID_CHROME);
    const laptop = await signInAgain(s, c.phone);
    const target = (await listOf(laptop)).find((x) => x.browser === 'Chrome')!;
    const mine = secret();
    const code = await askCode({ token: laptop, phone: c.phone }, mine);
    const [sms] = await s.readOutbox(c.phone);
    expect(sms!.body).toContain('desconectar aparelhos');
    // a wrong code, the code with another request's secret, and a sign-in code end nothing
    expect((await end(laptop, { secret: mine, code: wrong(code), session_id: target.id })).body).toMatchObject({ code: 3000 });
    expect((await end(laptop, { secret: secret(), code, session_id: target.id })).body).toMatchObject({ code: 3000 });
    expect(await alive(phone)).toBe(true);
    const ended = await end(laptop, { secret: mine, code, session_id: target.id });
    expect(ended.status).toBe(200);
    expect(ended.body.ended).toBe(1);
    expect((ended.body.data as Item[]).map((x) => x.id)).not.toContain(target.id);
    expect(await alive(phone)).toBe(false);
    expect(await alive(laptop)).toBe(true);
    expect(await alive(c.token)).toBe(true);
    // the code is spent
    expect((await end(laptop, { secret: mine, code, session_id: null })).body).toMatchObject({ code: 3000 });
  });

  test("a sign-in code does not end sessions; nobody else's session, nor the one asking, is an id that ends", async () => {
    const c = await signUpNewCustomer(s);
    const other = await signUpNewCustomer(s);
    const laptop = await signInAgain(s, c.phone);
    const othersId = (await listOf(other.token))[0]!.id;
    const currentId = (await listOf(laptop))[0]!.id;
    // the sign-in code that opened this session, tried with its own request: a wrong code
    const signIn = (await s.readOutbox(c.phone))[0]!;
    expect(signIn.body).toContain('código de acesso');
    expect((await end(laptop, { secret: secret(), code: signIn.code, session_id: null })).body).toMatchObject({ code: 3000 });
    for (const id of [othersId, currentId, '7d0c6f2e-9a4b-4c1e-8f3a-2b5d6e7f8a9b']) {
      const mine = secret();
      s.clock.advance(31_000);
      const code = await askCode({ token: laptop, phone: c.phone }, mine);
      const r = await end(laptop, { secret: mine, code, session_id: id });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 4040 });
    }
    expect(await alive(other.token)).toBe(true);
    expect(await alive(laptop)).toBe(true);
    expect(await alive(c.token)).toBe(true);
    expect((await end(laptop, { secret: secret(), code: '123456', session_id: 'not-a-uuid' })).body).toMatchObject({ code: 4000 });
  });

  test("'Sair de todos os dispositivos': every other session ends, the one asking goes on, another customer's are not touched", async () => {
    const c = await signUpNewCustomer(s);
    const other = await signUpNewCustomer(s);
    const phone = await signInAgain(s, c.phone);
    const laptop = await signInAgain(s, c.phone);
    const mine = secret();
    const code = await askCode({ token: laptop, phone: c.phone }, mine);
    const r = await end(laptop, { secret: mine, code, session_id: null });
    expect(r.status).toBe(200);
    expect(r.body.ended).toBe(2);
    expect((r.body.data as Item[]).map((x) => x.current)).toEqual([true]);
    expect(await alive(c.token)).toBe(false);
    expect(await alive(phone)).toBe(false);
    expect(await alive(laptop)).toBe(true);
    expect(await alive(other.token)).toBe(true);
    expect((await end(laptop, { secret: mine, code, session_id: null })).status).toBe(400);
    expect((await call(s, 'POST', '/portal/customers/sessions/end', { secret: mine, code, session_id: null })).status).toBe(401);
  });
});
