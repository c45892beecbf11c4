// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlanFlow } from '../../src/web/features/plan/PlanScreen';
import { createApi } from '../../src/web/api/client';
import { applyProcessEvent } from '../../src/server/process/host';
import { fill, messages as m } from '../../src/shared/messages';
import { createTestServer, type TestServer } from '../support/server';
import { call, customerAtPlanChoice } from '../support/flows';
import type { TestPath } from './engine';
import { describeScreenPaths, stepLabel as label, stepLabels as labels } from './screenPaths';
import { planPaths } from './plan.paths';

/**
 * The plans machine's shortest paths against the real screen: PlanFlow rendered in happy-dom, its
 * calls served in process by the Hono app on PGlite, for customers put at the plan choice (a bill
 * of R$ 600 in São Paulo: the 3-year plan is not fit, the 5- and 20-year plans are). Each event is
 * done as a person does it; an actor that fails in the path fails because its request does not
 * reach the server. After every step the screen must show what the machine's state stands for.
 */

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); });


type Cut = 'load' | 'freeMonths' | 'sign';
const cutOf = (request: Request): Cut | null => {
  const url = new URL(request.url).pathname;
  if (url.endsWith('/sales_free_month')) return 'freeMonths';
  if (request.method === 'GET' && (url.endsWith('/portal/customers') || url.endsWith('/customers/plans'))) return 'load';
  if (request.method === 'POST' && url.endsWith('/sign')) return 'sign';
  return null;
};
interface Run { user: ReturnType<typeof userEvent.setup>; cuts: Set<Cut>; went: string[]; menuReloads: number }

function notDrivable(path: TestPath): string | null {
  const loads = labels(path).filter((t) => t.startsWith('loadPlans resolves'));
  if (loads.some((t) => t.includes('contractsGenerated'))) return 'contracts are generated after the checkout (booking-payment)';
  if (loads.some((t) => t.includes('noBillValueYet'))) return 'every customer signs up with a bill value';
  if (new Set(loads).size > 1) return 'one customer answers every load the same';
  return null;
}

async function customerFor(path: TestPath) {
  const first = labels(path).find((t) => t.startsWith('loadPlans resolves')) ?? '';
  const c = await customerAtPlanChoice(server, { over: { bill: 600, hasPartnership: first.includes('withPartnership') } });
  if (first.includes('planAlreadyChosen')) {
    const r = await call(server, 'POST', '/portal/customers/plans/2/sign', undefined, { token: c.token });
    if (r.status !== 200) throw new Error(`sign: ${JSON.stringify(r.body)}`);
  }
  // staff moved the process on without a client plan (data repair): the step alone sends to booking
  if (first.includes('atCheckout')) await applyProcessEvent(server.db, server.clock, c.id, { type: 'plan.signed' });
  return c;
}


/** The comparison table (the tabs hold the same buttons; happy-dom applies no media queries). */
const table = () => within(screen.getByRole('table', { name: m['plan.table.caption'] }));

async function step(run: Run, path: TestPath, i: number): Promise<void> {
  const text = label(path, i);
  const { user } = run;
  if (text.startsWith('plan.select')) {
    await waitFor(() => table());
    if (text.includes('notFitPlan')) {
      const refused = table().getByRole('button', { name: `Plano 3 anos: ${m['plan.notFit']}` });
      if (!refused.hasAttribute('disabled') && refused.getAttribute('aria-disabled') !== 'true') throw new Error("'Não apto' can be pressed");
      await user.click(refused);
    } else {
      await user.click(table().getByRole('button', { name: `${m['plan.choose']}: Plano 20 anos` }));
    }
  } else if (text === 'dialog.confirm') await user.click(await screen.findByRole('button', { name: m['plan.modal.confirm'] }));
  else if (text === 'dialog.dismiss') { await screen.findByRole('dialog'); await user.keyboard('{Escape}'); }
  else if (text === 'page.retry') await user.click(await screen.findByRole('button', { name: m['plan.retry'] }));
}

async function shows(run: Run, path: TestPath, i: number): Promise<void> {
  const state = path.steps[i]!.state;
  const text = label(path, i);
  await waitFor(() => {
    if (state.matches('loading') || state.matches('deciding') || state.matches('signing')) return;
    if (state.matches('loadFailed')) {
      if (screen.getByRole('alert').textContent !== m['plan.load.error']) throw new Error('no load error');
      return;
    }
    if (state.matches('leaving')) {
      if (run.went.at(-1) !== '/booking-payment') throw new Error(`went to ${JSON.stringify(run.went)}`);
      if (text.startsWith('signPlan resolves') && run.menuReloads === 0) throw new Error('the menu was not reloaded');
      return;
    }
    screen.getByRole('heading', { level: 1, name: 'Assinatura do plano' });
    table().getByRole('columnheader', { name: /Plano 3 anos\s*Não apto/ });
    const dialog = screen.queryByRole('dialog', { name: fill('plan.modal.title', { plan: 'Plano 20 anos' }) });
    if (state.matches('confirming') !== Boolean(dialog)) throw new Error(state.matches('confirming') ? 'the modal is not open' : 'the modal is still open');
    const freeMonthsError = screen.queryByText(m['plan.freeMonths.error']);
    if (Boolean(freeMonthsError) !== labels(path).some((t) => t.includes('freeMonthsCheckFailed'))) throw new Error('the free-months notice does not follow the check');
    if (labels(path).some((t) => t.includes('withPartnership'))) screen.getByRole('heading', { level: 2, name: m['plan.partnership.title'] });
    if (text.startsWith('signPlan fails')) screen.getByText(m['plan.select.error']);
  });
}

describe('plan paths through the screen (happy-dom, API in process on PGlite)', () => {
  describeScreenPaths<Cut, Awaited<ReturnType<typeof customerFor>>, Run>({
    model: planPaths, server: () => server, notDrivable, customerFor, cutOf,
    newRun: () => ({ user: userEvent.setup(), cuts: new Set(), went: [], menuReloads: 0 }),
    cutByActor: { loadPlans: 'load', signPlan: 'sign' },
    alwaysCut: (path) => (labels(path).some((t) => t.includes('freeMonthsCheckFailed')) ? ['freeMonths'] : []),
    render: (c, fetch, run) => {
      const api = createApi({ fetch, origin: 'http://portal.test', getToken: () => c.token });
      return <PlanFlow getApi={() => Promise.resolve(api)} onMenuChanged={() => { run.menuReloads += 1; }} onGo={(p) => { run.went.push(p); }} />;
    },
    step, shows,
  });
});
