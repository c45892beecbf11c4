import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accessCodes, authEvents, sessions } from '../../../src/server/platform/db/schema';
import { purgeExpired } from '../../../src/server/platform/maintenance';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const rows = async (table: typeof authEvents | typeof accessCodes | typeof sessions) => (await s.db.select({ n: count() }).from(table))[0]?.n ?? 0;

test('purgeExpired keeps what a rule still needs and drops the rest', async () => {
  const { token } = await signUpNewCustomer(s);
  await purgeExpired(s.deps);
  expect(await rows(authEvents)).toBeGreaterThan(0); // the send still counts for the limits
  expect(await rows(sessions)).toBe(1);
  s.clock.advance(2 * 24 * 3600_000);
  expect((await call(s, 'GET', '/portal/customers', undefined, { token })).status).toBe(200);
  await purgeExpired(s.deps);
  expect(await rows(authEvents)).toBe(0);
  expect(await rows(accessCodes)).toBe(0);
  expect(await rows(sessions)).toBe(1); // used two days ago at most: still alive
  s.clock.advance(32 * 24 * 3600_000);
  await purgeExpired(s.deps);
  expect(await rows(sessions)).toBe(0);
});

test('staging files left by a crashed upload are removed after an hour, not before', async () => {
  const { mkdirSync, writeFileSync, existsSync } = await import('node:fs');
  const { join } = await import('node:path');
  mkdirSync(s.deps.storage.stagingDir, { recursive: true });
  const left = join(s.deps.storage.stagingDir, 'crashed.part');
  writeFileSync(left, '%PDF-');
  s.clock.set(new Date());
  await purgeExpired(s.deps);
  expect(existsSync(left)).toBe(true);
  s.clock.advance(2 * 3600_000);
  await purgeExpired(s.deps);
  expect(existsSync(left)).toBe(false);
});
