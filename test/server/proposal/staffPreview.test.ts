import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { createStaff } from '../../../src/server/staff/service';
import { auditTrail } from '../../../src/server/staff/audit';
import { Proposal } from '#shared/proposal/rules';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { pdfText } from '../../support/pdfText';
import { processDriver, toOffer } from '../../paths/serverProcess';

/**
 * Sales beside the final proposal's form (issue 14): the customer's proposals as they read them,
 * and a preview of what the figures typed would publish, figures and PDF, computed as publishing
 * computes them, with nothing stored, sent or audited.
 */
let s: TestServer;
let sales: string;
let support: string;
let driver: ReturnType<typeof processDriver>;
beforeAll(async () => {
  s = await createTestServer();
  sales = (await createStaff(s.db, s.clock, 'Vendas', `vendas.${process.pid}@empresa.com.br`, ['sales'])).token;
  support = (await createStaff(s.db, s.clock, 'Suporte', `suporte.${process.pid}@empresa.com.br`, ['support'])).token;
  driver = processDriver(s, (await createStaff(s.db, s.clock, 'Rita', `rita.${process.pid}@empresa.com.br`)).token);
});
afterAll(async () => { await s.close(); });

async function customerAtFinalProposal() {
  const c = await signUpNewCustomer(s);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
  const customer = { ...c, id: Number(me.body.id) };
  await driver.move(customer, toOffer);
  return customer;
}

const figures = { power_kwp: 5.5, price: 15990, module_brand: 'Canadian Solar', module_warranty: 12, inverter_brand: 'Growatt', inverter_warranty: 10 };

describe('the final proposal preview', () => {
  test('the preview is what publishing then stores, and nothing is stored, sent or audited by it', async () => {
    const c = await customerAtFinalProposal();
    const before = await call(s, 'GET', `/admin/customers/${c.id}/proposals`, undefined, { token: sales });
    expect(before.status).toBe(200);
    const auditBefore = (await call(s, 'GET', `/admin/customers/${c.id}`, undefined, { token: sales })).body;

    const preview = await call(s, 'POST', `/admin/customers/${c.id}/proposal/final/preview`, figures, { token: sales });
    expect(preview.status).toBe(200);
    const shown = v.parse(Proposal, preview.body.data);
    expect(shown).toMatchObject({ type: 'FINAL', power_of_the_project: 5.5, final_value: 15990, module_brand: 'Canadian Solar', inverter_warranty: 10 });
    expect((await call(s, 'GET', `/admin/customers/${c.id}/proposals`, undefined, { token: sales })).body.data).toEqual(before.body.data);
    expect((await call(s, 'GET', `/admin/customers/${c.id}`, undefined, { token: sales })).body).toEqual(auditBefore);

    const pdf = await s.fetch(`/api/v1/admin/customers/${c.id}/proposal/final/preview/pdf`, {
      method: 'POST', headers: { Authorization: `Bearer ${sales}`, 'Content-Type': 'application/json' }, body: JSON.stringify(figures),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text.title).toContain('Proposta Final');
    expect(text.text).toContain('Canadian Solar');

    expect((await call(s, 'POST', `/admin/customers/${c.id}/proposal/final`, figures, { token: sales })).status).toBe(201);
    const stored = (await call(s, 'GET', `/admin/customers/${c.id}/proposals`, undefined, { token: sales })).body.data as Record<string, unknown>[];
    const final = stored.filter((p) => p.type === 'FINAL').at(-1)!;
    // the same computation: every figure the preview showed is the one published
    for (const key of ['power_of_the_project', 'final_value', 'annual_production', 'annual_savings', 'payback', 'module_quantity', 'new_bill'] as const) {
      expect(final[key], key).toEqual(shown[key]);
    }
    // the stored proposal's PDF, for staff
    const storedPdf = await s.fetch(`/api/v1/admin/customers/${c.id}/proposals/${String(final.id)}/pdf`, { headers: { Authorization: `Bearer ${support}` } });
    expect(storedPdf.status).toBe(200);
    // every staff download is on the audit trail (issue 29, F14): ids only
    expect(await auditTrail(s.db, { customerId: c.id, action: 'read:proposal' })).toEqual([
      expect.objectContaining({ action: 'read:proposal', customer_id: c.id, after: { proposal_id: Number(final.id) } }),
    ]);
  });

  test('bad figures are refused as publishing refuses them; other roles, customers and unknown ids are refused', async () => {
    const c = await customerAtFinalProposal();
    expect((await call(s, 'POST', `/admin/customers/${c.id}/proposal/final/preview`, { power_kwp: -1 }, { token: sales })).status).toBe(400);
    expect((await call(s, 'POST', `/admin/customers/${c.id}/proposal/final/preview`, figures, { token: support })).status).toBe(403);
    expect((await call(s, 'POST', `/admin/customers/${c.id}/proposal/final/preview`, figures, { token: c.token })).status).toBe(403);
    expect((await call(s, 'POST', '/admin/customers/999999/proposal/final/preview', figures, { token: sales })).status).toBe(404);
    expect((await call(s, 'GET', '/admin/customers/999999/proposals', undefined, { token: sales })).status).toBe(404);
    expect((await call(s, 'GET', `/admin/customers/${c.id}/proposals/999999/pdf`, undefined, { token: sales })).status).toBe(404);
  });
});
