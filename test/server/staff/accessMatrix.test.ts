import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENDPOINTS } from '#shared/endpoints';
import { STAFF_EVENT_ROLES, STAFF_ROLES, type StaffRole } from '#shared/staff/roles';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';

/**
 * Every admin endpoint, read from the shared descriptors (a new one is in the matrix without a
 * line here): no token is 401; a customer's token is 403 (4030) on staff-only calls; a staff member
 * whose roles the descriptor does not name is 403 (4032). The process events, sent through one
 * endpoint, are checked event by event against their role.
 */
let s: TestServer;
const tokens = {} as Record<StaffRole, string>;
let customer: { token: string; id: number };
beforeAll(async () => {
  s = await createTestServer();
  for (const role of STAFF_ROLES) tokens[role] = (await createStaff(s.db, s.clock, role, `${role}.${process.pid}@empresa.com.br`, [role])).token;
  const c = await signUpNewCustomer(s);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
  customer = { token: c.token, id: Number(me.body.id) };
});
afterAll(async () => { await s.close(); });

const staffCalls = ENDPOINTS.filter((e) => e.auth === 'staff' || e.auth === 'either');
const pathOf = (path: string) => path.replace(/:id\b/, () => String(customer.id)).replace(/:(state)\b/, 'SP').replace(/:day\b/, '2030-01-02').replace(/:[A-Za-z_]+/g, '1');

describe('the admin access matrix', () => {
  test('every staff call names its roles', () => {
    expect(staffCalls.length).toBeGreaterThan(30);
    for (const e of staffCalls) expect(e.roles?.length, `${e.method} ${e.path}`).toBeGreaterThan(0);
  });

  test.each(staffCalls.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))('%s', async (_name, e) => {
    const path = pathOf(e.path);
    const method = e.method.toUpperCase();
    const body = e.body ? {} : undefined;
    expect((await call(s, method, path, body)).status, 'no token').toBe(401);
    if (e.auth === 'staff') expect((await call(s, method, path, body, { token: customer.token })).body, 'a customer').toMatchObject({ code: 4030 });
    for (const role of STAFF_ROLES) {
      const r = await call(s, method, path, body, { token: tokens[role] });
      if (e.roles!.includes(role)) expect(r.status, `${role} may`).not.toBe(403);
      else expect(r.body, `${role} may not`).toMatchObject({ code: 4032 });
    }
  });

  test('each process event only by its role', async () => {
    for (const [type, roles] of Object.entries(STAFF_EVENT_ROLES)) {
      for (const role of STAFF_ROLES) {
        const r = await call(s, 'POST', `/admin/customers/${customer.id}/events`, { type, version: 1 }, { token: tokens[role] });
        if (roles.includes(role)) expect(r.status, `${type} by ${role}`).not.toBe(403);
        else expect(r.status, `${type} by ${role}`).toBe(403);
      }
    }
  });
});
