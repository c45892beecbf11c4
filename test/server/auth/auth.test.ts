import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '#shared/messages';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, newPhone, requestCode, signUpNewCustomer } from '../../support/flows';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/v1/portal/login', () => {
  test('a valid code signs a customer in; the token opens GET /portal/customers', async () => {
    const { phone } = await signUpNewCustomer(s);
    s.clock.advance(31_000);
    await requestCode(s, phone);
    const res = await call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone) });
    expect(res.status).toBe(200);
    expect(String(res.body.access_token).length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: String(res.body.access_token) });
    expect(me.status).toBe(200);
    expect(me.body.phone).toBe(phone);
  });

  test('a wrong code answers 3000 with the catalogue text', async () => {
    const phone = newPhone();
    await requestCode(s, phone);
    const res = await call(s, 'POST', '/portal/login', { phone, code: wrong(await lastCode(s, phone)) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 3000, message: messages['access.code.invalid'], field: 'code', request_id: expect.any(String) });
  });

  test('a code is single use', async () => {
    const phone = newPhone();
    await requestCode(s, phone);
    const code = await lastCode(s, phone);
    expect((await call(s, 'POST', '/portal/confirm-number', { phone, code })).status).toBe(200);
    expect((await call(s, 'POST', '/portal/confirm-number', { phone, code })).body.code).toBe(3000);
  });

  test('an expired code (after 10 minutes) answers 3001', async () => {
    const phone = newPhone();
    await requestCode(s, phone);
    const code = await lastCode(s, phone);
    s.clock.advance(10 * 60_000 + 1);
    const res = await call(s, 'POST', '/portal/login', { phone, code });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 3001, message: messages['access.code.expired'] });
  });

  test('after 5 wrong tries even the right code is refused (3002); a resend gives a new code, and does not reset the phone\'s count', async () => {
    const phone = newPhone();
    await requestCode(s, phone);
    const code = await lastCode(s, phone);
    for (let i = 0; i < 4; i++) expect((await call(s, 'POST', '/portal/login', { phone, code: wrong(code) })).body.code).toBe(3000);
    const fifth = await call(s, 'POST', '/portal/login', { phone, code: wrong(code) });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: 3002, message: messages['access.code.tooManyTries'] });
    expect((await call(s, 'POST', '/portal/login', { phone, code })).body.code).toBe(3002);

    // five more wrong codes with a resent code bring the phone to its 10: now the request waits
    s.clock.advance(31_000);
    expect((await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true })).status).toBe(202);
    const fresh = await lastCode(s, phone);
    for (let i = 0; i < 4; i++) expect((await call(s, 'POST', '/portal/login', { phone, code: wrong(fresh) })).body.code).toBe(3000);
    const tenth = await call(s, 'POST', '/portal/login', { phone, code: wrong(fresh) });
    expect(tenth.status).toBe(429);
    expect(tenth.body).toMatchObject({ code: 3002, retry_after_s: 60 });
    expect(tenth.headers.get('Retry-After')).toBe('60');

    // a new code for the same request does not lift the wait: the count belongs to the phone
    s.clock.advance(31_000);
    expect((await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true })).status).toBe(202);
    const third = await lastCode(s, phone);
    expect((await call(s, 'POST', '/portal/login', { phone, code: third })).body).toMatchObject({ code: 3002, retry_after_s: 29 });
    s.clock.advance(30_000);
    expect((await call(s, 'POST', '/portal/confirm-number', { phone, code: third })).status).toBe(200);
  });

  test('a valid code for a number without an account answers 404 {5000, phone_proof}', async () => {
    const phone = newPhone();
    await requestCode(s, phone);
    const res = await call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone) });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 5000, message: messages['api.5000'] });
    expect(typeof res.body.phone_proof).toBe('string');
  });

  test('a wrong code looks the same for a known and an unknown number', async () => {
    const known = await signUpNewCustomer(s);
    s.clock.advance(31_000);
    const unknown = newPhone();
    await requestCode(s, known.phone);
    await requestCode(s, unknown);
    const a = await call(s, 'POST', '/portal/login', { phone: known.phone, code: wrong(await lastCode(s, known.phone)) });
    const b = await call(s, 'POST', '/portal/login', { phone: unknown, code: wrong(await lastCode(s, unknown)) });
    // each answer carries its own request's id (X-Request-Id), the same for any number: the rest is identical
    const { request_id: idA, ...restA } = a.body;
    const { request_id: idB, ...restB } = b.body;
    expect([idA, idB]).toEqual([a.headers.get('X-Request-Id'), b.headers.get('X-Request-Id')]);
    expect([a.status, restA]).toEqual([b.status, restB]);
  });

  test('a malformed code is a validation error with the spec text', async () => {
    const res = await call(s, 'POST', '/portal/login', { phone: newPhone(), code: '12a' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 4000, field: 'code', message: messages['common.access.form.maxCode'] });
  });
});

describe('POST /api/v1/portal/confirm-number', () => {
  test('a new number gets no token but a phone proof', async () => {
    const phone = newPhone();
    await requestCode(s, phone, { type: 'SIGN_UP' });
    const res = await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toBeNull();
    expect(typeof res.body.phone_proof).toBe('string');
  });

  test('an existing customer is signed in', async () => {
    const { phone } = await signUpNewCustomer(s);
    s.clock.advance(31_000);
    await requestCode(s, phone, { type: 'SIGN_UP' });
    const res = await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) });
    expect(res.status).toBe(200);
    expect(typeof res.body.access_token).toBe('string');
    expect(res.body.phone_proof).toBeUndefined();
  });
});

describe('POST /api/v1/portal/logout', () => {
  test('revokes the token: reusing it answers 401 {4010}', async () => {
    const { token } = await signUpNewCustomer(s);
    expect((await call(s, 'POST', '/portal/logout', undefined, { token })).body).toEqual({ success: true });
    const reused = await call(s, 'GET', '/portal/customers', undefined, { token });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ code: 4010, message: messages['common.error.unauthorized'], request_id: expect.any(String) });
    expect((await call(s, 'POST', '/portal/logout', undefined, { token })).status).toBe(401);
  });

  test('without a token answers 401', async () => {
    expect((await call(s, 'POST', '/portal/logout')).status).toBe(401);
  });
});

describe('sessions', () => {
  test('a token lives 30 days from its last use (sliding)', async () => {
    const { token } = await signUpNewCustomer(s);
    s.clock.advance(29 * 24 * 3600_000);
    expect((await call(s, 'GET', '/portal/customers', undefined, { token })).status).toBe(200);
    s.clock.advance(29 * 24 * 3600_000);
    expect((await call(s, 'GET', '/portal/customers', undefined, { token })).status).toBe(200);
    s.clock.advance(30 * 24 * 3600_000 + 1000);
    expect((await call(s, 'GET', '/portal/customers', undefined, { token })).status).toBe(401);
  });

  test('a made-up token answers 401', async () => {
    expect((await call(s, 'GET', '/portal/customers', undefined, { token: 'x'.repeat(43) })).status).toBe(401);
  });
});

describe('POST /api/v1/portal/customers/resend-login-code-by-email', () => {
  test('sends a working code to the e-mail of the account', async () => {
    const { phone, email } = await signUpNewCustomer(s);
    s.clock.advance(31_000);
    const res = await call(s, 'POST', '/portal/customers/resend-login-code-by-email', { phone });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    const [mail] = await s.readOutbox(email);
    expect(mail?.channel).toBe('email');
    expect((await call(s, 'POST', '/portal/login', { phone, code: mail?.code })).status).toBe(200);
  });

  test('answers the same for a number without an account, and sends nothing', async () => {
    const phone = newPhone();
    await requestCode(s, phone);
    s.clock.advance(31_000);
    const res = await call(s, 'POST', '/portal/customers/resend-login-code-by-email', { phone });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await s.readOutbox(phone)).map((m) => m.channel)).toEqual(['sms']);
  });
});
