import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';
import { CUSTOMER_PAGE_SIZE } from '#shared/customer/endpoints';

/**
 * The customer page (issue 14): staff find a customer by name, phone or CPF, and read where the
 * process is and every move that took it there, each with who caused it (the customer, a staff
 * member by name, or the portal) and when.
 */
let s: TestServer;
let analyst: string;
beforeAll(async () => {
  s = await createTestServer();
  analyst = (await createStaff(s.db, s.clock, 'Beatriz Lima', `beatriz.${process.pid}@empresa.com.br`, ['analyst'])).token;
});
afterAll(async () => { await s.close(); });

describe('the customer page', () => {
  test('found by name, phone digits or CPF; its moves name who caused each', async () => {
    const c = await signUpNewCustomer(s);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
    const id = Number(me.body.id);
    await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('photo-bill.png'), name: 'foto.png' }, { token: c.token });
    const view = await call(s, 'GET', `/admin/customers/${id}/process`, undefined, { token: analyst });
    s.clock.advance(60_000);
    expect((await call(s, 'PUT', `/admin/customers/${id}/bill`, { status: 'APPROVED', version: view.body.version }, { token: analyst })).status).toBe(200);

    const name = String(me.body.name);
    for (const q of [name.slice(2, 8).toUpperCase(), String(me.body.phone).replace(/\D/g, '').slice(-8)]) {
      const found = await call(s, 'GET', `/admin/customers?q=${encodeURIComponent(q)}`, undefined, { token: analyst });
      expect((found.body.data as { id: number }[]).map((r) => r.id), q).toContain(id);
    }
    expect(((await call(s, 'GET', '/admin/customers?q=ninguem-com-este-nome', undefined, { token: analyst })).body.data as unknown[])).toEqual([]);

    const page = await call(s, 'GET', `/admin/customers/${id}`, undefined, { token: analyst });
    expect(page.status).toBe(200);
    expect(page.body.customer).toMatchObject({ id, name });
    const moves = page.body.moves as { event: string; by: string; staff_name: string | null; version: number }[];
    expect(moves.map((m) => m.event)).toEqual(expect.arrayContaining(['bill.submitted', 'bill.approved']));
    expect(moves.find((m) => m.event === 'bill.submitted')?.by).toBe('customer');
    expect(moves.find((m) => m.event === 'bill.approved')).toMatchObject({ by: 'staff', staff_name: 'Beatriz Lima' });
    // in order, each version once, the last one the process's own
    expect(moves.map((m) => m.version)).toEqual([...moves.map((m) => m.version)].sort((a, b) => a - b));
    expect(moves.at(-1)?.version).toBe((page.body.process as { version: number }).version);
    expect((await call(s, 'GET', '/admin/customers/999999', undefined, { token: analyst })).status).toBe(404);
  });

  test('the search sorts by name or age on the server, a page at a time, ties kept apart by id', async () => {
    // every signed-up test customer shares the name the flows give; renamed here to sort them
    const names = ['Zélia Prado', 'ana Souza', 'Bruno Lima'];
    for (const name of names) {
      const c = await signUpNewCustomer(s);
      expect((await call(s, 'PATCH', '/portal/customers', { name }, { token: c.token })).status).toBe(200);
    }
    type Found = { total: number; data: { id: number; name: string }[] };
    const find = async (query: string) => (await call(s, 'GET', `/admin/customers?${query}`, undefined, { token: analyst })).body as Found;
    const az = (await find('q=a&sort=name')).data.map((c) => c.name).filter((n) => names.includes(n));
    expect(az).toEqual(['ana Souza', 'Bruno Lima', 'Zélia Prado']);
    const za = (await find('q=a&sort=name_desc')).data.map((c) => c.name).filter((n) => names.includes(n));
    expect(za).toEqual(['Zélia Prado', 'Bruno Lima', 'ana Souza']);
    const newest = (await find('q=&sort=newest')).data.map((c) => c.id);
    const oldest = (await find('q=&sort=oldest')).data.map((c) => c.id);
    expect(newest).toEqual([...newest].sort((x, y) => y - x));
    expect(oldest).toEqual([...oldest].sort((x, y) => x - y));
    // pages do not overlap
    const all = await find('q=&sort=name');
    if (all.total > CUSTOMER_PAGE_SIZE) {
      const second = await find('q=&sort=name&page=2');
      expect(second.data.some((c) => all.data.some((d) => d.id === c.id))).toBe(false);
    }
    expect((await call(s, 'GET', '/admin/customers?sort=shoe', undefined, { token: analyst })).status).toBe(400);
  });
});

