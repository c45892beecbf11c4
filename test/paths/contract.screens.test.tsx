// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///", "settings": { "disableIframePageLoading": true } }
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { act, cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContractFlow } from '../../src/web/features/contract/ContractScreen';
import { createApi } from '../../src/web/api/client';
import { messages as m } from '../../src/shared/messages';
import { createTestServer, type TestServer } from '../support/server';
import { call, customerAtCheckout, customerAtContracts, lastCode, newAddress } from '../support/flows';
import type { TestPath } from './engine';
import { describeScreenPaths, stepLabel as label, stepLabels as labels } from './screenPaths';
import { contractPaths } from './contract.paths';

/**
 * The signing machine's shortest paths against the real contracts page: ContractFlow in happy-dom,
 * its calls served in process by the Hono app on PGlite, for customers whose contracts were
 * generated (and some already signed). The frame is not loaded (happy-dom): a signature is made
 * on the signing page's own calls, as the frame would, and the frame's 'signed' message is posted
 * from the frame's window. The terms' text is given a height so that it must be scrolled.
 */

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); });

type Cut = 'load' | 'check' | 'terms' | 'followUp';
const cutOf = (request: Request): Cut | null => {
  const url = new URL(request.url).pathname;
  if (url.includes('/check_signers/')) return 'check';
  if (url.endsWith('/terms-of-use')) return 'terms';
  if (url.endsWith('/customers_success/create')) return 'followUp';
  if (request.method === 'GET' && (url.endsWith('/portal/customers') || url.endsWith('/customers/contracts'))) return 'load';
  return null;
};
interface Customer { id: number; token: string; phone: string; contracts: { id: string; type: string; key: string }[] }
interface Run { user: ReturnType<typeof userEvent.setup>; cuts: Set<Cut>; went: string[]; customer: Customer | null }

function notDrivable(path: TestPath): string | null {
  const loads = labels(path).filter((t) => t.startsWith('loadContracts resolves'));
  if (new Set(loads).size > 1) return 'one customer answers every load the same';
  if (loads.some((t) => t.includes('unified'))) return 'the server generates the adhesion term and the power of attorney, never a unified contract (the machine-level paths cover it)';
  // a re-check that finds nothing after the frame's 'signed' would need the page to lie; 'Sair' without signing is driven
  if (labels(path).some((t, i) => t === 'frame.signed' && labels(path)[i + 1]?.startsWith('checkSigner resolves (notSigned)'))) return "the frame posts 'signed' only after the server recorded the signature";
  return null;
}

const secret = () => `screen-path-secret-${Math.random().toString(36).slice(2)}-0123456789`;
async function signOnPage(s: TestServer, c: Customer, key: string): Promise<void> {
  const page = secret();
  const post = (path: string, body: unknown) => s.fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
  const [before] = await s.readOutbox(c.phone);
  const sent = await post(`/sign/${key}/code`, { secret: page });
  if (sent.status !== 202) throw new Error(`code: ${sent.status}`);
  let code = await lastCode(s, c.phone);
  for (let i = 0; i < 20 && code === before?.code; i++) code = await lastCode(s, c.phone);
  const signed = await post(`/sign/${key}`, { secret: page, code, consent: true });
  if (signed.status !== 201) throw new Error(`sign: ${signed.status} ${await signed.text()}`);
}

async function customerFor(path: TestPath): Promise<Customer> {
  const first = labels(path).find((t) => t.startsWith('loadContracts resolves')) ?? '';
  if (first.includes('(none)')) return { ...(await customerAtCheckout(server, { paid: true })), contracts: [] };
  const c = await customerAtContracts(server);
  const [adhesion, procuration] = c.contracts;
  if (/adhesionSigned|bothSigned|allDone/.test(first)) await signOnPage(server, c, adhesion!.key);
  if (/bothSigned|allDone/.test(first)) await signOnPage(server, c, procuration!.key);
  if (first.includes('allDone')) await call(server, 'PUT', `/portal/customers/contracts/${adhesion!.id}/terms-of-use`, { accepted: true }, { token: c.token });
  if (first.includes('allDoneFollowed')) await call(server, 'POST', '/portal/customers_success/create', { client_id: c.id }, { token: c.token });
  return c;
}

const frameOf = () => document.querySelector('iframe');

async function step(run: Run, path: TestPath, i: number): Promise<void> {
  const text = label(path, i);
  const { user } = run;
  const c = run.customer!;
  if (text.startsWith('contract.open')) {
    const name = text.includes('procuration') ? m['contract.procuration'] : m['contract.adhesion'];
    await user.click(await screen.findByRole('button', { name: `${m['contract.sign']}: ${name}` }));
  } else if (text === 'frame.signed') {
    const frame = await waitFor(() => { const f = frameOf(); if (!f) throw new Error('no frame'); return f; });
    const key = c.contracts.find((x) => frame.getAttribute('src')?.includes(x.key))!.key;
    // the page signs (the server records it), then the frame tells its parent
    if (labels(path)[i + 1]?.startsWith('checkSigner resolves (signed)') || labels(path)[i + 1]?.startsWith('checkSigner fails')) await signOnPage(server, c, key);
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: 'signed', origin: 'http://portal.test', source: frame.contentWindow as Window }));
    });
  } else if (text === 'frame.close') {
    const sair = await screen.findByRole('button', { name: m['contract.frame.close'] });
    if (labels(path)[i + 1]?.startsWith('checkSigner resolves (signed)')) {
      const key = c.contracts.find((x) => frameOf()?.getAttribute('src')?.includes(x.key))!.key;
      await signOnPage(server, c, key);
    }
    await user.click(sair);
  } else if (text === 'terms.open') await user.click(await screen.findByRole('checkbox', { name: m['terms.accept'] }));
  else if (text === 'terms.scrolledToEnd') {
    const region = await screen.findByRole('region', { name: m['terms.title'] });
    await act(async () => {
      region.scrollTop = 2000;
      region.dispatchEvent(new Event('scroll'));
    });
  } else if (text === 'terms.accept') {
    const accept = await screen.findByRole('button', { name: m['terms.accept'] });
    if (!state(path, i - 1).context.termsRead) {
      if (!accept.hasAttribute('disabled') && accept.getAttribute('aria-disabled') !== 'true') throw new Error('accept enabled before the text was scrolled');
      return;
    }
    await user.click(accept);
  } else if (text === 'terms.decline') await user.click(await screen.findByRole('button', { name: m['terms.decline'] }));
  else if (text === 'installation.follow') await user.click(await screen.findByRole('button', { name: m['contract.follow'] }));
  else if (text === 'steps.next') await user.click(await screen.findByRole('button', { name: m['contract.next'] }));
  else if (text === 'steps.back') await user.click(await screen.findByRole('button', { name: m['contract.back'] }));
  else if (text === 'project.follow') await user.click(await screen.findByRole('button', { name: m['contract.success.go'] }));
  else if (text === 'page.retry') await user.click(await screen.findByRole('button', { name: m['contract.retry'] }));
}

const state = (path: TestPath, i: number) => path.steps[Math.max(0, i)]!.state;

async function shows(run: Run, path: TestPath, i: number): Promise<void> {
  const st = state(path, i);
  const text = label(path, i);
  await waitFor(() => {
    if (st.matches('loading') || st.matches('deciding') || st.matches('checking') || st.matches('accepting') || st.matches('following')) return;
    if (st.matches('loadFailed')) { screen.getByText(m['contract.load.error']); return; }
    if (st.matches('leaving')) {
      const to = labels(path).some((t) => t.includes('(none)')) || text === 'steps.back' ? '/booking-payment' : '/project-status';
      if (run.went.at(-1) !== to) throw new Error(`went to ${JSON.stringify(run.went)}, not ${to}`);
      return;
    }
    screen.getByRole('heading', { level: 1, name: 'Contratos' });
    if (st.matches('followView')) {
      screen.getByRole('button', { name: m['contract.success.go'] });
      if (st.context.error) screen.getByText(m['contract.followUp.error']);
      return;
    }
    if (st.matches('framing')) {
      if (!frameOf()) throw new Error('the frame is not open');
      return;
    }
    if (frameOf()) throw new Error('the frame is still open');
    if (st.matches('terms')) {
      screen.getByRole('dialog', { name: m['terms.title'] });
      const accept = screen.getByRole('button', { name: m['terms.accept'] });
      const disabled = accept.hasAttribute('disabled') || accept.getAttribute('aria-disabled') === 'true';
      if (disabled === st.context.termsRead) throw new Error(`accept ${disabled ? 'disabled' : 'enabled'} with the text ${st.context.termsRead ? '' : 'not '}read`);
      return;
    }
    if (screen.queryByRole('dialog')) throw new Error('a dialog is still open');
    for (const contract of st.context.data!.contracts) {
      const name = contract.type === 'POWER_OF_ATTORNEY' ? m['contract.procuration'] : m['contract.adhesion'];
      const button = screen.queryByRole('button', { name: `${m['contract.sign']}: ${name}` });
      if (contract.is_client_signed === Boolean(button)) throw new Error(`${name}: ${contract.is_client_signed ? 'signed but still offered' : 'not offered'}`);
    }
    const follow = screen.getByRole('button', { name: m['contract.follow'] });
    const canFollow = st.context.data!.termsAcceptedAt !== null && st.context.data!.contracts.every((x: { is_client_signed: boolean }) => x.is_client_signed);
    if ((follow.hasAttribute('disabled') || follow.getAttribute('aria-disabled') === 'true') === canFollow) throw new Error("'Acompanhe sua instalação' does not follow the signatures");
    if (text.startsWith('checkSigner fails')) screen.getByText(m['contract.check.error']);
  });
}

describe('signing paths through the screen (happy-dom, API in process on PGlite)', () => {
  // the terms' box has a height, and its text is taller: it must be scrolled to the end
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get() { return (this as HTMLElement).getAttribute('role') === 'region' ? 1600 : 0; } });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get() { return (this as HTMLElement).getAttribute('role') === 'region' ? 360 : 0; } });
  });
  describeScreenPaths<Cut, Customer, Run>({
    model: contractPaths, server: () => server, notDrivable, customerFor, cutOf,
    newRun: () => ({ user: userEvent.setup(), cuts: new Set(), went: [], customer: null }),
    cutByActor: { loadContracts: 'load', checkSigner: 'check', acceptTerms: 'terms', openFollowUp: 'followUp' },
    render: (c, fetch, run) => {
      run.customer = c;
      const api = createApi({ fetch, origin: 'http://portal.test', getToken: () => c.token });
      return <ContractFlow getApi={() => Promise.resolve(api)} onGo={(p) => { run.went.push(p); }} />;
    },
    step, shows,
  });
});
