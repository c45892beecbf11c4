import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '#shared/messages';
import { accessCodes, authEvents } from '../../../src/server/platform/db/schema';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, newPhone, requestCode, signUpNewCustomer } from '../../support/flows';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

/** A browser's secret for one code request (what the auth flow makes). */
const newSecret = (): string => randomBytes(32).toString('base64url');
const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const WRONG_CODE_ANSWER = { status: 400, body: { code: 3000, message: messages['access.code.invalid'], field: 'code', request_id: expect.any(String) } };

/** The customer asks for a sign-in code with their own secret and reads it from the outbox. */
async function customerAsksForCode(phone = newPhone()) {
  const secret = newSecret();
  expect((await requestCode(s, phone, { secret })).status).toBe(202);
  return { phone, secret, code: await lastCode(s, phone) };
}

describe('the code belongs to the request that asked for it (its secret)', () => {
  test('the code request, the code check and the e-mail resend need the secret (4000)', async () => {
    const phone = newPhone();
    for (const [path, body] of [
      ['/queue/sms', { phone, type: 'SIGN_IN', resend: false, recaptcha: await s.solveBotCheck() }],
      ['/portal/login', { phone, code: '123456' }],
      ['/portal/confirm-number', { phone, code: '123456' }],
      ['/portal/customers/resend-login-code-by-email', { phone }],
    ] as const) {
      const res = await call(s, 'POST', path, { ...body, secret: undefined });
      expect([path, res.status, res.body.code, res.body.field]).toEqual([path, 400, 4000, 'secret']);
    }
    const short = await call(s, 'POST', '/portal/login', { phone, code: '123456', secret: 'abc' });
    expect([short.status, short.body.field]).toEqual([400, 'secret']);
  });

  test('the right code without the request\'s secret is refused like a wrong code', async () => {
    const { phone, secret, code } = await customerAsksForCode();
    for (const path of ['/portal/login', '/portal/confirm-number']) {
      const res = await call(s, 'POST', path, { phone, code, secret: newSecret() });
      expect({ status: res.status, body: res.body }).toEqual(WRONG_CODE_ANSWER);
    }
    expect((await call(s, 'POST', '/portal/confirm-number', { phone, code, secret })).status).toBe(200);
  });

  test('wrong codes from strangers spend none of the customer\'s tries and count nowhere: no lock', async () => {
    const { phone, secret, code } = await customerAsksForCode();
    // the five anonymous wrong codes that used to lock the phone for 10 minutes, and many more
    for (let i = 0; i < 30; i++) {
      const res = await call(s, 'POST', '/portal/login', { phone, code: wrong(code), secret: newSecret() });
      expect({ status: res.status, body: res.body }).toEqual(WRONG_CODE_ANSWER);
    }
    const [row] = await s.db.select().from(accessCodes).where(eq(accessCodes.phone, phone));
    expect(row?.failedTries).toBe(0);
    expect(await s.db.select().from(authEvents).where(eq(authEvents.phone, phone))).toHaveLength(1); // the send
    // the customer still has all 5 tries of their code
    for (let i = 0; i < 4; i++) expect((await call(s, 'POST', '/portal/login', { phone, code: wrong(code), secret })).body.code).toBe(3000);
    expect((await call(s, 'POST', '/portal/confirm-number', { phone, code, secret })).status).toBe(200);
  });

  test('a wrong secret answers the same for a known number, an unknown one, and one with no live request', async () => {
    const known = await signUpNewCustomer(s);
    const unknown = await customerAsksForCode();
    const idle = newPhone();
    const answers = await Promise.all([known.phone, unknown.phone, idle].map(async (phone) => {
      const res = await call(s, 'POST', '/portal/login', { phone, code: '000000', secret: newSecret() });
      return { status: res.status, body: res.body };
    }));
    expect(answers).toEqual([WRONG_CODE_ANSWER, WRONG_CODE_ANSWER, WRONG_CODE_ANSWER]);
  });

  test('the 30 s cooldown is the request\'s: another request of the phone does not hold the customer back', async () => {
    const phone = newPhone();
    expect((await requestCode(s, phone, { secret: newSecret() })).status).toBe(202);
    s.clock.advance(2_000);
    const mine = newSecret();
    expect((await requestCode(s, phone, { secret: mine })).status).toBe(202);
    s.clock.advance(2_000);
    const again = await requestCode(s, phone, { secret: mine });
    expect(again.body).toMatchObject({ code: 4290, retry_after_s: 28 });
  });
});

describe('resends belong to the request', () => {
  test('an SMS or WhatsApp resend without the live request\'s secret needs the bot check and cancels nothing', async () => {
    const { phone, secret, code } = await customerAsksForCode();
    s.clock.advance(31_000);
    const stranger = newSecret();
    for (const origin of [undefined, 'REQUEST_WHATSAPP'] as const) {
      const res = await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, coupon: null, secret: stranger, origin });
      expect([res.status, res.body.code]).toEqual([400, 4001]);
    }
    // with a bot check it is a new request of the stranger's: the customer's code still works
    const withBotCheck = await call(s, 'POST', '/queue/sms', {
      phone, type: 'SIGN_IN', resend: true, coupon: null, secret: stranger, recaptcha: await s.solveBotCheck(),
    });
    expect(withBotCheck.status).toBe(202);
    const strangersCode = await lastCode(s, phone);
    expect((await call(s, 'POST', '/portal/login', { phone, code: strangersCode, secret })).body.code).toBe(3000);
    expect((await call(s, 'POST', '/portal/confirm-number', { phone, code, secret })).status).toBe(200);
  });

  test('the customer\'s own resend needs no bot check and replaces their code', async () => {
    const { phone, secret, code } = await customerAsksForCode();
    s.clock.advance(31_000);
    expect((await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, coupon: null, secret })).status).toBe(202);
    const fresh = await lastCode(s, phone);
    if (fresh !== code) expect((await call(s, 'POST', '/portal/login', { phone, code, secret })).body.code).toBe(3000);
    expect((await call(s, 'POST', '/portal/confirm-number', { phone, code: fresh, secret })).status).toBe(200);
  });

  test('an e-mail resend without the live request\'s secret needs the bot check and does not cancel the SMS code', async () => {
    const { phone, email } = await signUpNewCustomer(s);
    s.clock.advance(31_000);
    const { secret, code } = await customerAsksForCode(phone);
    s.clock.advance(31_000);
    const stranger = newSecret();
    const refused = await call(s, 'POST', '/portal/customers/resend-login-code-by-email', { phone, secret: stranger });
    expect([refused.status, refused.body.code]).toEqual([400, 4001]);
    const asked = await call(s, 'POST', '/portal/customers/resend-login-code-by-email', { phone, secret: stranger, recaptcha: await s.solveBotCheck() });
    expect(asked.body).toEqual({ success: true });
    const [mail] = await s.readOutbox(email);
    expect(mail?.code).toBeTruthy();
    // the mailed code is the stranger's request's (useless without the mailbox), the SMS code still the customer's
    expect((await call(s, 'POST', '/portal/login', { phone, code: String(mail?.code), secret })).body.code).toBe(3000);
    expect((await call(s, 'POST', '/portal/login', { phone, code, secret })).status).toBe(200);
  });

  test('the customer\'s e-mail resend replaces their SMS code with the mailed one', async () => {
    const { phone, email } = await signUpNewCustomer(s);
    s.clock.advance(31_000);
    const { secret } = await customerAsksForCode(phone);
    s.clock.advance(31_000);
    expect((await call(s, 'POST', '/portal/customers/resend-login-code-by-email', { phone, secret })).body).toEqual({ success: true });
    const [mail] = await s.readOutbox(email);
    expect((await call(s, 'POST', '/portal/login', { phone, code: String(mail?.code), secret })).status).toBe(200);
  });

  test('every request and resend of the phone, SMS, WhatsApp or e-mail, counts in the same 5 per 10 minutes', async () => {
    const { phone, secret } = await customerAsksForCode();
    s.clock.advance(31_000);
    expect((await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, secret })).status).toBe(202);
    s.clock.advance(31_000);
    expect((await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, secret, origin: 'REQUEST_WHATSAPP' })).status).toBe(202);
    s.clock.advance(31_000);
    expect((await call(s, 'POST', '/portal/customers/resend-login-code-by-email', { phone, secret })).status).toBe(200);
    expect((await requestCode(s, phone, { secret: newSecret() })).status).toBe(202);
    s.clock.advance(31_000);
    const sixth = await call(s, 'POST', '/portal/customers/resend-login-code-by-email', { phone, secret });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 4291 });
    expect(Number(sixth.body.retry_after_s)).toBeGreaterThan(0);
    const seventh = await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, secret });
    expect(seventh.body).toMatchObject({ code: 4291 });
  });
});

describe('the phone\'s wrong codes: growing waits, never a lock on someone else\'s request', () => {
  test('after 10 wrong codes of the phone a request that guessed wrong waits 1, then 2, then 4 minutes', async () => {
    const phone = newPhone();
    const secret = newSecret();
    await requestCode(s, phone, { secret });
    let code = await lastCode(s, phone);
    const tryWrong = () => call(s, 'POST', '/portal/login', { phone, code: wrong(code), secret });
    for (let i = 0; i < 5; i++) await tryWrong();
    s.clock.advance(31_000);
    await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, secret });
    code = await lastCode(s, phone);
    for (let i = 0; i < 4; i++) expect((await tryWrong()).body.code).toBe(3000);
    expect((await tryWrong()).body).toMatchObject({ code: 3002, retry_after_s: 60 });
    expect((await tryWrong()).body).toMatchObject({ code: 3002, retry_after_s: 60 }); // a try while held is not looked at
    s.clock.advance(60_000);
    s.clock.advance(31_000);
    await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, secret });
    code = await lastCode(s, phone);
    expect((await tryWrong()).body).toMatchObject({ code: 3002, retry_after_s: 120 });
    s.clock.advance(120_000);
    expect((await tryWrong()).body).toMatchObject({ code: 3002, retry_after_s: 240 });
    s.clock.advance(240_000);
    expect((await call(s, 'POST', '/portal/login', { phone, code, secret })).status).toBe(404); // signed in: no account
  });

  test('a stranger\'s own request guessing wrong holds only that request: the customer\'s fresh request signs in', async () => {
    const { phone } = await signUpNewCustomer(s);
    s.clock.advance(31_000);
    // a stranger who passed the bot check twice makes the phone reach its 10 wrong codes
    const stranger = newSecret();
    await requestCode(s, phone, { secret: stranger });
    for (let i = 0; i < 5; i++) await call(s, 'POST', '/portal/login', { phone, code: wrong(await lastCode(s, phone)), secret: stranger });
    s.clock.advance(31_000);
    await requestCode(s, phone, { secret: stranger });
    const strangersCode = await lastCode(s, phone);
    for (let i = 0; i < 5; i++) await call(s, 'POST', '/portal/login', { phone, code: wrong(strangersCode), secret: stranger });
    expect((await call(s, 'POST', '/portal/login', { phone, code: strangersCode, secret: stranger })).body.code).toBe(3002);

    const { secret, code } = await customerAsksForCode(phone);
    const res = await call(s, 'POST', '/portal/login', { phone, code, secret });
    expect(res.status).toBe(200);
    expect(typeof res.body.access_token).toBe('string');
  });

  test('a sign-in starts the count again', async () => {
    const phone = newPhone();
    let secret = newSecret();
    await requestCode(s, phone, { secret });
    for (let round = 0; round < 2; round++) {
      const code = await lastCode(s, phone);
      for (let i = 0; i < 4; i++) await call(s, 'POST', '/portal/login', { phone, code: wrong(code), secret });
      expect((await call(s, 'POST', '/portal/confirm-number', { phone, code, secret })).status).toBe(200);
      s.clock.advance(31_000);
      secret = newSecret();
      await requestCode(s, phone, { secret });
    }
    // 8 wrong codes in all, but 4 since the last sign-in: the next wrong code is a plain 3000
    const code = await lastCode(s, phone);
    for (let i = 0; i < 4; i++) expect((await call(s, 'POST', '/portal/login', { phone, code: wrong(code), secret })).body.code).toBe(3000);
  });
});
