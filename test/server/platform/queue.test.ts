import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobs } from '../../../src/server/platform/db/schema';
import { messages } from '#shared/messages';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, newAddress, newPhone, requestCode, signUpNewCustomer } from '../../support/flows';
import { codeBudgetRefusals } from '../../../src/server/platform/metrics';
import { purgeExpired } from '../../../src/server/platform/maintenance';

let s: TestServer;
beforeAll(async () => { s = await createTestServer({ limits: { sendsPerAddressWindow: 8 } }); });
afterAll(async () => { await s.close(); });

describe('POST /api/v1/queue/sms', () => {
  test('queues the request (202) and the worker sends a 6-digit code by SMS', async () => {
    const phone = newPhone();
    const res = await requestCode(s, phone);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: true, retry_after_s: 30 });
    const [sms] = await s.readOutbox(phone);
    expect(sms).toMatchObject({ channel: 'sms', to: phone });
    expect(sms?.code).toMatch(/^\d{6}$/);
    expect(sms?.body).toContain(sms?.code);
  });

  test('answers a known and an unknown number identically', async () => {
    const known = await signUpNewCustomer(s);
    s.clock.advance(31_000);
    const a = await requestCode(s, known.phone);
    const b = await requestCode(s, newPhone());
    expect([a.status, a.body]).toEqual([b.status, b.body]);
  });

  test('refuses without a bot-check payload (4001) and sends nothing', async () => {
    const phone = newPhone();
    const res = await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: false });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 4001, message: messages['code.RECAPTCHA_REQUIRED'], field: 'recaptcha' });
    expect(await s.readOutbox(phone)).toEqual([]);
  });

  test('refuses a forged or reused bot-check payload', async () => {
    const phone = newPhone();
    const payload = await s.solveBotCheck();
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64').toString()), number: 999_999 })).toString('base64');
    expect((await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: false, recaptcha: forged })).body.code).toBe(4001);
    expect((await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: false, recaptcha: payload })).status).toBe(202);
    const again = await call(s, 'POST', '/queue/sms', { phone: newPhone(), type: 'SIGN_IN', resend: false, recaptcha: payload });
    expect(again.body.code).toBe(4001);
  });

  test('a bot-check payload is judged by the server clock: solved now, refused once its 10 minutes are over', async () => {
    const payload = await s.solveBotCheck();
    s.clock.advance(10 * 60_000 + 1_000);
    const late = await call(s, 'POST', '/queue/sms', { phone: newPhone(), type: 'SIGN_IN', resend: false, recaptcha: payload });
    expect(late.body.code).toBe(4001);
    // a clock set on another day than the machine's still issues and accepts its own challenges
    s.clock.advance(-3 * 24 * 3600_000);
    expect((await requestCode(s, newPhone())).status).toBe(202);
  });

  test('validates the phone: 13 digits, country code first', async () => {
    const res = await call(s, 'POST', '/queue/sms', { phone: '11987654321', type: 'SIGN_IN', resend: false, recaptcha: await s.solveBotCheck() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 4000, field: 'phone', message: messages['code.PHONE_NUMBER_INVALID'] });
  });

  test.each([
    ['a foreign number', '8613800138000'],
    ['a nonsense number', '0000000000000'],
    ['no such area code (DDD 20)', '5520987654321'],
    ['a landline', '5511334455667'],
    ['the satellite 700 series', '5511700123456'],
    ['a mobile of another country code', '5411987654321'],
  ])('only Brazilian mobiles get codes: %s is refused (4000) and nothing is sent (issue 29, F7)', async (_what, phone) => {
    const res = await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: false, secret: 'a'.repeat(43), recaptcha: await s.solveBotCheck() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 4000, field: 'phone', message: messages['code.PHONE_NUMBER_INVALID'] });
    expect(await s.readOutbox(phone)).toEqual([]);
  });

  test('a resend before 30 s is refused with the seconds left (4290); after it, a new code replaces the old', async () => {
    const phone = newPhone();
    await requestCode(s, phone);
    const first = await lastCode(s, phone);
    s.clock.advance(10_000);
    const early = await call(s, 'POST', '/queue/sms', { phone, coupon: null, type: 'SIGN_IN', resend: true });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 4290, message: messages['access.code.resendTooEarly'], retry_after_s: 20 });
    expect(early.headers.get('Retry-After')).toBe('20');
    s.clock.advance(20_000);
    // a resend inside a live request needs no new bot check
    const resend = await call(s, 'POST', '/queue/sms', { phone, coupon: null, type: 'SIGN_IN', resend: true });
    expect(resend.status).toBe(202);
    const second = await lastCode(s, phone);
    expect((await s.readOutbox(phone)).length).toBe(2);
    if (first !== second) {
      const old = await call(s, 'POST', '/portal/login', { phone, code: first });
      expect(old.body.code).toBe(3000);
    }
  });

  test('a resend without a live request needs the bot check', async () => {
    const res = await call(s, 'POST', '/queue/sms', { phone: newPhone(), type: 'SIGN_IN', resend: true });
    expect(res.body.code).toBe(4001);
  });

  test('at most 5 sends per 10 minutes per phone (4291)', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(s, phone)).status).toBe(202);
      s.clock.advance(31_000);
    }
    const sixth = await requestCode(s, phone);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 4291, message: messages['access.code.sendLimit'] });
    expect(Number(sixth.body.retry_after_s)).toBeGreaterThan(0);
    expect((await s.readOutbox(phone)).length).toBe(5);
    s.clock.advance(10 * 60_000);
    expect((await requestCode(s, phone)).status).toBe(202);
  });

  test('a per-address limit across phones (4292)', async () => {
    const address = newAddress();
    for (let i = 0; i < 8; i++) expect((await requestCode(s, newPhone(), {}, { address })).status).toBe(202);
    const over = await requestCode(s, newPhone(), {}, { address });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 4292, message: messages['access.code.rateLimited'] });
    expect((await requestCode(s, newPhone(), {}, { address: newAddress() })).status).toBe(202);
  });

  test('origin REQUEST_WHATSAPP sends through the WhatsApp provider', async () => {
    const phone = newPhone();
    await requestCode(s, phone);
    s.clock.advance(30_000);
    const res = await call(s, 'POST', '/queue/sms', { phone, coupon: null, type: 'SIGN_IN', resend: true, origin: 'REQUEST_WHATSAPP' });
    expect(res.status).toBe(202);
    const [newest] = await s.readOutbox(phone);
    expect(newest?.channel).toBe('whatsapp');
    expect((await call(s, 'POST', '/portal/confirm-number', { phone, code: newest?.code })).status).toBe(200);
  });
});

describe('what a pumping run meets (issue 29, F7)', () => {
  const refusedBy = (res: { status: number; body: Record<string, unknown> }) => (res.status === 202 ? 'sent' : String(res.body.code));

  test('an IPv6 client counts by its /64: new addresses in the same /64 share one limit', async () => {
    const v6 = await createTestServer({ clock: s.clock, limits: { sendsPerAddressWindow: 3 } });
    try {
      const answers = [];
      for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:0db8:0001:0002:1:2:3:4', '2001:db8:1:2::abcd']) {
        answers.push(refusedBy(await requestCode(v6, newPhone(), {}, { address })));
      }
      expect(answers).toEqual(['sent', 'sent', 'sent', '4292']);
      expect(refusedBy(await requestCode(v6, newPhone(), {}, { address: '2001:db8:1:3::1' }))).toBe('sent');
    } finally {
      await v6.close();
    }
  });

  test('an IPv4 /24 has a limit of its own above the address\'s', async () => {
    const v4 = await createTestServer({ clock: s.clock, limits: { sendsPerAddressWindow: 2, sendsPerPrefixWindow: 4 } });
    try {
      const answers = [];
      for (const host of [1, 1, 2, 3, 4]) answers.push(refusedBy(await requestCode(v4, newPhone(), {}, { address: `203.0.113.${host}` })));
      expect(answers).toEqual(['sent', 'sent', 'sent', 'sent', '4292']);
      expect(refusedBy(await requestCode(v4, newPhone(), {}, { address: '203.0.114.1' }))).toBe('sent');
    } finally {
      await v4.close();
    }
  });

  test('a daily budget of code messages, all phones and per area code: past it nothing is sent, an operator is told', async () => {
    const budget = await createTestServer({ clock: s.clock, limits: { sendsPerDay: 4, sendsPerAreaPerDay: 2 } });
    const before = (await codeBudgetRefusals.get()).values.reduce((a, v) => a + v.value, 0);
    try {
      const ask = (phone: string) => requestCode(budget, phone, {}, { address: newAddress() });
      const answers = [];
      for (const phone of ['5511987650001', '5511987650002', '5511987650003', '5521987650001', '5531987650001', '5541987650001']) answers.push(refusedBy(await ask(phone)));
      expect(answers).toEqual(['sent', 'sent', '4297', 'sent', 'sent', '4297']);
      const refused = await ask('5551987650001');
      expect(refused.body).toMatchObject({ code: 4297, message: messages['access.code.unavailable'] });
      expect(await budget.readOutbox('5551987650001')).toEqual([]);
      expect((await codeBudgetRefusals.get()).values.reduce((a, v) => a + v.value, 0) - before).toBe(3);
      // the hourly purge keeps the day's sends: the budget still holds hours later
      budget.clock.advance(3 * 3600_000);
      await purgeExpired(budget.deps);
      expect(refusedBy(await ask('5561987650001'))).toBe('4297');
      budget.clock.advance(21 * 3600_000 + 1000);
      expect(refusedBy(await ask('5541987650001'))).toBe('sent');
    } finally {
      await budget.close();
    }
  });
});

describe('the code queue', () => {
  test('a provider failure is retried with backoff and the code still arrives (at-least-once)', async () => {
    let failuresLeft = 2;
    const flaky = await createTestServer({
      autoDrain: false,
      clock: s.clock,
      providers: (local) => ({
        sms: { name: 'flaky', send: async (m) => { if (failuresLeft-- > 0) throw new Error('provider down'); await local.sms.send(m); } },
      }),
    });
    try {
      const phone = newPhone();
      expect((await requestCode(flaky, phone)).status).toBe(202);
      expect(await flaky.drainQueue()).toBe(1); // attempt 1 fails
      expect(await flaky.readOutbox(phone)).toEqual([]);
      const [job] = await flaky.db.select().from(jobs);
      expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'provider down' });
      expect(await flaky.drainQueue()).toBe(0); // not due yet: backoff
      flaky.clock.advance(2_000);
      expect(await flaky.drainQueue()).toBe(1); // attempt 2 fails
      flaky.clock.advance(4_000);
      expect(await flaky.drainQueue()).toBe(1); // attempt 3 delivers
      const [done] = await flaky.db.select().from(jobs).where(eq(jobs.status, 'done'));
      expect(done?.attempts).toBe(3);
      const sent = await flaky.readOutbox(phone);
      expect(sent).toHaveLength(1);
      const login = await call(flaky, 'POST', '/portal/confirm-number', { phone, code: sent[0]?.code });
      expect(login.status).toBe(200);
    } finally {
      await flaky.close();
    }
  });
});

describe('several workers', () => {
  // PGlite is one connection; row locks between workers are only observable on PostgreSQL.
  test.skipIf(!process.env.DATABASE_URL)('two workers draining together send each code once (FOR UPDATE SKIP LOCKED)', async () => {
    const { createWorker } = await import('../../../src/server/platform/queue/queue');
    const { codeJobs } = await import('../../../src/server/auth/delivery');
    const shared = await createTestServer({ autoDrain: false });
    try {
      const phones = Array.from({ length: 12 }, () => newPhone());
      for (const phone of phones) await requestCode(shared, phone);
      const a = createWorker(shared.db, shared.clock, codeJobs(shared.deps));
      const b = createWorker(shared.db, shared.clock, codeJobs(shared.deps));
      const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
      expect(ranA + ranB).toBe(12);
      for (const phone of phones) expect(await shared.readOutbox(phone)).toHaveLength(1);
    } finally {
      await shared.close();
    }
  });
});
