import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENDPOINTS } from '#shared/endpoints';
import type { Endpoint } from '#shared/endpoint';
import { STAFF_ROLES, type StaffRole } from '#shared/staff/roles';
import { createStaff } from '../../../src/server/staff/service';
import { auditTrail } from '../../../src/server/staff/audit';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtContracts, signUpCustomerWithId } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

/**
 * Security F14: a customer's files go to the roles whose work needs them (ID documents and bills to
 * the analysis, contracts to sales; admins both), and every staff download and every customer page
 * opened writes an audit line: who, which customer, what (ids only). The file calls are read from
 * the shared descriptors, so a new one is checked here without a line of its own.
 */
const ALLOWED: Readonly<Record<'document' | 'bill' | 'contract', readonly StaffRole[]>> = {
  document: ['analyst', 'admin'], bill: ['analyst', 'admin'], contract: ['sales', 'admin'],
};
/** What a staff file call serves, by its path; null for a call that serves no customer file of these kinds. */
const kindOf = (e: Endpoint): keyof typeof ALLOWED | null =>
  /\/documents\//.test(e.path) ? 'document' : /\/bills\//.test(e.path) ? 'bill' : /\/contracts\//.test(e.path) ? 'contract' : null;
/** A staff call that answers a file (no body schema), not a JSON list. */
const fileCalls = ENDPOINTS.filter((e) => e.auth !== 'customer' && e.auth !== 'none' && e.method === 'get' && !e.responses[200]?.schema && kindOf(e) !== null);

let s: TestServer;
const members = {} as Record<StaffRole, { id: number; token: string }>;
let adminOnly: string;
let signed: { id: number; documentId: number; contractId: string };
let billed: { id: number; billId: number };
beforeAll(async () => {
  s = await createTestServer();
  for (const role of STAFF_ROLES) members[role] = await createStaff(s.db, s.clock, `Equipe ${role}`, `${role}.files.${process.pid}@empresa.com.br`, [role]);
  adminOnly = members.admin.token;
  // a customer with documents and contracts, another with a bill
  const c = await customerAtContracts(s);
  const docs = await call(s, 'GET', `/admin/customers/${c.id}/documents`, undefined, { token: adminOnly });
  signed = { id: c.id, documentId: Number((docs.body.data as { id: number }[])[0]!.id), contractId: c.contracts[0]!.id };
  const b = await signUpCustomerWithId(s);
  await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('photo-bill.png'), name: 'foto.png' }, { token: b.token });
  const bills = await call(s, 'GET', `/admin/customers/${b.id}/bills`, undefined, { token: adminOnly });
  billed = { id: b.id, billId: Number((bills.body.bills as { id: number }[]).at(-1)!.id) };
});
afterAll(async () => { await s.close(); });

/** The call's path for the test's customers, and whose file it is. */
function target(e: Endpoint): { path: string; customerId: number } {
  const kind = kindOf(e)!;
  const customerId = kind === 'bill' ? billed.id : signed.id;
  const values: Record<string, string | number> = { id: customerId, documentId: signed.documentId, side: 'front', contractId: signed.contractId, billId: billed.billId };
  return { customerId, path: e.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => String(values[name] ?? `?${name}`)) };
}

const readsOf = (staffId: number, customerId: number, action: string) =>
  auditTrail(s.db, { staffId, customerId, action });

describe("a customer's files (F14)", () => {
  test('every staff call that answers a file is one whose download is audited (a new one fails here until it is)', () => {
    const anyFile = ENDPOINTS.filter((e) => e.auth !== 'customer' && e.auth !== 'none' && e.method === 'get' && !e.responses[200]?.schema).map((e) => e.path);
    // the three above (this file) and the proposal PDF, the project's files and the mural's attachments (their own tests check the line)
    expect(anyFile.sort()).toEqual([
      '/admin/bills/:billId/file', '/admin/customers/:id/contracts/:contractId/file', '/admin/customers/:id/documents/:documentId/:side',
      '/admin/customers/:id/project/files/:fileId', '/admin/customers/:id/project/messages/:messageId/attachment', '/admin/customers/:id/proposals/:proposalId/pdf',
    ]);
  });

  test('the file calls are the documents, bills and contracts; each names exactly the roles that may download it', () => {
    expect(fileCalls.map((e) => kindOf(e)).sort()).toEqual(['bill', 'contract', 'document']);
    for (const e of fileCalls) expect([...(e.roles ?? [])].sort(), `${e.method} ${e.path}`).toEqual([...ALLOWED[kindOf(e)!]].sort());
  });

  test.each(fileCalls.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))('%s: only its roles get the file, each download audited', async (_name, e) => {
    const kind = kindOf(e)!;
    const { path, customerId } = target(e);
    for (const role of STAFF_ROLES) {
      const member = members[role];
      const before = (await readsOf(member.id, customerId, `read:${kind}`)).length;
      const res = await s.fetch(`/api/v1${path}`, { headers: { Authorization: `Bearer ${member.token}` } });
      if (ALLOWED[kind].includes(role)) {
        expect(res.status, `${role} may`).toBe(200);
        expect((await res.arrayBuffer()).byteLength, `${role} gets the file`).toBeGreaterThan(0);
        const lines = await readsOf(member.id, customerId, `read:${kind}`);
        expect(lines.length, `${role}'s download audited`).toBe(before + 1);
        expect(lines[0]).toMatchObject({ staff_id: member.id, customer_id: customerId, action: `read:${kind}`, before: null });
      } else {
        expect(res.status, `${role} may not`).toBe(403);
        expect(await res.json()).toMatchObject({ code: 4032 });
        expect((await readsOf(member.id, customerId, `read:${kind}`)).length, `${role}: nothing read, nothing audited`).toBe(before);
      }
    }
  });

  test('the audit line names the file by its ids only, and the admin reads it in the audit log', async () => {
    const analyst = members.analyst;
    const file = await s.fetch(`/api/v1/admin/customers/${signed.id}/documents/${signed.documentId}/front`, { headers: { Authorization: `Bearer ${analyst.token}` } });
    expect(file.status).toBe(200);
    const log = await call(s, 'GET', `/admin/audit?customer_id=${signed.id}&staff_id=${analyst.id}&action=read:document`, undefined, { token: adminOnly });
    expect(log.status).toBe(200);
    expect((log.body.data as unknown[])[0]).toMatchObject({ staff_id: analyst.id, customer_id: signed.id, action: 'read:document', after: { document_id: signed.documentId, side: 'front' } });
    const contract = await s.fetch(`/api/v1/admin/customers/${signed.id}/contracts/${signed.contractId}/file`, { headers: { Authorization: `Bearer ${members.sales.token}` } });
    expect(contract.status).toBe(200);
    expect((await readsOf(members.sales.id, signed.id, 'read:contract'))[0]?.after).toEqual({ contract_id: signed.contractId });
    const bill = await s.fetch(`/api/v1/admin/bills/${billed.billId}/file`, { headers: { Authorization: `Bearer ${analyst.token}` } });
    expect(bill.status).toBe(200);
    expect((await readsOf(analyst.id, billed.id, 'read:bill'))[0]?.after).toEqual({ bill_id: billed.billId });
  });

  test('a file not found is not audited', async () => {
    const before = (await readsOf(members.admin.id, signed.id, 'read:')).length;
    const res = await s.fetch(`/api/v1/admin/customers/${signed.id}/documents/999999/front`, { headers: { Authorization: `Bearer ${adminOnly}` } });
    expect(res.status).toBe(404);
    expect((await readsOf(members.admin.id, signed.id, 'read:')).length).toBe(before);
  });
});

describe("the customer page (F14)", () => {
  test.each(STAFF_ROLES.map((r) => [r]))('each read by %s is audited: who, which customer, no personal data', async (role) => {
    const member = members[role];
    const before = (await readsOf(member.id, signed.id, 'read:customer')).length;
    const page = await call(s, 'GET', `/admin/customers/${signed.id}`, undefined, { token: member.token });
    expect(page.status).toBe(200);
    const lines = await readsOf(member.id, signed.id, 'read:customer');
    expect(lines.length).toBe(before + 1);
    expect(lines[0]).toMatchObject({ staff_id: member.id, customer_id: signed.id, action: 'read:customer', before: null, after: null });
    // nothing of what the page shows is kept in the line
    const line = JSON.stringify(lines[0]);
    const customer = page.body.customer as { name: string; phone: string; email: string; document: string | null };
    for (const value of [customer.name, customer.phone, customer.email, customer.document]) if (value) expect(line).not.toContain(value);
  });

  test('the admin finds the reads in the audit log', async () => {
    await call(s, 'GET', `/admin/customers/${signed.id}`, undefined, { token: members.scheduler.token });
    const log = await call(s, 'GET', `/admin/audit?customer_id=${signed.id}&staff_id=${members.scheduler.id}&action=read:customer`, undefined, { token: adminOnly });
    expect(log.status).toBe(200);
    expect((log.body.data as unknown[])[0]).toMatchObject({ staff_id: members.scheduler.id, customer_id: signed.id, action: 'read:customer' });
  });
});
