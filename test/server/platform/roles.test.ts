import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createDatabase, dropDatabase, newPhone, outboxOf, requestCode, requestSecret, sleep, startServer, type Portal } from '../../resilience/spawned';

/**
 * PROCESS_ROLE on the real server (node src/server/main.ts), a web and a worker on one PostgreSQL
 * database of their own: the web serves the portal and runs no job; the worker runs the jobs and
 * answers only the probes; with the worker gone, codes wait in the queue for the next one.
 */
const name = `portal_roles_${process.pid}_${randomBytes(3).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-roles-'));
const started: Portal[] = [];
let url = '';

async function jobsOf(phone: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ status: string }>("select status from jobs where payload->>'phone' = $1 order by id", [phone])).rows.map((r) => r.status);
  } finally {
    await client.end();
  }
}

describe.skipIf(!process.env.DATABASE_URL)('process roles on PostgreSQL', { timeout: 120_000 }, () => {
  afterAll(async () => {
    for (const p of started) await p.kill();
    if (url) await dropDatabase(name).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a web runs no job, a worker serves no page; together they deliver a code', async () => {
    url = await createDatabase(name);
    const env = { DATA_DIR: dataDir, DATABASE_URL: url, APP_SECRET: randomBytes(32).toString('hex') };
    const web = await startServer({ ...env, PROCESS_ROLE: 'web' });
    started.push(web);

    const phone = newPhone();
    expect((await requestCode(web.url, phone, requestSecret())).status).toBe(202);
    await sleep(1_500); // fifteen polls of a worker, had the web one
    expect(await jobsOf(phone)).toEqual(['queued']);

    const worker = await startServer({ ...env, PROCESS_ROLE: 'worker', MIGRATE_ON_START: 'false' });
    started.push(worker);
    expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${worker.url}/api/v1/openapi.json`)).status).toBe(404);
    expect((await fetch(`${worker.url}/`)).status).toBe(404);
    // the worker takes the waiting job; the outbox is read through the web (the development aid)
    const deadline = Date.now() + 10_000;
    while ((await jobsOf(phone))[0] !== 'done' && Date.now() < deadline) await sleep(100);
    expect(await jobsOf(phone)).toEqual(['done']);
    expect((await outboxOf(web.url, phone)).map((m) => m.channel)).toEqual(['sms']);
    expect(worker.log()).toMatch(/process role: worker/);

    // the worker stops on SIGTERM within its bound; a code asked meanwhile waits for the next worker
    const t0 = Date.now();
    await worker.stop();
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(worker.log()).toMatch(/shutdown: worker stopped/);
    const later = newPhone();
    expect((await requestCode(web.url, later, requestSecret())).status).toBe(202);
    await sleep(500);
    expect(await jobsOf(later)).toEqual(['queued']);
  });
});
