import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, newPhone, requestCode } from '../../support/flows';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

describe('the 30 s resend cooldown', () => {
  test('guards a code still unused: a second request within 30 s is refused (4290)', async () => {
    const phone = newPhone();
    expect((await requestCode(s, phone)).status).toBe(202);
    s.clock.advance(5_000);
    const again = await requestCode(s, phone);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 4290 });
  });

  test('ends once the code was used: signing up then signing in at once gets a new code', async () => {
    const phone = newPhone();
    await requestCode(s, phone, { type: 'SIGN_UP' });
    const first = await lastCode(s, phone);
    const confirm = await call(s, 'POST', '/portal/confirm-number', { phone, code: first });
    expect(confirm.status).toBe(200);
    s.clock.advance(5_000);
    const signIn = await requestCode(s, phone);
    expect(signIn.status).toBe(202);
    expect(await lastCode(s, phone)).not.toBe(first);
  });
});
