import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/index';
import { loadReferenceData } from '../../src/server/db/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data dir dump (tar) that each test file loads */
    pgliteTemplate: string;
    /** PostgreSQL (DATABASE_URL set): the migrated template database each test file copies */
    pgTemplateDb: string;
  }
}

/** Migrates one template per run: PGlite dump by default, a PostgreSQL template database with DATABASE_URL. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `portal_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    await database.migrate();
    await loadReferenceData(database.db);
    await database.close();
    project.provide('pgTemplateDb', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  await loadReferenceData(database.db);
  const dir = mkdtempSync(join(tmpdir(), 'portal-pglite-'));
  const file = join(dir, 'template.tar.gz');
  // openDatabase keeps the PGlite instance private; dump through the drizzle session's client.
  const client = (database.db as unknown as { $client: { dumpDataDir(c?: 'gzip' | 'none' | 'auto'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
  return async () => { rmSync(dir, { recursive: true, force: true }); };
}
