import { readFileSync } from 'node:fs';
import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, test } from 'vitest';
import * as schema from '../../../src/server/platform/db/schema';
import { CUSTOMER_TABLES, OTHER_TABLES, tableName } from '../../../src/server/profile/registry';
import { RETENTION } from '../../../src/shared/profile/rules';

/**
 * The registry of what the portal holds about a customer (src/server/profile/registry.ts) covers
 * the whole schema: a table added later is refused here until someone says what the data export
 * shows of it and what an account's deletion does with it.
 */
const tables = (Object.values(schema) as unknown[]).filter((x): x is PgTable => is(x, PgTable));
const columnsOf = (t: PgTable) => Object.values(getTableColumns(t)).map((c) => c.name);

describe('the registry of the customer\'s data', () => {
  test('lists every table of the schema exactly once', () => {
    const listed = [...CUSTOMER_TABLES.map((e) => e.table), ...OTHER_TABLES.map((e) => e.table)].map(tableName);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(tables.map(tableName).sort());
  });

  test('a table with a customer_id is about a customer', () => {
    const others = OTHER_TABLES.map((e) => tableName(e.table));
    for (const t of tables) if (columnsOf(t).includes('customer_id')) expect(others, tableName(t)).not.toContain(tableName(t));
  });

  test('a table with a phone, an e-mail or an addressee is about a customer (staff accounts aside); so are the queue\'s jobs', () => {
    const customerTables = CUSTOMER_TABLES.map((e) => tableName(e.table));
    for (const t of tables) {
      if (tableName(t) === 'staff') continue;
      if (columnsOf(t).some((c) => c === 'phone' || c === 'email' || c === 'to')) expect(customerTables, tableName(t)).toContain(tableName(t));
    }
    for (const t of ['outbox', 'jobs', 'phone_proofs']) expect(customerTables).toContain(t);
    const fates = Object.fromEntries(CUSTOMER_TABLES.map((e) => [tableName(e.table), e]));
    expect(fates.outbox?.omit).toContain('code');
    expect(fates.jobs?.omit).toContain('payload');
  });

  test('the copy leaves out every secret and staff identity, and names only columns that exist', () => {
    const secret = /(^|_)(token|code|secret)_hash$|^signature_key$|(^|_)(storage|file)_key$/;
    const staffIdentity = /^(staff_id|decided_by|recorded_by)$/;
    for (const entry of CUSTOMER_TABLES) {
      const columns = columnsOf(entry.table);
      for (const name of entry.omit ?? []) expect(columns, `${tableName(entry.table)}.${name}`).toContain(name);
      for (const name of columns.filter((c) => secret.test(c) || staffIdentity.test(c))) {
        expect(entry.omit ?? [], `${tableName(entry.table)}.${name} would be in the copy`).toContain(name);
      }
    }
  });

  test('only the kept categories keep rows: contracts and payments; the customer row is anonymised, never deleted', () => {
    const fates = Object.fromEntries(CUSTOMER_TABLES.map((e) => [tableName(e.table), e.fate]));
    expect(fates.customers).toBe('anonymise');
    expect(fates.contracts).toBe('contracts');
    expect(['checkouts', 'client_plans', 'invoices'].map((t) => fates[t])).toEqual(['payments', 'payments', 'payments']);
    expect(fates.account_deletions).toBe('record');
    // rows pointing at uploads go before them (their foreign keys)
    const order = CUSTOMER_TABLES.map((e) => tableName(e.table));
    for (const dependent of ['documents', 'bills', 'project_files']) expect(order.indexOf(dependent)).toBeLessThan(order.indexOf('uploads'));
    expect(order.indexOf('checkouts')).toBeLessThan(order.indexOf('client_plans'));
  });
});

describe('docs/privacy.md', () => {
  test('lists what is kept after a deletion, for how long and why, in the words the page shows', () => {
    const doc = readFileSync('docs/privacy.md', 'utf8').replace(/\s+/g, ' ');
    for (const item of Object.values(RETENTION)) {
      expect(doc).toContain(item.what);
      expect(doc).toContain(item.period);
      expect(doc).toContain(item.basis);
    }
    expect(readFileSync('README.md', 'utf8')).toContain('docs/privacy.md');
  });
});
