import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtCheckout, customerAtPlanChoice } from '../../support/flows';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const VISA = '4111111111111111';
const DECLINED = '4012888888881881';

const card = (over: Record<string, string> = {}) => ({
  method: 'credit_card', test: true,
  data: { number: VISA, verification_value: '123', first_name: 'Maria', last_name: 'Silva', month: '12', year: String(s.clock.now().getUTCFullYear() + 2), ...over },
});
const tokenize = async (over: Record<string, string> = {}) => (await call(s, 'POST', '/payments-sandbox/payment_token', card(over))).body;

const atCheckout = (kind: 'personal' | 'business' = 'personal') => customerAtCheckout(s, { kind });

describe('the card sandbox (Iugu payment_token contract)', () => {
  test('a valid card gets a single-use token with brand and masked number; the number is not in the token', async () => {
    const r = await tokenize();
    expect(r).toMatchObject({ method: 'credit_card', test: true, extra_info: { brand: 'VISA', holder_name: 'Maria Silva', display_number: 'XXXX-XXXX-XXXX-1111' } });
    expect(Buffer.from(String(r.id).split('.')[0]!, 'base64url').toString()).not.toContain(VISA);
  });

  test('each invalid field is flagged at once', async () => {
    const r = await tokenize({ number: '4111111111111112', verification_value: '12', month: '13', last_name: '' });
    expect(r).toEqual({ errors: { number: 'is_invalid', verification_value: 'is_invalid', expiration: 'is_invalid', last_name: 'is_invalid' } });
    // amex takes 4 digits
    expect((await tokenize({ number: '378282246310005', verification_value: '123' })).errors).toEqual({ verification_value: 'is_invalid' });
    expect((await tokenize({ number: '378282246310005', verification_value: '1234' })).extra_info).toMatchObject({ brand: 'AMEX' });
  });
});

describe('POST /portal/customers/checkout', () => {
  test("an individual's card pre-authorises the first fee once; the card is kept by brand and last four digits", async () => {
    const c = await atCheckout();
    expect((await call(s, 'GET', '/portal/customers/checkout', undefined, { token: c.token })).body).toEqual({ exists: false, data: null });
    const token = String((await tokenize()).id);
    const r = await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: c.planId, token }, { token: c.token });
    expect(r.status).toBe(201);
    const year = s.clock.now().getUTCFullYear() + 2;
    expect(r.body).toEqual({ exists: true, data: { method: 'CARD', brand: 'VISA', last4: '1111', holder: 'Maria Silva', month: 12, year } });
    expect((await call(s, 'GET', '/portal/customers/checkout', undefined, { token: c.token })).body).toEqual(r.body);
    // once only
    const again = await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: c.planId, token: String((await tokenize()).id) }, { token: c.token });
    expect(again.status).toBe(409);
    // the token was spent: another customer cannot use it
    const other = await atCheckout();
    const replay = await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: other.planId, token }, { token: other.token });
    expect(replay.status).toBe(422);
    expect(replay.body.code).toBe(4223);
  });

  test('a declined card is refused with its message and nothing is kept; a new card then goes through', async () => {
    const c = await atCheckout();
    const r = await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: c.planId, token: String((await tokenize({ number: DECLINED })).id) }, { token: c.token });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 4222, message: 'O cartão foi recusado pela operadora. Confira os dados ou use outro cartão.' });
    expect((await call(s, 'GET', '/portal/customers/checkout', undefined, { token: c.token })).body.exists).toBe(false);
    const ok = await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: c.planId, token: String((await tokenize()).id) }, { token: c.token });
    expect(ok.status).toBe(201);
  });

  test('a company chooses the boleto day (10, 15, 20 or 25) and sends no card; an individual sends no boleto day', async () => {
    const company = await atCheckout('business');
    const card = await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: company.planId, token: String((await tokenize()).id) }, { token: company.token });
    expect(card.status).toBe(409);
    expect(card.body.code).toBe(4098);
    const bad = await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: company.planId, expires_day: 12 }, { token: company.token });
    expect(bad.status).toBe(400);
    const r = await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: company.planId, expires_day: 15 }, { token: company.token });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ exists: true, data: { method: 'BOLETO', expires_day: 15 } });
    const person = await atCheckout();
    expect((await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: person.planId, expires_day: 10 }, { token: person.token })).body.code).toBe(4098);
  });

  test("another customer's client plan is not found; before a plan is chosen there is nothing to pay", async () => {
    const a = await atCheckout();
    const b = await atCheckout();
    const r = await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: a.planId, token: String((await tokenize()).id) }, { token: b.token });
    expect(r.status).toBe(404);
    const early = await customerAtPlanChoice(s, { over: { bill: 600 } });
    expect((await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: a.planId, token: 'x'.repeat(20) }, { token: early.token })).status).toBe(404);
    expect((await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: a.planId, token: 'x'.repeat(20) })).status).toBe(401);
  });

  test('a card number never reaches the database or the logs', async () => {
    const logged: string[] = [];
    const spies = (['log', 'warn', 'error', 'info'] as const).map((k) => vi.spyOn(console, k).mockImplementation((...a: unknown[]) => { logged.push(a.map(String).join(' ')); }));
    try {
      const c = await atCheckout();
      await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: c.planId, token: String((await tokenize({ number: DECLINED })).id) }, { token: c.token });
      await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: c.planId, token: String((await tokenize()).id) }, { token: c.token });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const rowsOf = async <T,>(query: ReturnType<typeof sql>) => ((await s.db.execute(query)) as unknown as { rows: T[] }).rows;
    const tables = await rowsOf<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public'`);
    for (const { table_name } of tables) {
      const rows = await rowsOf<{ row: string }>(sql`select t::text as row from ${sql.identifier(table_name)} t`);
      for (const { row } of rows) {
        expect(row, table_name).not.toContain(VISA);
        expect(row, table_name).not.toContain(DECLINED);
      }
    }
    expect(logged.join('\n')).not.toMatch(new RegExp(`${VISA}|${DECLINED}`));
  });
});

describe('the page policy and the card provider', () => {
  test("the browser may post the card to Iugu's tokenizer only when Iugu is the provider", async () => {
    const { contentSecurityPolicy } = await import('../../../src/server/app');
    const { iuguPayments } = await import('../../../src/server/providers/payments/index');
    expect(contentSecurityPolicy({}).connectSrc).toEqual(["'self'"]);
    const iugu = iuguPayments({ apiToken: 'test-token', accountId: 'ACCOUNT', testMode: true });
    expect(contentSecurityPolicy({ payments: iugu }).connectSrc).toEqual(["'self'", 'https://api.iugu.com']);
    const page = await s.fetch('/api/v1/portal/plans');
    expect(page.headers.get('Content-Security-Policy')).toContain("connect-src 'self';");
  });
});
