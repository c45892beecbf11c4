import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { AUDIT_PAGE_SIZE } from '#shared/staff/payloads';

/** The audit screen's filters (issue 14): who, what (an action or its start), which customer, and when. */
let s: TestServer;
let admin: string;
let sales: { id: number; token: string };
let support: { id: number; token: string };
beforeAll(async () => {
  s = await createTestServer();
  admin = (await createStaff(s.db, s.clock, 'Admin', `admin.${process.pid}@empresa.com.br`, ['admin'])).token;
  sales = await createStaff(s.db, s.clock, 'Vendas', `vendas.${process.pid}@empresa.com.br`, ['sales']);
  support = await createStaff(s.db, s.clock, 'Suporte', `suporte.${process.pid}@empresa.com.br`, ['support']);
});
afterAll(async () => { await s.close(); });

type Entry = { staff_id: number | null; action: string; customer_id: number | null; at: string };
const trail = async (query: string) => (await call(s, 'GET', `/admin/audit?${query}`, undefined, { token: admin })).body.data as Entry[];

describe('audit filters', () => {
  test('by member, by action prefix, by customer and by day', async () => {
    const a = await signUpNewCustomer(s);
    const aId = Number((await call(s, 'GET', '/portal/customers', undefined, { token: a.token })).body.id);
    const b = await signUpNewCustomer(s);
    const bId = Number((await call(s, 'GET', '/portal/customers', undefined, { token: b.token })).body.id);
    const day1 = s.clock.now().toISOString().slice(0, 10);
    await call(s, 'PUT', `/admin/customers/${aId}/partnership`, { has_partnership: true }, { token: sales.token });
    s.clock.advance(2 * 86_400_000);
    const day3 = s.clock.now().toISOString().slice(0, 10);
    await call(s, 'POST', `/admin/customers/${bId}/notifications`, { message: 'Olá! Sua conta foi recebida.' }, { token: support.token });

    expect((await trail(`staff_id=${sales.id}`)).map((e) => e.staff_id)).toEqual([sales.id]);
    expect((await trail(`staff_id=${support.id}`)).every((e) => e.staff_id === support.id)).toBe(true);
    const partnership = await trail('action=partnership');
    expect(partnership.length).toBeGreaterThan(0);
    expect(partnership.every((e) => e.action.startsWith('partnership'))).toBe(true);
    expect((await trail(`customer_id=${bId}`)).every((e) => e.customer_id === bId)).toBe(true);
    expect((await trail(`from=${day3}`)).map((e) => e.customer_id)).toEqual([bId]);
    expect((await trail(`until=${day1}`)).map((e) => e.customer_id)).toEqual([aId]);
    expect((await call(s, 'GET', '/admin/audit?from=ontem', undefined, { token: admin })).status).toBe(400);
  });

  test('newest or oldest first, a page at a time', async () => {
    const c = await signUpNewCustomer(s);
    const id = Number((await call(s, 'GET', '/portal/customers', undefined, { token: c.token })).body.id);
    // more lines than a page, a minute apart
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++) {
      s.clock.advance(60_000);
      await call(s, 'POST', `/admin/customers/${id}/notifications`, { message: `Aviso ${i}` }, { token: support.token });
    }
    const newest = await trail(`customer_id=${id}`);
    const second = await trail(`customer_id=${id}&page=2`);
    const oldest = await trail(`customer_id=${id}&order=oldest`);
    expect(newest).toHaveLength(AUDIT_PAGE_SIZE);
    expect(second).toHaveLength(3);
    const times = (entries: Entry[]) => entries.map((e) => e.at);
    expect(times(newest)).toEqual([...times(newest)].sort().reverse());
    expect(times(oldest)).toEqual([...times(oldest)].sort());
    // the two orders and the pages cover the same lines
    expect(times(oldest)).toEqual([...times(newest), ...times(second)].reverse().slice(0, AUDIT_PAGE_SIZE));
    expect((await call(s, 'GET', '/admin/audit?order=sideways', undefined, { token: admin })).status).toBe(400);
  });
});

