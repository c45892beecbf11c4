import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

const run = promisify(execFile);

/**
 * `npm run staff -- <args>` as its own process on DATA_DIR `dataDir` (PGlite: DATABASE_URL is
 * cleared), from the run's bundle (global-setup.ts). Resolves with its output; rejects with its
 * exit `code`, `stdout` and `stderr` when it exits non-zero.
 */
export const staffCli = (dataDir: string, env: Record<string, string> = {}) =>
  (...args: string[]) => run(process.execPath, [inject('staffCli'), ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env } });

/**
 * A new DATA_DIR whose embedded database is already migrated (the run's template loaded into it),
 * as a DATA_DIR is after the portal's first start; PGlite runs only (with DATABASE_URL the
 * template is a PostgreSQL database).
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const template = inject('pgliteTemplate');
  if (!template) return dataDir;
  mkdirSync(join(dataDir, 'pglite'), { recursive: true });
  const pg = new PGlite(join(dataDir, 'pglite'), { loadDataDir: new Blob([readFileSync(template)]) });
  await pg.waitReady;
  await pg.close();
  return dataDir;
}
