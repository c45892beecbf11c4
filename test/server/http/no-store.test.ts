import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Endpoint } from '#shared/endpoint';
import { servedEndpoints } from '#shared/endpoints';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

/**
 * Every answer of a call that needs a session or a staff token is `Cache-Control: no-store`: no
 * browser, proxy or shared cache keeps a customer's data, whatever the handler answers (success or
 * error) and whatever it set itself.
 */
let s: TestServer;
let customer: { token: string; id: number; billId: number };
let staffToken: string;

beforeAll(async () => {
  s = await createTestServer();
  s.deps.cep = {
    lookup: async () => ({ found: true, address: { cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', complemento: '', localidade: 'São Paulo', uf: 'SP' } }),
  };
  const c = await signUpNewCustomer(s);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
  const sent = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, { token: c.token });
  expect(sent.status).toBe(201);
  customer = { token: c.token, id: Number(me.body.id), billId: Number(sent.body.id) };
  staffToken = (await createStaff(s.db, s.clock, 'Rita', `rita.nostore.${process.pid}@empresa.com.br`)).token;
});
afterAll(async () => { await s.close(); });

const NO_STORE = /(^|,)\s*no-store\s*(,|$)/;

/** The descriptor's path with its parameters filled: the customer's own id, their bill, a CEP, a day, a state. */
function concretePath(e: Endpoint): string {
  const path = e.path
    .replace(':billId', String(customer.billId))
    .replace(':proposalId', '999999')
    .replace(':cep', '01310100')
    .replace(':day', '2099-01-05')
    .replace(':state', 'XX')
    .replace(/:id\b/g, e.path.startsWith('/portal/notifications') || e.path.startsWith('/portal/customers/scheduling') ? '999999' : String(customer.id));
  const query = Object.keys(e.query ?? {}).map((name) => {
    const value = name === 'client_bill_file_id' ? String(customer.billId) : name === 'customer_id' ? String(customer.id) : 'true';
    return `${name}=${value}`;
  });
  return query.length ? `${path}?${query.join('&')}` : path;
}

async function answer(e: Endpoint, token: string): Promise<{ status: number; cacheControl: string | null }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Accept-Language': 'pt-BR' };
  const withBody = e.body !== undefined && !e.multipart;
  if (withBody) headers['Content-Type'] = 'application/json';
  const res = await s.fetch(`/api/v1${concretePath(e)}`, { method: e.method.toUpperCase(), headers, body: withBody ? '{}' : undefined });
  await res.arrayBuffer();
  return { status: res.status, cacheControl: res.headers.get('Cache-Control') };
}

describe('Cache-Control: no-store on every authenticated answer', () => {
  test('the postal-code lookup (which set its own max-age) answers no-store', async () => {
    const res = await call(s, 'GET', '/portal/cep/01310100', undefined, { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ logradouro: 'Avenida Paulista' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  test('a file download and an error answer are no-store too', async () => {
    const file = await s.fetch(`/api/v1/portal/customers/bill?client_bill_file_id=${String(customer.billId)}`, { headers: { Authorization: `Bearer ${customer.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('Cache-Control')).toMatch(NO_STORE);
    const staffFile = await s.fetch(`/api/v1/admin/bills/${String(customer.billId)}/file`, { headers: { Authorization: `Bearer ${staffToken}` } });
    expect(staffFile.status).toBe(200);
    expect(staffFile.headers.get('Cache-Control')).toMatch(NO_STORE);
    const refused = await call(s, 'GET', '/portal/cep/0131', undefined, { token: customer.token });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
    const anonymous = await call(s, 'GET', '/portal/customers');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('Cache-Control')).toBe('no-store');
  });

  test('every descriptor whose auth is not none, called with a valid token', async () => {
    // signing out ends the token the other calls use: last (and this test runs last)
    const authenticated = servedEndpoints({ production: false }).filter((e) => e.auth !== 'none')
      .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    expect(authenticated.length).toBeGreaterThan(40);
    const seen: string[] = [];
    for (const e of authenticated) {
      const tokens = e.auth === 'staff' ? [staffToken] : e.auth === 'either' ? [staffToken, customer.token] : [customer.token];
      for (const token of tokens) {
        const r = await answer(e, token);
        expect(r.status, `${e.method} ${e.path}: the token is valid`).not.toBe(401);
        seen.push(`${e.method.toUpperCase()} ${e.path} ${String(r.status)} ${r.cacheControl ?? '(none)'}`);
      }
    }
    const cached = seen.filter((line) => !NO_STORE.test(line.split(' ').slice(3).join(' ')));
    expect(cached).toEqual([]);
    // a good share of them succeeded, so the rule is not only proven on error answers
    expect(seen.filter((line) => / 2\d\d /.test(line)).length).toBeGreaterThan(15);
  });
});
