import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installNamedStatements } from '../../../src/server/platform/db/pgliteStatements';

/** The hot reads' statements on PGlite: parsed and planned once, answering as PGlite's own query. */
let client: PGlite;
let register: (sql: string) => void;
const BY_ID = 'select id, name, at, doc, amount from items where id = $1';
const AFTER = 'select id from items where id > $1 order by id';

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table items (id integer primary key, name text, at timestamptz, doc jsonb, amount numeric);
    insert into items values (1, 'um', '2026-01-02T03:04:05Z', '{"a":[1,2]}', 12.5), (2, null, null, null, null), (3, 'três', now(), '[]', 0);
  `);
  register = installNamedStatements(client);
});
afterAll(async () => { await client.close(); });

/** drizzle's options: rows as arrays, its own parsers for timestamps. */
const drizzleLike = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };

describe('named statements on PGlite', () => {
  test('a registered text answers as PGlite does and is planned once, then reused', async () => {
    const expected = await Promise.all([1, 2, 99].map(async (id) => [
      await client.query(BY_ID, [id]),
      await client.query(BY_ID, [id], drizzleLike),
    ]));
    register(BY_ID);
    for (let round = 0; round < 8; round++) {
      for (const [i, id] of [1, 2, 99].entries()) {
        const [plain, arrays] = expected[i]!;
        expect(await client.query(BY_ID, [id])).toMatchObject({ rows: plain!.rows, fields: plain!.fields });
        expect(await client.query(BY_ID, [id], drizzleLike)).toMatchObject({ rows: arrays!.rows, fields: arrays!.fields });
      }
    }
    const { rows } = await client.query<{ name: string; generic_plans: number; custom_plans: number }>(
      'select name, generic_plans, custom_plans from pg_prepared_statements where statement = $1', [BY_ID],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toMatch(/^portal_prepared_\d+$/);
    // PostgreSQL plans the first five calls for their values, then keeps one generic plan
    expect(rows[0]!.generic_plans).toBeGreaterThan(0);
    expect(rows[0]!.custom_plans).toBeLessThanOrEqual(5);
  });

  test('several rows, in order, and a text not registered is passed to PGlite untouched', async () => {
    register(AFTER);
    expect((await client.query(AFTER, [1])).rows).toEqual([{ id: 2 }, { id: 3 }]);
    const other = 'select count(*)::int as n from items where id > $1';
    expect((await client.query(other, [1])).rows).toEqual([{ n: 2 }]);
    const named = await client.query('select statement from pg_prepared_statements where statement = $1', [other]);
    expect(named.rows).toEqual([]);
  });

  test('parsed again when PostgreSQL forgot it', async () => {
    register(BY_ID);
    await client.query(BY_ID, [1]);
    await client.exec('DEALLOCATE ALL');
    expect((await client.query<{ name: string }>(BY_ID, [1])).rows[0]?.name).toBe('um');
  });

  test('an error fails that call only', async () => {
    register(BY_ID);
    await expect(client.query(BY_ID, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await client.query<{ name: string }>(BY_ID, [3])).rows[0]?.name).toBe('três');
  });

  test('waits for a transaction in progress, as PGlite\'s query does', async () => {
    register(BY_ID);
    let updated!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((r) => { updated = r; });
    const held = new Promise<void>((r) => { release = r; });
    const tx = client.transaction(async (t) => {
      await t.query("update items set name = 'dois' where id = 2");
      updated();
      await held;
      throw new Error('rolled back');
    });
    await inside;
    // one backend: a read that did not wait would run inside the transaction and see its update
    const read = client.query<{ name: string | null }>(BY_ID, [2]);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect((await read).rows[0]?.name).toBeNull();
  });

  test('one override per instance: registering through a second call keeps the first', () => {
    expect(installNamedStatements(client)).toBe(register);
  });
});
