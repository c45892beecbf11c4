// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import type { AnyMachineSnapshot } from 'xstate';
import { App } from '../../src/web/app/App';
import { BotCheckProvider } from '../../src/web/features/auth/parts/BotCheck/BotCheck';
import { createStaff } from '../../src/server/staff/service';
import type { ProcessEvent } from '../../machines/process/processMachine';
import { createTestServer, type TestServer } from '../support/server';
import { call, lastCode, newPhone, signUpNewCustomer } from '../support/flows';
import { formatEvent, formatFailure, generatePaths, type TestPath } from './engine';
import { processDriver, toOffer, toTechnicalVisit, type ServerCustomer } from './serverProcess';
import { journeyPaths } from './journey.paths';

/**
 * The journey machine's shortest paths against the real App: rendered in happy-dom, its API calls
 * served in process by the Hono app on PGlite. The customer a path loads is a real one, made
 * through the API and moved to the sample's step through the customer and staff endpoints (the
 * company at its plan choice, the lending customer at the purchase contract...). URLs are pushed
 * into the router's history, sign-in is typed as a person does, and after every step the URL must
 * be the one the machine's state stands for. Paths with a step the screens cannot produce against
 * this server are listed as skipped with the reason.
 */

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
/** While set, every call of the App fails as with no network (for the `offline` samples). */
let offline = false;
const appFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  (offline ? Promise.reject(new TypeError('Failed to fetch')) : server.fetch(input, init))) as typeof fetch;
let driver: ReturnType<typeof processDriver>;
beforeAll(async () => {
  server = await createTestServer();
  const staffToken = (await createStaff(server.db, server.clock, 'Rita Teste', `journey.${process.pid}@empresa.com.br`)).token;
  driver = processDriver(server, staffToken);
});
afterAll(async () => { await server?.close(); });
beforeEach(() => { localStorage.clear(); offline = false; });
afterEach(() => { cleanup(); });

const label = (path: TestPath, i: number) => formatEvent(path.steps[i]!.event);
const labels = (path: TestPath) => path.steps.map((_, i) => label(path, i));

/** How each customer sample of the journey's model is made on the server: sign-up kind and process events. */
const customerSamples: Record<string, { kind: 'personal' | 'business'; events: ProcessEvent[] }> = {
  subscriptionCustomer: { kind: 'personal', events: [] },
  awaitingInitialProposal: { kind: 'personal', events: toTechnicalVisit.slice(0, 3) },
  bookingVisit: { kind: 'personal', events: toTechnicalVisit },
  companyCustomer: { kind: 'business', events: toOffer },
  atPlanCheckout: { kind: 'personal', events: [...toOffer, { type: 'plan.signed' }] },
  signingContract: { kind: 'personal', events: [...toOffer, { type: 'plan.signed' }, { type: 'checkout.completed' }] },
  lendingContract: { kind: 'personal', events: [...toOffer, { type: 'proposal.finalApproved', paymentType: 'FINANCING' }] },
  projectStatusCustomer: {
    kind: 'personal',
    events: [...toOffer, { type: 'plan.signed' }, { type: 'checkout.completed' }, { type: 'contract.signed' }, { type: 'installation.completed' }],
  },
};

/** The customer the path loads: the first `loadCustomer resolves (sample)`; a new subscription customer by default. */
const loadedSample = (path: TestPath) =>
  /^loadCustomer resolves \((\w+)\)/.exec(labels(path).find((l) => l.startsWith('loadCustomer resolves')) ?? '')?.[1] ?? 'subscriptionCustomer';

/** Why a path cannot be driven through the screens here, or null when it can. */
function notDrivable(path: TestPath): string | null {
  const all = labels(path);
  const sampleName = loadedSample(path);
  if (!customerSamples[sampleName]) {
    return `the server cannot make the ${sampleName} sample (every process starts as a subscription one; lending is reached at the final proposal's contract)`;
  }
  if (all.some((l) => l.startsWith('menu.reload'))) return 'menu.reload is sent by a screen after an action that changes the process (covered by test/web/app/shell.test.tsx)';
  if (all.includes('notice.dismiss')) return 'notice.dismiss is sent by the toast once a notice shows (no notice here)';
  if (all.some((l) => l.startsWith('authFlow resolves (newCustomerRegistered)'))) return 'fills the registration form (covered by test/web/app/journey.test.tsx)';
  if (all.some((l) => l.startsWith('session.expired'))) return 'needs a call answered 401 while a screen is open (the app sends session.expired from its API client)';
  if (all.filter((l) => l.startsWith('loadCustomer fails')).length > 1) return 'needs the token from a fresh sign-in revoked before the profile loads';
  const logout = all.indexOf('logout');
  if (logout >= 0 && !/^logout (resolves|fails)/.test(all[logout + 1] ?? '')) return 'acts while the logout is in flight (too quick to time through the screens)';
  return null;
}

interface Run { user: ReturnType<typeof userEvent.setup>; history: RouterHistory; customer: ServerCustomer; freshBotCheck: () => Promise<void> }

async function makeCustomer(sampleName: string): Promise<ServerCustomer> {
  const made = customerSamples[sampleName]!;
  const signedUp = await signUpNewCustomer(server, newPhone(), made.kind);
  const me = await call(server, 'GET', '/portal/customers', undefined, { token: signedUp.token });
  const customer = { id: Number(me.body.id), token: signedUp.token, phone: signedUp.phone };
  await driver.move(customer, made.events);
  server.clock.advance(31_000); // past the sign-up code's resend cooldown
  return customer;
}

async function typePhone(run: Run, phone: string) {
  const cell = await screen.findByLabelText('Celular');
  await run.user.clear(cell);
  await run.user.type(cell, phone.slice(2));
  await run.user.click(screen.getByRole('button', { name: 'Receber código por SMS' }));
  await screen.findByRole('heading', { name: 'Digite o código' });
}

async function typeCode(run: Run, phone: string) {
  const code = await waitFor(() => lastCode(server, phone));
  await run.user.click(await screen.findByLabelText('Dígito 1 de 6'));
  await run.user.keyboard(code);
}

async function step(run: Run, path: TestPath, i: number): Promise<void> {
  const text = label(path, i);
  const { user, history } = run;
  const flow = history.location.pathname.includes('sign-up') ? 'SIGN_UP' : 'SIGN_IN';
  if (text.startsWith('route.changed')) {
    const to = /\(URL (\S+)\)/.exec(text)?.[1] ?? '/';
    // the first route of a returning customer is the URL the page was opened at
    if (i === 0 && path.input.sample !== 'visitor') return;
    history.push(to === '/' ? '/pt' : `/pt${to}`);
  } else if (text === 'authFlow shows (codeStep)') {
    await typePhone(run, newPhone());
  } else if (text === 'authFlow shows (registrationForm)') {
    const phone = newPhone();
    await typePhone(run, phone);
    await typeCode(run, phone);
    if (flow === 'SIGN_IN') await user.click(await screen.findByRole('button', { name: 'Cadastrar este número' }));
  } else if (text === 'authFlow resolves (existingCustomerSignedIn)') {
    await run.freshBotCheck();
    await typePhone(run, run.customer.phone);
    await typeCode(run, run.customer.phone);
  } else if (text === 'code.back') {
    await user.click(await screen.findByRole('button', { name: 'Voltar' }));
  } else if (text === 'logout') {
    if (label(path, i + 1).startsWith('logout fails (unauthorized)')) {
      // the token was revoked elsewhere: the server answers the logout with 401
      await call(server, 'POST', '/portal/logout', undefined, { token: currentToken() });
    }
    const sair = (await screen.findAllByRole('button', { name: /Sair/ }))[0]!;
    offline = label(path, i + 1) === 'logout fails (offline)';
    await user.click(sair);
  }
  // actor outcomes come from the server; the phone step shows by itself; the countdown runs in real time
}

const currentToken = () => (JSON.parse(localStorage.getItem('portal:session') ?? '{}') as { auth?: { token?: string } }).auth?.token ?? '';

/** The URL a state stands for: the `meta.path` of its deepest state with one; none while loading. */
function urlOf(state: AnyMachineSnapshot): string | null {
  const entries = Object.entries(state.getMeta() as Record<string, { path?: string } | undefined>)
    .filter(([, meta]) => meta?.path !== undefined)
    .sort(([a], [b]) => b.split('.').length - a.split('.').length);
  const path = entries[0]?.[1]?.path;
  return path === undefined ? null : path === '/' ? '/pt' : `/pt${path}`;
}

async function shows(run: Run, path: TestPath, i: number): Promise<void> {
  const state = path.steps[i]!.state;
  const url = urlOf(state);
  if (url === null) return;
  const countdown = label(path, i).startsWith('after ');
  await waitFor(() => {
    if (run.history.location.pathname !== url) throw new Error(`URL ${run.history.location.pathname}, not ${url}`);
    if (state.matches({ signIn: 'phone' }) || state.matches({ signUp: 'phone' })) screen.getByLabelText('Celular');
    if (state.matches({ signIn: 'code' }) || state.matches({ signUp: 'code' })) screen.getByRole('heading', { name: 'Digite o código' });
    if (state.matches({ signUp: 'createAccount' })) screen.getByRole('button', { name: 'Cadastrar' });
    if (state.matches('thankYou')) screen.getByRole('heading', { name: 'Obrigado pelo cadastro!' });
    if (state.matches('signedIn')) screen.getAllByRole('button', { name: /Sair/ });
  }, countdown ? { timeout: 6_000 } : undefined);
}

const screenText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 1200);

const { paths } = generatePaths(journeyPaths);

describe('journey paths through the screens (happy-dom, API in process on PGlite)', () => {
  for (const path of paths.filter((p) => p.kind === 'shortest')) {
    const reason = notDrivable(path);
    const title = `#${path.index} ${path.title}`;
    if (reason) {
      it.skip(`${title} — not driven through the screens: ${reason}`, () => {});
      continue;
    }
    it(title, async () => {
      const customer = await makeCustomer(loadedSample(path));
      const all = labels(path);
      let url = '/pt';
      if (path.input.sample !== 'visitor') {
        // a returning customer: the session stored by an earlier visit, revoked when the path says so
        localStorage.setItem('portal:session', JSON.stringify({ auth: { token: customer.token, signed: true, phone: customer.phone }, user: null, schedule: null }));
        if (path.input.sample === 'justRegisteredBeforeReload') localStorage.setItem('showThankYou', 'true');
        if (all.find((l) => l.startsWith('loadCustomer'))?.startsWith('loadCustomer fails (unauthorized)')) {
          await call(server, 'POST', '/portal/logout', undefined, { token: customer.token });
        }
        const first = /^route\.changed \(URL (\S+)\)/.exec(all[0] ?? '')?.[1];
        if (first) url = first === '/' ? '/pt' : `/pt${first}`;
      }
      offline = all[0] === 'loadCustomer fails (offline)';
      const history = createMemoryHistory({ initialEntries: [url] });
      const tree = (payload: string) => (
        <BotCheckProvider stub={{ payload }}>
          <App history={history} fetch={appFetch} origin="http://portal.test" />
        </BotCheckProvider>
      );
      const { rerender } = render(tree(await server.solveBotCheck()));
      const run: Run = {
        user: userEvent.setup({ delay: null }), history, customer,
        freshBotCheck: async () => { rerender(tree(await server.solveBotCheck())); },
      };
      // the first render loads the lazy screens through Vite's transform: slow on a busy machine
      await waitFor(() => { if (!document.body.textContent?.trim()) throw new Error('nothing rendered'); }, { timeout: 30_000 });
      for (const [i] of path.steps.entries()) {
        try {
          await step(run, path, i);
          await shows(run, path, i);
          // the call the path says failed offline has failed and the screen shows it: the network is back
          if (label(path, i).endsWith('fails (offline)')) offline = false;
        } catch (error) {
          throw new Error(formatFailure(path, i, error instanceof Error ? error.message.split('\n')[0]! : String(error), screenText()), { cause: error });
        }
      }
    }, 60_000);
  }
});
