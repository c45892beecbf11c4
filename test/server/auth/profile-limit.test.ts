import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '#shared/messages';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

describe('PATCH /api/v1/portal/customers and the e-mail change\'s codes are limited per customer', () => {
  test('10 changes an hour, tried e-mails included; the 11th answers 429 {4295, retry_after_s}', async () => {
    const me = await signUpNewCustomer(s);
    const other = await signUpNewCustomer(s);
    const patch = (token: string, body: Record<string, unknown>) => call(s, 'PATCH', '/portal/customers', body, { token });
    const askCodes = (token: string, email: string, i: number) =>
      call(s, 'POST', '/portal/customers/email/code', { email, secret: `profile-limit-secret-${i}-0123456789abcdef` }, { token });
    // probing whether e-mails have an account: 409 for the other customer's, 202 for a free one
    for (let i = 0; i < 5; i++) {
      expect((await askCodes(me.token, other.email, i)).status).toBe(409);
      expect((await askCodes(me.token, `livre.${i}.${me.phone}@example.com`, i)).status).toBe(202);
      s.clock.advance(60_000);
    }
    const eleventh = await askCodes(me.token, other.email, 99);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ code: 4295, message: messages['common.error.tooManyRequests'], retry_after_s: 3600 - 300, request_id: expect.any(String) });
    expect(eleventh.headers.get('Retry-After')).toBe(String(3600 - 300));
    expect((await patch(me.token, { name: 'Maria Souza' })).status).toBe(429);
    // the limit is this customer's
    expect((await patch(other.token, { name: 'Outra Pessoa' })).status).toBe(200);
    // an hour after the first change, one more
    s.clock.advance(3600_000 - 300_000 + 1_000);
    expect((await patch(me.token, { name: 'Maria Souza' })).status).toBe(200);
    expect((await patch(me.token, { name: 'Maria Souza' })).status).toBe(200);
    expect((await patch(me.token, { name: 'Maria Souza' })).status).toBe(429);
  });
});
