// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlanFlow } from '../../../../src/web/features/plan/PlanScreen';
import { createApi } from '../../../../src/web/api/client';
import { applyProcessEvent } from '../../../../src/server/process/host';
import { fill, messages as m } from '../../../../src/shared/messages';
import { createTestServer, type TestServer } from '../../../support/server';
import { confirmPartnership, customerAtPlanChoice } from '../../../support/flows';

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); });

/** The plans page for a customer, with the requests whose path ends in one of `down` failing. */
function open(token: string, down: string[] = []) {
  const went: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://portal.test'), init);
    if (down.some((d) => new URL(request.url).pathname.endsWith(d))) throw new TypeError('network down');
    return server.fetch(request);
  }) as typeof server.fetch;
  const api = createApi({ fetch, origin: 'http://portal.test', getToken: () => token });
  render(<PlanFlow getApi={() => Promise.resolve(api)} onMenuChanged={() => {}} onGo={(p) => { went.push(p); }} />);
  return went;
}
const table = async () => within(await screen.findByRole('table', { name: m['plan.table.caption'] }));

describe('the plans page', () => {
  test("shows the customer's own figures per plan and the plan table's facts, the short plan 'Não apto' and not choosable", async () => {
    const c = await customerAtPlanChoice(server, { over: { bill: 600 } });
    open(c.token);
    const t = await table();
    const rows = t.getAllByRole('row').map((r) => r.textContent);
    expect(rows.find((r) => r?.startsWith(m['plan.row.price']))).toMatch(/R\$ [\d.,]+\/mês/);
    expect(rows.find((r) => r?.startsWith(m['plan.row.term']))).toBe(`${m['plan.row.term']}3 anos5 anos20 anos`);
    expect(rows.find((r) => r?.startsWith(m['plan.row.freeMonths']))).toBe(`${m['plan.row.freeMonths']}1 mês2 meses3 meses`);
    expect(rows.find((r) => r?.startsWith(m['plan.row.joiningFee']))).toBe(`${m['plan.row.joiningFee']}R$ 0,00R$ 0,00R$ 0,00`);
    expect(rows.find((r) => r?.startsWith(m['plan.row.ownership']))).toBe(`${m['plan.row.ownership']}NãoNãoSim`);
    const refused = t.getByRole('button', { name: `Plano 3 anos: ${m['plan.notFit']}` });
    await userEvent.setup().click(refused);
    expect(screen.queryByRole('dialog')).toBeNull();
    // the phone layout's tabs hold the same plans, one per tab
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Plano 3 anos', 'Plano 5 anos', 'Plano 20 anos']);
    expect(screen.getByRole('tab', { name: 'Plano 20 anos' }).getAttribute('aria-selected')).toBe('true');
  });

  test("a partnership shows its text and its two extra free months in every plan", async () => {
    const c = await customerAtPlanChoice(server, { over: { bill: 600 } });
    await confirmPartnership(server, c.id);
    open(c.token);
    const t = await table();
    expect(t.getAllByRole('row').find((r) => r.textContent?.startsWith(m['plan.row.freeMonths']))?.textContent)
      .toBe(`${m['plan.row.freeMonths']}3 meses4 meses5 meses`);
    expect(await screen.findByRole('heading', { level: 2, name: m['plan.partnership.title'] })).toBeTruthy();
    screen.getByText(fill('plan.partnership.text', { n: 2 }));
  });

  test("a failed free-months check says 'Não foi possível verificar a opção de 1º mês grátis' and the plans still show", async () => {
    const c = await customerAtPlanChoice(server, { over: { bill: 600 } });
    await confirmPartnership(server, c.id);
    open(c.token, ['/sales_free_month']);
    await table();
    screen.getByText(m['plan.freeMonths.error']);
    expect(screen.queryByRole('heading', { name: m['plan.partnership.title'] })).toBeNull();
  });

  test('a customer whose step is CHECKOUT goes on to booking-payment without seeing the plans', async () => {
    const c = await customerAtPlanChoice(server, { over: { bill: 600 } });
    await applyProcessEvent(server.db, server.clock, c.id, { type: 'plan.signed' });
    const went = open(c.token);
    await expect.poll(() => went).toEqual(['/booking-payment']);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
