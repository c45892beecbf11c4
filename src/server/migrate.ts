import { join, resolve } from 'node:path';
import { describeError } from './http/errors';
import { openDatabase } from './platform/db/index';
import { busyMessage, DataDirBusyError, lockDataDir } from './platform/dataDirLock';

/**
 * `npm run migrate`: applies drizzle/ migrations to DATABASE_URL (or the PGlite of DATA_DIR) and
 * exits, for a deployment that migrates once before starting its instances with
 * MIGRATE_ON_START=false. Safe to run while instances start: the migrations take an advisory lock.
 */
async function main(): Promise<void> {
  const env = process.env;
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const lock = env.DATABASE_URL ? null : lockDataDir(dataDir, 'staff-cli');
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    console.log('migrations applied');
  } finally {
    await database.close();
    lock?.release();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof DataDirBusyError ? busyMessage(e) : `migrate failed: ${describeError(e)}`);
  process.exit(1);
});
