import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../../../src/server/app';
import { MIGRATIONS_FOLDER, openDatabase, PURGE_LOCK_KEY } from '../../../src/server/platform/db/index';
import { maintenanceRuns } from '../../../src/server/platform/db/schema';
import { purgeOnce } from '../../../src/server/platform/maintenance';
import { CEP_LOOKUPS_PER_WINDOW } from '../../../src/server/visit/routes';
import { EXPORTS_PER_WINDOW } from '../../../src/server/profile/routes';
import { VERIFICATIONS_PER_WINDOW } from '../../../src/server/contract/routes';
import type { CepLookup } from '../../../src/server/providers/cep/index';
import { createTestServer, type TestServer } from '../../support/server';
import { signUpNewCustomer } from '../../support/flows';

/**
 * Several server instances on one database: the limits counted per customer or per address hold
 * across them (two apps on the same database here; test/resilience/twoInstances.test.ts runs two
 * processes), the hourly purge runs on one of them, and the migrations apply once.
 */
let s: TestServer;
const cep: CepLookup = { lookup: () => Promise.resolve({ found: true, address: { cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', complemento: '', localidade: 'São Paulo', uf: 'SP' } }) };
let apps: ReturnType<typeof createApp>[];
beforeAll(async () => {
  s = await createTestServer();
  apps = [createApp({ ...s.deps, cep }), createApp({ ...s.deps, cep })];
});
afterAll(async () => { await s.close(); });

/** Status codes of `n` requests sent at once, alternating between the two instances. */
async function burst(n: number, request: (i: number) => Request): Promise<number[]> {
  return Promise.all(Array.from({ length: n }, async (_, i) => (await apps[i % 2]!.request(request(i))).status));
}
const refused = (statuses: number[]) => statuses.filter((x) => x === 429).length;

describe('the limits hold across two instances sharing the database', () => {
  test(`CEP lookups: ${CEP_LOOKUPS_PER_WINDOW} per customer in 10 minutes, whichever instance answers, even sent at once`, async () => {
    const { token } = await signUpNewCustomer(s);
    const statuses = await burst(CEP_LOOKUPS_PER_WINDOW + 6, () => new Request('http://portal.test/api/v1/portal/cep/01310100', { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '203.0.113.5' } }));
    expect(statuses.filter((x) => x === 200)).toHaveLength(CEP_LOOKUPS_PER_WINDOW);
    expect(refused(statuses)).toBe(6);
    s.clock.advance(10 * 60_000 + 1);
    expect((await burst(2, () => new Request('http://portal.test/api/v1/portal/cep/01310100', { headers: { Authorization: `Bearer ${token}` } })))).toEqual([200, 200]);
  });

  test(`data exports: ${EXPORTS_PER_WINDOW} per customer an hour across both instances`, async () => {
    const { token } = await signUpNewCustomer(s);
    const statuses = await burst(EXPORTS_PER_WINDOW + 4, () => new Request('http://portal.test/api/v1/portal/customers/export', { headers: { Authorization: `Bearer ${token}` } }));
    expect(statuses.filter((x) => x === 200)).toHaveLength(EXPORTS_PER_WINDOW);
    expect(refused(statuses)).toBe(4);
  });

  test(`signature checks: ${VERIFICATIONS_PER_WINDOW} per address in 10 minutes across both instances; another address is not held back`, async () => {
    const verify = (address: string) => () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }), 'x.pdf');
      return new Request('http://portal.test/api/v1/portal/signatures/verify', { method: 'POST', body: form, headers: { 'X-Forwarded-For': address } });
    };
    const statuses = await burst(VERIFICATIONS_PER_WINDOW + 5, verify('198.51.100.7'));
    expect(refused(statuses)).toBe(5);
    expect(statuses.filter((x) => x !== 429)).toHaveLength(VERIFICATIONS_PER_WINDOW);
    expect(await burst(2, verify('198.51.100.8'))).not.toContain(429);
  });
});

describe('the hourly purge', () => {
  test('runs on one instance per period: skipped while another holds the lock, and within the hour after another ran it', async () => {
    let runs = 0;
    const purge = async () => { runs += 1; await new Promise((r) => setTimeout(r, 50)); };
    const [a, b] = await Promise.all([
      purgeOnce(s.database, s.clock, 3600_000, purge, 'host-a:1'),
      purgeOnce(s.database, s.clock, 3600_000, purge, 'host-b:2'),
    ]);
    expect(runs).toBe(1);
    expect([a, b].filter((o) => o.ran)).toHaveLength(1);
    const [row] = await s.db.select().from(maintenanceRuns).where(eq(maintenanceRuns.task, 'purge'));
    expect(row?.finishedAt).not.toBeNull();
    expect(['host-a:1', 'host-b:2']).toContain(row?.instance);
    expect(await purgeOnce(s.database, s.clock, 3600_000, purge, 'host-c:3')).toMatchObject({ ran: false, reason: 'recent' });
    s.clock.advance(3600_000);
    expect(await purgeOnce(s.database, s.clock, 3600_000, purge, 'host-c:3')).toEqual({ ran: true });
    expect(runs).toBe(2);
  });

  test.skipIf(!process.env.DATABASE_URL)('PostgreSQL: an instance finding the purge lock held by another connection skips it', async () => {
    const other = await s.database.exclusive(PURGE_LOCK_KEY, async () => {
      s.clock.advance(2 * 3600_000);
      let ran = false;
      expect(await purgeOnce(s.database, s.clock, 3600_000, () => { ran = true; return Promise.resolve(); })).toEqual({ ran: false, reason: 'busy' });
      expect(ran).toBe(false);
    });
    expect(other).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('migrations on PostgreSQL', () => {
  test('two instances migrating an empty database at once apply each migration once', async () => {
    const url = process.env.DATABASE_URL ?? '';
    const name = `portal_mig_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const [one, two] = await Promise.all([openDatabase({ databaseUrl: u.toString() }), openDatabase({ databaseUrl: u.toString() })]);
    try {
      await Promise.all([one!.migrate(), two!.migrate()]);
      const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const check = new pg.Client({ connectionString: u.toString() });
      await check.connect();
      const { rows } = await check.query<{ n: string; distinct_n: string }>('SELECT count(*) AS n, count(DISTINCT hash) AS distinct_n FROM drizzle.__drizzle_migrations');
      await check.end();
      expect(Number(rows[0]?.n)).toBe(journal.entries.length);
      expect(Number(rows[0]?.distinct_n)).toBe(journal.entries.length);
      expect((await one!.db.select({ n: count() }).from(maintenanceRuns))[0]?.n).toBe(0);
    } finally {
      await one!.close();
      await two!.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
