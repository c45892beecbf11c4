import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../../src/server/platform/db/schema';
import { sha256 } from '../../../src/server/auth/crypto';
import { SESSION_RECHECK_MS, SESSION_SLIDE_MS } from '../../../src/server/auth/sessions';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const DAY = 24 * 3600_000;
const me = (token: string) => call(s, 'GET', '/portal/customers', undefined, { token });
async function lastUsedAt(token: string): Promise<number> {
  const [row] = await s.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.tokenHash, sha256(token)));
  if (!row) throw new Error('no session row');
  return row.at.getTime();
}

describe('the 30-day session slide', () => {
  test('slides at most every few minutes: calls within the interval only read the session', async () => {
    expect(SESSION_SLIDE_MS).toBeLessThanOrEqual(10 * 60_000);
    const { token } = await signUpNewCustomer(s);
    const opened = await lastUsedAt(token);
    s.clock.advance(60_000);
    expect((await me(token)).status).toBe(200);
    s.clock.advance(60_000);
    expect((await call(s, 'GET', '/portal/customers/steps', undefined, { token })).status).toBe(200);
    expect(await lastUsedAt(token)).toBe(opened);
  });

  test('a call after the interval slides the expiry to that call', async () => {
    const { token } = await signUpNewCustomer(s);
    s.clock.advance(SESSION_SLIDE_MS + 1000);
    expect((await me(token)).status).toBe(200);
    const slid = s.clock.now().getTime();
    expect(await lastUsedAt(token)).toBe(slid);
    s.clock.advance(60_000);
    expect((await me(token)).status).toBe(200);
    expect(await lastUsedAt(token)).toBe(slid);
  });

  test('a session used within the month lives on; one idle for 30 days answers 401', async () => {
    const { token } = await signUpNewCustomer(s);
    s.clock.advance(20 * DAY);
    expect((await me(token)).status).toBe(200);
    s.clock.advance(20 * DAY); // 40 days after sign-up, 20 after the last use
    expect((await me(token)).status).toBe(200);
    s.clock.advance(30 * DAY + 1000);
    const idle = await me(token);
    expect(idle.status).toBe(401);
    expect(idle.body).toMatchObject({ code: 4010 });
  });

  test('a revoked session answers 401 even inside the slide interval', async () => {
    const { token } = await signUpNewCustomer(s);
    expect((await me(token)).status).toBe(200);
    expect((await call(s, 'POST', '/portal/logout', undefined, { token })).status).toBe(200);
    s.clock.advance(1000);
    expect((await me(token)).status).toBe(401);
    s.clock.advance(SESSION_SLIDE_MS);
    expect((await me(token)).status).toBe(401);
  });

  test('a session revoked outside this process is refused within a second', async () => {
    expect(SESSION_RECHECK_MS).toBeLessThanOrEqual(1000);
    const { token } = await signUpNewCustomer(s);
    expect((await me(token)).status).toBe(200);
    await s.db.update(sessions).set({ revokedAt: s.clock.now() }).where(eq(sessions.tokenHash, sha256(token)));
    s.clock.advance(SESSION_RECHECK_MS);
    expect((await me(token)).status).toBe(401);
  });
});
