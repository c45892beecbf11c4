import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './db/index';
import { MIGRATIONS_FOLDER } from './db/index';

/**
 * The probes' view of the process (GET /healthz, GET /readyz; docs/operations.md "Probes"):
 * alive while it answers; ready when the database answers a query, every migration of
 * drizzle/meta/_journal.json is applied, and the process is not draining (a SIGTERM came).
 */
export interface Readiness {
  /** set once at shutdown: /readyz answers 503 "draining" from then on */
  draining: boolean;
}

export const createReadiness = (): Readiness => ({ draining: false });

export type CheckName = 'database' | 'migrations' | 'draining';
export interface ReadyAnswer {
  status: 'ready' | 'not ready';
  /** the check that failed (the first one, in the order draining, database, migrations) */
  failed?: CheckName;
  checks: Partial<Record<CheckName, 'ok' | 'failed'>>;
}

/** The `when` of the journal's last migration (drizzle's migrator records it as the row's created_at). */
export function lastJournalMigration(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

let journalLast: number | undefined;

const within = <T>(ms: number, p: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), ms); })]).finally(() => clearTimeout(timer));
};

/** Runs the readiness checks; each database check gets `timeoutMs`. */
export async function checkReadiness(db: Db, readiness: Readiness | undefined, opts: { timeoutMs?: number; lastMigration?: number } = {}): Promise<ReadyAnswer> {
  const timeoutMs = opts.timeoutMs ?? 2000;
  if (readiness?.draining) return { status: 'not ready', failed: 'draining', checks: { draining: 'failed' } };
  const checks: ReadyAnswer['checks'] = { draining: 'ok' };
  try {
    await within(timeoutMs, db.execute(sql`select 1`));
    checks.database = 'ok';
  } catch {
    checks.database = 'failed';
    return { status: 'not ready', failed: 'database', checks };
  }
  try {
    journalLast ??= lastJournalMigration();
    const expected = opts.lastMigration ?? journalLast;
    const result = await within(timeoutMs, db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`));
    const last = Number((result as unknown as { rows: { last: string | number | null }[] }).rows[0]?.last ?? 0);
    checks.migrations = last >= expected ? 'ok' : 'failed';
  } catch {
    checks.migrations = 'failed'; // no migrations table: nothing applied
  }
  return checks.migrations === 'ok' ? { status: 'ready', checks } : { status: 'not ready', failed: 'migrations', checks };
}
