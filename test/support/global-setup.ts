import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { adminQuery } from './pgAdmin';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/platform/db/index';
import { loadReferenceData } from '../../src/server/platform/db/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data dir dump (an uncompressed tar) that each test file loads */
    pgliteTemplate: string;
    /** PostgreSQL (DATABASE_URL set): the migrated template database each test file copies */
    pgTemplateDb: string;
    /** the staff CLI (src/server/staff/cli.ts) bundled once for the run, as dist/server/staff.js is for production */
    staffCli: string;
  }
}

/** Migrates one template per run: PGlite dump by default, a PostgreSQL template database with DATABASE_URL. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cli = await bundleStaffCli();
  project.provide('staffCli', cli);
  const dropCli = () => rmSync(cli, { force: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `portal_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    await database.migrate();
    await loadReferenceData(database.db);
    await database.close();
    project.provide('pgTemplateDb', name);
    project.provide('pgliteTemplate', '');
    // a connection of its own, not one left idle for the whole run (a dropped idle connection
    // would leave the query waiting and the run unable to end)
    return async () => { dropCli(); await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); };
  }
  // uncompressed: each test file loads it in ~0.4 s, against ~0.9 s for the gzip one (43 MB on disk, once)
  const file = join(CACHE_DIR, `template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({});
    await database.migrate();
    await loadReferenceData(database.db);
    // openDatabase keeps the PGlite instance private; dump through the drizzle session's client.
    const client = (database.db as unknown as { $client: { dumpDataDir(c?: 'gzip' | 'none' | 'auto'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
  return async () => { dropCli(); };
}

/**
 * The CLI tests run the staff CLI as its own process, as an operator does. Compiling it with tsx on
 * each call cost seconds a call; one esbuild bundle per run (npm packages external, as in the
 * production build) starts in a fraction of that. It lives under node_modules, so the app's folder
 * (package.json, drizzle/) is found above it as from dist/server.
 */
async function bundleStaffCli(): Promise<string> {
  const dir = join('node_modules', '.cache', 'portal-staff-cli');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `staff-${process.pid}.mjs`);
  await build({
    entryPoints: ['src/server/staff/cli.ts'], outfile: file, bundle: true, platform: 'node', format: 'esm', target: 'node24',
    packages: 'external', logLevel: 'warning',
  });
  return join(process.cwd(), file);
}

/**
 * The migrated PGlite template is cached between runs, keyed by what shapes it (migrations,
 * reference loader, schema files, PGlite version): a run after a schema change migrates afresh.
 */
const CACHE_DIR = join('node_modules', '.cache', 'portal-pglite-template');
const SCHEMA_DIR = join('src', 'server', 'platform', 'db', 'schema');
function templateKey(): string {
  const h = createHash('sha256');
  for (const f of readdirSync('drizzle', { recursive: true }).map(String).sort()) {
    if (f.endsWith('.sql') || f.endsWith('.json')) h.update(f).update(readFileSync(join('drizzle', f)));
  }
  h.update(readFileSync('src/server/platform/db/reference.ts'));
  // The schema is one file per domain: every file of the folder, by name, counts.
  for (const f of readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.ts')).sort()) {
    h.update(f).update(readFileSync(join(SCHEMA_DIR, f)));
  }
  h.update(JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version as string);
  return h.digest('hex').slice(0, 16);
}
