import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { installNamedStatements } from './pgliteStatements';
import { appRoot } from '../appRoot';
import * as schema from './schema';

export { schema };

/** What services see: one drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Per PGlite database: registers a SQL text as a named prepared statement (pgliteStatements.ts). */
const pgliteStatements = new WeakMap<Db, (sql: string) => void>();

/**
 * A statement of the hot reads (session, profile, steps) built once per database instead of on
 * every request: drizzle skips building the SQL, and it is a named prepared statement that
 * PostgreSQL parses and plans once (per pooled connection; on PGlite through pgliteStatements.ts,
 * not inside a transaction). `name` must be unique to `build`'s SQL.
 */
export function preparedPerDb<T extends { getQuery(): { sql: string } }>(build: (db: Db | Tx) => T): (db: Db | Tx) => T {
  const built = new WeakMap<Db | Tx, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      pgliteStatements.get(db as Db)?.(statement.getQuery().sql);
      built.set(db, statement);
    }
    return statement;
  };
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** applies drizzle/ migrations (idempotent) */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** drizzle/ in the app's folder, from the sources (tsx) as from the bundled server (dist/server). */
export const MIGRATIONS_FOLDER = join(appRoot(), 'drizzle');

export interface OpenDatabaseOptions {
  /** postgres://... ; when set, node-postgres is used */
  databaseUrl?: string;
  /** PGlite data directory (created when missing); ignored with databaseUrl or pglite */
  pgliteDir?: string;
  /** an already opened PGlite (tests load a migrated template into one) */
  pglite?: PGlite;
}

/** PGlite under `pgliteDir` by default, PostgreSQL when a URL is given. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover) must not crash the process.
    pool.on('error', (e) => console.error(`postgres: ${e.message}`));
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  let client = opts.pglite;
  if (!client) {
    if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
    client = await PGlite.create(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {});
  }
  const owned = client;
  const register = installNamedStatements(owned);
  const db = drizzlePglite({ client: owned, schema });
  pgliteStatements.set(db as unknown as Db, register);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => owned.close(),
  };
}
