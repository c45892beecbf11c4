import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { customers } from '../../../src/server/platform/db/schema';
import { messages } from '#shared/messages';
import { createTestServer, type TestServer } from '../../support/server';
import { applyProcessEvent } from '../../../src/server/process/host';
import { call, customerAtPlanChoice, signUpCustomerWithId } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

type Offer = { plan_id: number; plan: { type: string }; is_fit: boolean; free_months: number; price: number; economy_per_month: number };
const offers = async (token: string) => (await call(s, 'GET', '/portal/customers/plans', undefined, { token })).body.data as Offer[];
const steps = async (token: string) =>
  ((await call(s, 'GET', '/portal/customers/steps', undefined, { token })).body.data as { type: string; status: string }[]).map((x) => `${x.type}:${x.status}`);

describe('the plans screen calls', () => {
  test('the catalogue: three plans, 3, 5 and 20 years, 1, 2 and 3 free months, no joining fee', async () => {
    const r = await call(s, 'GET', '/portal/plans');
    expect(r.status).toBe(200);
    expect((r.body.data as { type: string; deadline_years: number; free_months: number; joining_fee: number }[])
      .map((p) => [p.type, p.deadline_years, p.free_months, p.joining_fee])).toEqual([['LOW', 3, 1, 0], ['MEDIUM', 5, 2, 0], ['MAX', 20, 3, 0]]);
  });

  test("the customer's offers are sized from their own bill, with the partnership's two free months", async () => {
    const plain = await customerAtPlanChoice(s, { over: { bill: 600 } });
    const partner = await customerAtPlanChoice(s, { over: { bill: 600 } });
    // staff confirmed the partnership (the sign-up's own claim grants nothing: plan.test.ts)
    await s.db.update(customers).set({ hasPartnership: true }).where(eq(customers.id, partner.id));
    const a = await offers(plain.token);
    const b = await offers(partner.token);
    expect(a.map((o) => o.free_months)).toEqual([1, 2, 3]);
    expect(b.map((o) => o.free_months)).toEqual([3, 4, 5]);
    expect(a.every((o) => o.price > 0 && o.economy_per_month !== 0)).toBe(true);
    const free = await call(s, 'GET', `/portal/customers/${partner.id}/plans/sales_free_month`, undefined, { token: partner.token });
    expect(free.body.data).toEqual({ low: 3, med: 4, max: 5, has_partnership: true });
    // someone else's id is not found
    expect((await call(s, 'GET', `/portal/customers/${plain.id}/plans/sales_free_month`, undefined, { token: partner.token })).status).toBe(404);
    const partnership = await call(s, 'GET', `/portal/client-partnership/${partner.id}`, undefined, { token: partner.token });
    expect(partnership.body).toMatchObject({ has_partnership: true, free_months: 2 });
    expect(String(partnership.body.description)).toContain('2 mensalidades grátis');
  });

  test('the plans are sized for the bill the proposals were sized for: the approved bill read by the assistant, not the sign-up value', async () => {
    const c = await signUpCustomerWithId(s);
    await call(s, 'POST', '/portal/customers/plan-simulated', { bill_value: 350.5, deadline_years: 20, nivel: 'MAX' }, { token: c.token });
    const sent = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, { token: c.token });
    expect(sent.status).toBeLessThan(300);
    const bill = await call(s, 'GET', '/portal/customers/bills', undefined, { token: c.token });
    const values = (bill.body as { billValues: { status: string; value: number | null } }).billValues;
    expect(values.status).toBe('APPROVED');
    const read = Number(values.value);
    expect(read).toBeGreaterThan(0);
    expect(read).not.toBe(350.5);
    for (const type of ['proposal.initialApproved', 'visit.requested', 'visit.confirmed', 'visit.approved'] as const) await applyProcessEvent(s.db, s.clock, c.id, { type });
    expect((await offers(c.token)).map((o) => (o as unknown as { old_bill: number }).old_bill)).toEqual([read, read, read]);
  });

  test('choosing a fit plan stores it with the figures shown and moves SIGNATURE to CHECKOUT', async () => {
    const c = await customerAtPlanChoice(s, { over: { bill: 800 } });
    expect((await call(s, 'GET', '/portal/customers/plans/selected-plan', undefined, { token: c.token })).body.data).toBeNull();
    const medium = (await offers(c.token)).find((o) => o.plan.type === 'MEDIUM')!;
    expect(medium.is_fit).toBe(true);
    const r = await call(s, 'POST', `/portal/customers/plans/${medium.plan_id}/sign`, undefined, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ plan_id: medium.plan_id, plan: { type: 'MEDIUM', name: 'Plano 5 anos' }, price: medium.price, free_months: 2 });
    expect(await steps(c.token)).toEqual(expect.arrayContaining(['SIGNATURE:APPROVED', 'CHECKOUT:NOT_DONE']));
    const selected = await call(s, 'GET', '/portal/customers/plans/selected-plan', undefined, { token: c.token });
    expect(selected.body.data).toEqual(r.body.data);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
    expect(me.body.selected_client_plan).toEqual({ plan: { name: 'Plano 5 anos' }, price: medium.price });
    // a second choice is refused: the customer is past the plan choice
    const again = await call(s, 'POST', `/portal/customers/plans/${medium.plan_id}/sign`, undefined, { token: c.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(4090);
  });

  test("a plan that is not fit is 'Não apto' and cannot be chosen; nothing moves", async () => {
    // a small bill: the short plans cost more than they save
    const c = await customerAtPlanChoice(s, { over: { bill: 180 } });
    const unfit = (await offers(c.token)).find((o) => !o.is_fit);
    expect(unfit).toBeDefined();
    const r = await call(s, 'POST', `/portal/customers/plans/${unfit!.plan_id}/sign`, undefined, { token: c.token });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 4097, message: messages['plan.notFit'] });
    expect(await steps(c.token)).toEqual(expect.arrayContaining(['SIGNATURE:NOT_DONE']));
    expect((await call(s, 'GET', '/portal/customers/plans/selected-plan', undefined, { token: c.token })).body.data).toBeNull();
  });

  test('before the visit is approved no plan can be chosen; an unknown plan is not found; no session is 401', async () => {
    const early = await signUpCustomerWithId(s);
    const r = await call(s, 'POST', '/portal/customers/plans/3/sign', undefined, { token: early.token });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe(4090);
    expect((await call(s, 'POST', '/portal/customers/plans/9/sign', undefined, { token: early.token })).status).toBe(404);
    expect((await call(s, 'POST', '/portal/customers/plans/abc/sign', undefined, { token: early.token })).status).toBe(404);
    expect((await call(s, 'GET', '/portal/customers/plans')).status).toBe(401);
    expect((await call(s, 'POST', '/portal/customers/plans/3/sign')).status).toBe(401);
  });
});
