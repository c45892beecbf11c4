import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { MIGRATIONS_FOLDER, schema } from '../../../src/server/platform/db/index';

/**
 * Money columns are numeric(12, 2) (bill value, checkout amount, customer and simulated plan bill
 * value, client plan price): the migration from double precision rounds what was stored to
 * centavos, as round(x::numeric, 2) does, and values read back as the same JS numbers. Run on
 * PGlite, and on PostgreSQL too when DATABASE_URL is set (in a database of its own, dropped after).
 */

const MONEY_MIGRATION = '0021';

/** drizzle/ without the money migration and what came after it. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'money-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.startsWith(tag));
  expect(cut).toBeGreaterThan(0);
  for (const e of journal.entries.slice(cut)) rmSync(join(dir, `${e.tag}.sql`));
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

const before = migrationsBefore(MONEY_MIGRATION);
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** Doubles as they could sit in the old columns, and what the migration must make of them. */
const OLD = [1234.565, 0.1 + 0.2, 2.675, 99.995, 1234.56, 150, 0.125];
const ROUNDED = [1234.57, 0.3, 2.68, 100, 1234.56, 150, 0.13];

/** Rows with old double values in every money column (plain SQL: the schema in code is already the new one). */
async function seedOld(exec: (sql: string) => Promise<unknown>) {
  await exec(`insert into states (code, name, ibge_code) values ('SP', 'São Paulo', 35) on conflict do nothing`);
  await exec(`insert into cities (id, state_code, name) values (3550308, 'SP', 'São Paulo') on conflict do nothing`);
  for (const [i, v] of OLD.entries()) {
    const id = i + 1;
    await exec(`insert into customers (id, name, email, phone, type, unit_type, bill_value, state_code, city_id, created_at, updated_at)
      values (${id}, 'Cliente ${id}', 'c${id}@example.com', '55119000000${String(id).padStart(2, '0')}', 'CPF', 'HOUSE', ${v}::float8, 'SP', 3550308, now(), now())`);
    await exec(`insert into plan_simulations (customer_id, bill_value, deadline_years, level, is_fit, result, created_at)
      values (${id}, ${v}::float8, 20, 'LOW', true, '{}', now())`);
    await exec(`insert into client_plans (id, customer_id, plan_type, price, free_months, deadline_years, offer, created_at)
      values (${id}, ${id}, 'LOW', ${v}::float8, 0, 20, '{}', now())`);
    await exec(`insert into checkouts (customer_id, client_plan_id, method, amount, created_at) values (${id}, ${id}, 'CARD', ${v}::float8, now())`);
    await exec(`insert into uploads (id, customer_id, purpose, storage_key, original_name, kind, size, created_at)
      values (${id}, ${id}, 'bill', 'k${id}', 'conta.pdf', 'pdf', 1, now())`);
    await exec(`insert into bills (customer_id, upload_id, is_holder, status, value, consumption, created_at)
      values (${id}, ${id}, true, 'PENDING', ${v}::float8, ${v}::float8, now())`);
  }
}

type AnyDb = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePg<typeof schema>>;

async function checkConverted(db: AnyDb) {
  const byCustomer = async () => {
    const customers = await db.select({ id: schema.customers.id, v: schema.customers.billValue }).from(schema.customers).orderBy(schema.customers.id);
    const sims = await db.select({ v: schema.planSimulations.billValue }).from(schema.planSimulations).orderBy(schema.planSimulations.customerId);
    const plans = await db.select({ v: schema.clientPlans.price }).from(schema.clientPlans).orderBy(schema.clientPlans.customerId);
    const checkouts = await db.select({ v: schema.checkouts.amount }).from(schema.checkouts).orderBy(schema.checkouts.customerId);
    const bills = await db.select({ v: schema.bills.value, kwh: schema.bills.consumption }).from(schema.bills).orderBy(schema.bills.customerId);
    return { customers, sims, plans, checkouts, bills };
  };
  const rows = await byCustomer();
  for (const list of [rows.customers, rows.sims, rows.plans, rows.checkouts, rows.bills]) expect(list.map((r) => r.v)).toEqual(ROUNDED);
  // kWh stay as they were
  expect(rows.bills.map((r) => r.kwh)).toEqual(OLD);
  // JS numbers in, the same JS numbers out; more than 2 places rounded half away from zero
  await db.update(schema.customers).set({ billValue: 987.65 }).where(eq(schema.customers.id, 1));
  await db.update(schema.customers).set({ billValue: 1.005 }).where(eq(schema.customers.id, 2));
  await db.update(schema.customers).set({ billValue: 9_999_999_999.99 }).where(eq(schema.customers.id, 3));
  const after = (await byCustomer()).customers.map((r) => r.v);
  expect(after.slice(0, 3)).toEqual([987.65, 1.01, 9_999_999_999.99]);
  expect(typeof after[0]).toBe('number');
}

describe('money columns: numeric(12, 2)', () => {
  test('PGlite: the migration rounds old doubles to centavos; values read back as numbers', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzlePglite({ client, schema });
      await migratePglite(db, { migrationsFolder: before });
      await seedOld((sql) => client.exec(sql));
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await checkConverted(db);
    } finally {
      await client.close();
    }
  });

  test.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL: the same, in a database of its own', async () => {
    const url = new URL(process.env.DATABASE_URL ?? '');
    const name = `${url.pathname.slice(1) || 'portal'}_money_${process.pid}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: own.toString(), max: 2 });
    try {
      const db = drizzlePg({ client: pool, schema });
      await migratePg(db, { migrationsFolder: before });
      await seedOld((sql) => pool.query(sql));
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await checkConverted(db);
    } finally {
      await pool.end();
      await admin.query(`drop database if exists "${name}"`);
      await admin.end();
    }
  });

  test('the generated migration only changes the five money columns', () => {
    const file = readdirSync(MIGRATIONS_FOLDER).find((f) => f.startsWith(MONEY_MIGRATION) && f.endsWith('.sql')) ?? '';
    const statements = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8').split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
    expect(statements.sort()).toEqual([
      'ALTER TABLE "bills" ALTER COLUMN "value" SET DATA TYPE numeric(12, 2);',
      'ALTER TABLE "checkouts" ALTER COLUMN "amount" SET DATA TYPE numeric(12, 2);',
      'ALTER TABLE "client_plans" ALTER COLUMN "price" SET DATA TYPE numeric(12, 2);',
      'ALTER TABLE "customers" ALTER COLUMN "bill_value" SET DATA TYPE numeric(12, 2);',
      'ALTER TABLE "plan_simulations" ALTER COLUMN "bill_value" SET DATA TYPE numeric(12, 2);',
    ]);
  });
});
