// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutFlow } from '../../src/web/features/checkout/CheckoutScreen';
import { createApi } from '../../src/web/api/client';
import { cardFieldMessage } from '../../src/shared/checkout/rules';
import { fill, messages as m } from '../../src/shared/messages';
import { createTestServer, type TestServer } from '../support/server';
import { call, customerAtPlanChoice } from '../support/flows';
import type { TestPath } from './engine';
import { describeScreenPaths, stepLabel as label, stepLabels as labels } from './screenPaths';
import { checkoutPaths } from './checkout.paths';

/**
 * The checkout machine's shortest paths against the real screen: CheckoutFlow in happy-dom, its
 * calls (and the local card sandbox's tokenizer) served in process by the Hono app on PGlite, for
 * customers who chose the 20-year plan. The card is typed as a person types it; the sandbox's test
 * cards give the tokenizer's and the issuer's answers (4111... approved, 4012 8888 8888 1881
 * declined, a number failing Luhn flagged).
 */

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); });

const YEAR = new Date().getFullYear();

type Cut = 'load' | 'tokenize' | 'checkout';
const cutOf = (request: Request): Cut | null => {
  const url = new URL(request.url).pathname;
  if (url.endsWith('/payment_token') || url.endsWith('/payments/tokenizer')) return 'tokenize';
  if (request.method === 'POST' && url.endsWith('/customers/checkout')) return 'checkout';
  if (request.method === 'GET' && (url.endsWith('/portal/customers') || url.endsWith('/selected-plan') || url.endsWith('/customers/checkout'))) return 'load';
  return null;
};
interface Run { user: ReturnType<typeof userEvent.setup>; cuts: Set<Cut>; went: string[] }

function notDrivable(path: TestPath): string | null {
  const loads = labels(path).filter((t) => t.startsWith('loadBooking resolves'));
  if (new Set(loads).size > 1) return 'one customer answers every load the same';
  if (loads.some((t) => t.includes('company')) && labels(path).some((t) => t.startsWith('submitCheckout fails (declined)'))) {
    return 'no issuer declines a boleto day (the refusal is driven on the card paths)';
  }
  return null;
}

async function customerFor(path: TestPath) {
  const first = labels(path).find((t) => t.startsWith('loadBooking resolves')) ?? '';
  const c = await customerAtPlanChoice(server, { kind: first.includes('company') ? 'business' : 'personal', over: { bill: 600 } });
  if (first.includes('noPlanChosen')) return c;
  const signed = await call(server, 'POST', '/portal/customers/plans/3/sign', undefined, { token: c.token });
  if (first.includes('cardAlreadyApproved')) {
    const token = (await call(server, 'POST', '/payments-sandbox/payment_token', {
      method: 'credit_card', data: { number: '4111111111111111', verification_value: '123', first_name: 'Ana', last_name: 'Souza', month: '12', year: String(YEAR + 2) },
    })).body.id;
    const r = await call(server, 'POST', '/portal/customers/checkout', { client_plan_id: (signed.body.data as { id: number }).id, token }, { token: c.token });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  }
  return c;
}


/** The card number this path's tokenizer and issuer answers need. */
function numberFor(path: TestPath, i: number): string {
  const after = labels(path).slice(i + 1);
  if (after.some((t) => t.startsWith('tokenizeCard resolves (numberFlagged)'))) return '4111 1111 1111 1112';
  if (after.some((t) => t.startsWith('submitCheckout fails (declined)'))) return '4012 8888 8888 1881';
  return '4111 1111 1111 1111';
}

async function choose(user: Run['user'], name: string, option: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(name) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function step(run: Run, path: TestPath, i: number): Promise<void> {
  const text = label(path, i);
  const { user } = run;
  if (text.startsWith('card.submit')) {
    const form = within(await screen.findByRole('form', { name: m['checkout.card.title'] }));
    await user.type(form.getByRole('textbox', { name: m['checkout.card.number'] }), numberFor(path, i));
    await user.type(form.getByRole('textbox', { name: m['checkout.card.holder'] }), 'Ana Souza');
    await choose(user, m['checkout.card.month'], '12');
    await choose(user, m['checkout.card.year'], String(YEAR + 2));
    if (!text.includes('cardWithoutCvv')) await user.type(form.getByRole('textbox', { name: m['checkout.card.cvv'] }), '123');
    await user.click(form.getByRole('button', { name: m['checkout.card.submit'] }));
  } else if (text.startsWith('day.choose')) {
    const day = text.includes('day15') ? 15 : 12;
    // 12 is not offered: the customer can only pick 10, 15, 20 or 25
    if (day === 12) {
      if (screen.queryByRole('radio', { name: fill('checkout.boleto.dayOption', { day: 12 }) })) throw new Error('day 12 is offered');
      return;
    }
    await user.click(await screen.findByRole('radio', { name: fill('checkout.boleto.dayOption', { day }) }));
  } else if (text === 'boleto.submit') await user.click(await screen.findByRole('button', { name: m['checkout.boleto.submit'] }));
  else if (text === 'page.retry') await user.click(await screen.findByRole('button', { name: m['checkout.retry'] }));
}

async function shows(run: Run, path: TestPath, i: number): Promise<void> {
  const state = path.steps[i]!.state;
  const text = label(path, i);
  await waitFor(() => {
    if (state.matches('loading') || state.matches('deciding') || state.matches({ card: 'tokenizing' }) || state.matches({ card: 'authorising' }) || state.matches({ boleto: 'submitting' })) return;
    if (state.matches('loadFailed')) { screen.getByText(m['checkout.load.error']); return; }
    if (state.matches('leaving')) { if (run.went.at(-1) !== '/plan-signature') throw new Error(`went to ${JSON.stringify(run.went)}`); return; }
    screen.getByRole('heading', { level: 1, name: 'Pagamento da assinatura' });
    screen.getByRole('heading', { level: 2, name: m['checkout.summary.title'] });
    if (state.matches('done')) {
      screen.getByText(path.steps.some((s) => s.state.matches('boleto')) ? fill('checkout.boleto.done', { day: 15 }) : m['checkout.card.approved']);
      return;
    }
    if (state.matches('boleto')) {
      screen.getByRole('radiogroup', { name: m['checkout.boleto.day'] });
      if (text === 'boleto.submit' && state.context.error) screen.getByText(m['booking.plan.checkout.error.input']);
      return;
    }
    screen.getByRole('form', { name: m['checkout.card.title'] });
    if (text.includes('numberFlagged')) {
      screen.getByText(cardFieldMessage('number'));
      // the keyboard is on the flagged field
      if (document.activeElement !== screen.getByRole('textbox', { name: m['checkout.card.number'] })) throw new Error('the flagged number does not have the focus');
    }
    if (text.includes('cardWithoutCvv')) screen.getByText(m['checkout.input.error']);
    if (text.startsWith('submitCheckout fails (declined)')) screen.getByText(m['checkout.card.declined']);
    if (text.startsWith('submitCheckout fails (offline)')) screen.getByText(m['common.error.network']);
    if (text.startsWith('tokenizeCard fails')) screen.getByText(m['checkout.error'], { selector: '[role=alert] *, [role=alert]' });
  });
}

describe('checkout paths through the screen (happy-dom, API and card sandbox in process on PGlite)', () => {
  describeScreenPaths<Cut, Awaited<ReturnType<typeof customerFor>>, Run>({
    model: checkoutPaths, server: () => server, notDrivable, customerFor, cutOf,
    newRun: () => ({ user: userEvent.setup(), cuts: new Set(), went: [] }),
    cutByActor: { loadBooking: 'load', tokenizeCard: 'tokenize', submitCheckout: 'checkout' },
    render: (c, fetch, run) => {
      const api = createApi({ fetch, origin: 'http://portal.test', getToken: () => c.token });
      return <CheckoutFlow getApi={() => Promise.resolve(api)} onGo={(p) => { run.went.push(p); }} currentYear={YEAR} />;
    },
    step, shows,
  });
});
