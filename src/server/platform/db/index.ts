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
import { log } from '../log';

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
  /**
   * applies drizzle/ migrations (idempotent); on PostgreSQL under an advisory lock, so instances
   * starting together apply them once: the others wait for the lock, then find nothing to apply
   */
  migrate(): Promise<void>;
  /**
   * Runs `task` unless another process holds the advisory lock `key` (then answers false without
   * running it): on PostgreSQL a session lock taken and released on one pooled connection held
   * for the task; PGlite serves one process, so the task just runs.
   */
  exclusive(key: number, task: () => Promise<void>): Promise<boolean>;
  close(): Promise<void>;
}

/** The advisory lock key the migrations run under (any fixed number no other lock of the portal uses). */
export const MIGRATION_LOCK_KEY = 7_261_500_001;
/** The advisory lock key of the hourly purge. */
export const PURGE_LOCK_KEY = 7_261_500_002;

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
    pool.on('error', (e) => log().error(`postgres: ${e.message}`));
    const db = drizzlePg({ client: pool, schema });
    // a lock and its unlock on one connection, held meanwhile (a pool's queries may go to any)
    const holding = async (lock: string, key: number, task: (client: pg.PoolClient) => Promise<void>): Promise<boolean> => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const { rows } = await client.query<{ ok: boolean }>(`SELECT ${lock}($1::bigint) AS ok`, [key]);
        if (rows[0]?.ok === false) return false;
        try {
          await task(client);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
        }
        return true;
      } catch (e) {
        broken = e instanceof Error ? e : new Error(String(e));
        throw e;
      } finally {
        // a connection whose unlock failed may still hold the lock: closed rather than pooled
        client.release(broken);
      }
    };
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: async () => {
        // on the locked connection itself: the lock covers exactly the migrating session
        await holding('pg_advisory_lock', MIGRATION_LOCK_KEY, (client) => migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }));
      },
      exclusive: (key, task) => holding('pg_try_advisory_lock', key, () => task()),
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
    exclusive: async (_key, task) => { await task(); return true; },
    close: () => owned.close(),
  };
}
