import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { customers } from '../../../src/server/platform/db/schema';
import { messages } from '../../../src/shared/messages';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, newAddress, requestCode, signUpNewCustomer } from '../../support/flows';

/**
 * Issue 29, F15: the e-mail changes only with a code sent to the new address and a fresh SMS code
 * to the account's phone (a code of another purpose confirms nothing), the previous address is
 * told. The sessions' list and their end: ./sessions.test.ts.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const secret = () => `email-secret-${Math.random().toString(36).slice(2)}-0123456789`;
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const emailOf = async (phone: string) => (await s.db.select({ email: customers.email }).from(customers).where(eq(customers.phone, phone)))[0]!.email;

/** Asks for the codes of a change to `email`; the two codes as they arrived. */
async function askCodes(c: { token: string; phone: string }, email: string, requestSecret: string) {
  const r = await call(s, 'POST', '/portal/customers/email/code', { secret: requestSecret, email }, { token: c.token });
  if (r.status !== 202) return { ...r, emailCode: null, smsCode: null };
  await s.drainQueue();
  return { ...r, emailCode: await lastCode(s, email), smsCode: await lastCode(s, c.phone) };
}
const confirm = (c: { token: string }, body: Record<string, unknown>) => call(s, 'POST', '/portal/customers/email', body, { token: c.token });

describe('changing the e-mail', () => {
  test('PATCH no longer changes the e-mail: a different one is refused (4099) and the e-mail stays', async () => {
    const c = await signUpNewCustomer(s);
    const refused = await call(s, 'PATCH', '/portal/customers', { name: 'Maria Souza', email: `outro.${c.phone}@example.com` }, { token: c.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 4099, field: 'email' });
    expect(await emailOf(c.phone)).toBe(c.email);
    // the form sends the e-mail as it is with a new name: that is fine
    expect((await call(s, 'PATCH', '/portal/customers', { name: 'Maria Souza', email: c.email.toUpperCase() }, { token: c.token })).status).toBe(200);
  });

  test('without both codes nothing changes; with both the e-mail changes and the previous address is told, without the new one', async () => {
    const c = await signUpNewCustomer(s);
    const next = `novo.${c.phone}@example.com`;
    const mine = secret();
    const sent = await askCodes(c, next.toUpperCase(), mine);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ email: next, phone_last4: c.phone.slice(-4), retry_after_s: 30 });
    expect((await s.readOutbox(c.phone))[0]?.body).toContain('trocar o e-mail');
    // until confirmed, the profile keeps the old e-mail
    expect((await call(s, 'GET', '/portal/customers', undefined, { token: c.token })).body.email).toBe(c.email);

    expect((await confirm(c, { secret: mine, email_code: sent.emailCode, sms_code: wrong(sent.smsCode!) })).body).toMatchObject({ code: 3000, field: 'sms_code' });
    expect((await confirm(c, { secret: mine, email_code: wrong(sent.emailCode!), sms_code: sent.smsCode })).body).toMatchObject({ code: 3000, field: 'email_code' });
    // the e-mail's code twice (it is not the SMS one), or the SMS code twice
    expect((await confirm(c, { secret: mine, email_code: sent.emailCode, sms_code: sent.emailCode })).status).toBe(400);
    expect((await confirm(c, { secret: mine, email_code: sent.smsCode, sms_code: sent.smsCode })).status).toBe(400);
    // both codes with a secret that did not ask for them
    expect((await confirm(c, { secret: secret(), email_code: sent.emailCode, sms_code: sent.smsCode })).body).toMatchObject({ code: 3000 });
    expect((await confirm(c, { secret: mine, sms_code: sent.smsCode })).status).toBe(400);
    expect(await emailOf(c.phone)).toBe(c.email);
    expect((await s.readOutbox(c.email)).filter((m) => m.body.includes('trocado'))).toEqual([]);

    const done = await confirm(c, { secret: mine, email_code: sent.emailCode, sms_code: sent.smsCode });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ email: next });
    expect(await emailOf(c.phone)).toBe(next);
    await s.drainQueue();
    const [notice] = await s.readOutbox(c.email.toLowerCase());
    expect(notice?.body).toContain('O e-mail da sua conta foi trocado');
    expect(notice?.body).not.toContain(next);
    expect(notice?.body).not.toContain('novo.');
    // the codes are used up
    expect((await confirm(c, { secret: mine, email_code: sent.emailCode, sms_code: sent.smsCode })).status).toBe(400);
  });

  test('a sign-in code of the phone does not confirm the change (codes are bound to their purpose)', async () => {
    const c = await signUpNewCustomer(s);
    const next = `outro.${c.phone}@example.com`;
    const mine = secret();
    const sent = await askCodes(c, next, mine);
    expect(sent.status).toBe(202);
    // a sign-in code asked with the same secret: an SMS of purpose 'access'
    s.clock.advance(31_000);
    expect((await requestCode(s, c.phone, { secret: mine }, { address: newAddress() })).status).toBe(202);
    await s.drainQueue();
    const signIn = (await s.readOutbox(c.phone))[0]!;
    expect(signIn.body).toContain('código de acesso');
    expect((await confirm(c, { secret: mine, email_code: sent.emailCode, sms_code: signIn.code })).body).toMatchObject({ code: 3000, field: 'sms_code' });
    expect(await emailOf(c.phone)).toBe(c.email);
    // and the e-mail change's SMS code signs nobody in
    expect((await call(s, 'POST', '/portal/login', { phone: c.phone, code: sent.smsCode, secret: mine })).body).toMatchObject({ code: 3000 });
  });

  test('wrong codes are counted: the e-mail\'s code takes 5 tries, then answers 3002 even when right', async () => {
    const c = await signUpNewCustomer(s);
    const mine = secret();
    const sent = await askCodes(c, `tentativas.${c.phone}@example.com`, mine);
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 5; i++) last = (await confirm(c, { secret: mine, email_code: wrong(sent.emailCode!), sms_code: sent.smsCode })).body;
    expect(last).toMatchObject({ code: 3002 });
    expect((await confirm(c, { secret: mine, email_code: sent.emailCode, sms_code: sent.smsCode })).body).toMatchObject({ code: 3002 });
    expect(await emailOf(c.phone)).toBe(c.email);
  });

  test('an e-mail of another account, or the same one, sends no code', async () => {
    const a = await signUpNewCustomer(s);
    const b = await signUpNewCustomer(s);
    expect((await call(s, 'POST', '/portal/customers/email/code', { secret: secret(), email: b.email }, { token: a.token })).body).toMatchObject({ code: 1005 });
    expect((await call(s, 'POST', '/portal/customers/email/code', { secret: secret(), email: a.email.toUpperCase() }, { token: a.token })).body)
      .toMatchObject({ code: 4000, field: 'email', message: messages['profile.email.same'] });
    expect(await s.readOutbox(a.phone)).toHaveLength(1);
    expect((await call(s, 'POST', '/portal/customers/email/code', { secret: secret(), email: 'x@example.com' })).status).toBe(401);
  });
});
