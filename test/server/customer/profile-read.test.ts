import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bills, customerSuccessCases, uploads } from '../../../src/server/platform/db/schema';
import { SESSION_RECHECK_MS } from '../../../src/server/auth/sessions';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpCustomerWithId } from '../../support/flows';

let s: TestServer;
/** the test server opens PostgreSQL only when DATABASE_URL is set */
const onPglite = !process.env.DATABASE_URL;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const newCustomer = () => signUpCustomerWithId(s);
async function addBill(customerId: number, status: 'APPROVED' | 'WAITING'): Promise<number> {
  const now = s.clock.now();
  const [u] = await s.db.insert(uploads).values({
    customerId, purpose: 'bill', storageKey: `profile-read-${customerId}-${now.getTime()}-${Math.random()}`, originalName: 'fatura.pdf', kind: 'pdf', size: 10, createdAt: now,
  }).returning({ id: uploads.id });
  const [b] = await s.db.insert(bills).values({ customerId, uploadId: u!.id, isHolder: true, status, createdAt: now }).returning({ id: bills.id });
  return b!.id;
}

/** Statements sent to the database while `run` runs (the client drizzle queries through). */
async function statementsDuring(run: () => Promise<unknown>): Promise<number> {
  const client = (s.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query;
  let n = 0;
  client.query = function counted(this: unknown, ...a: unknown[]) {
    n++;
    return query.apply(this, a);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  return n;
}

describe('GET /api/v1/portal/customers', () => {
  test("shows the customer's own newest bill and customer-success case, and none of another's", async () => {
    const withNothing = await newCustomer();
    const withBills = await newCustomer();
    // a bill id used up first, so bill ids and customer ids do not line up by chance
    await addBill(withNothing.id, 'APPROVED');
    await s.db.delete(bills);
    await addBill(withBills.id, 'APPROVED');
    const newest = await addBill(withBills.id, 'WAITING');
    const [success] = await s.db.insert(customerSuccessCases).values({ customerId: withBills.id, createdAt: s.clock.now() }).returning();

    const mine = await call(s, 'GET', '/portal/customers', undefined, { token: withBills.token });
    expect(mine.body).toMatchObject({
      id: withBills.id, bill_id: newest, bill: 'WAITING', city_name: 'São Paulo',
      customer_success: { id: success!.id, status: 'OPEN', upload_available: false },
    });
    const theirs = await call(s, 'GET', '/portal/customers', undefined, { token: withNothing.token });
    expect(theirs.body).toMatchObject({ id: withNothing.id, bill_id: null, bill: null, customer_success: null });
  });

  test('reads the database once a request: the session only when not read within the last second', async () => {
    const { token } = await newCustomer();
    // straight to the app: the test server's fetch also runs the queue after each call
    const get = async (path: string) => (await s.app.request(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    s.clock.advance(SESSION_RECHECK_MS);
    expect(await statementsDuring(() => get('/portal/customers'))).toBe(2);
    expect(await statementsDuring(() => get('/portal/customers'))).toBe(1);
    expect(await statementsDuring(() => get('/portal/customers/steps'))).toBe(1);
  });

  test.skipIf(!onPglite)('on PGlite the session, profile and steps statements are parsed and planned once, not per request', async () => {
    const { token } = await newCustomer();
    for (let i = 0; i < 8; i++) {
      s.clock.advance(SESSION_RECHECK_MS);
      for (const path of ['/portal/customers', '/portal/customers/steps']) {
        expect((await s.app.request(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      }
    }
    const client = (s.db as unknown as { $client: PGlite }).$client;
    const { rows } = await client.query<{ statement: string; generic_plans: number }>(
      "select statement, generic_plans from pg_prepared_statements where name like 'portal_prepared_%'",
    );
    for (const table of ['"sessions"', '"customer_success_cases"', 'select "steps" from "process_snapshots"']) {
      const named = rows.filter((r) => r.statement.includes(table));
      expect(named, table).toHaveLength(1);
      expect(named[0]!.generic_plans, table).toBeGreaterThan(0);
    }
  });
});
