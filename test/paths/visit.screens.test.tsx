// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { SimulatedClock } from 'xstate';
import userEvent from '@testing-library/user-event';
import { VisitFlow } from '../../src/web/features/visit/VisitScreen';
import { createApi } from '../../src/web/api/client';
import { queues } from '../../src/web/ui/Toast/toastQueue';
import { brasilApiCep, createCepLookup, viaCep } from '../../src/server/providers/cep/index';
import { createStaff } from '../../src/server/staff/service';
import { VISIT_STATUS_LABEL, type Visit } from '#shared/visit/payloads';
import { messages as m } from '../../src/shared/messages';
import { formatEvent, formatFailure, generatePaths, type TestPath } from './engine';
import { createTestServer, testClock, type TestServer } from '../support/server';
import { call, signUpNewCustomer } from '../support/flows';
import { KNOWN_CEPS, startFakeCepServer, type FakeCepServer } from '../support/viacep';
import { processDriver, toTechnicalVisit, type ServerCustomer } from './serverProcess';
import { visitPaths } from './visit.paths';

/**
 * The visit machine's shortest paths against the real page: VisitFlow rendered in happy-dom, its
 * calls served in process by the Hono app on PGlite, the CEP lookup answered by a local server that
 * speaks ViaCEP's protocol. Each sample becomes a real customer (a visit booked, confirmed or done
 * through the endpoints), each event is done as a person does it, each actor outcome is produced by
 * the server (an unknown CEP, a provider down, a day staff block meanwhile, the 24 hours run out),
 * and after every step the page must show what the state stands for. The clock is the path model's:
 * Monday 23 November 2026, 10:00 in São Paulo.
 */
configure({ asyncUtilTimeout: 10_000 });
const MONDAY_10H_SP = new Date('2026-11-23T13:00:00Z');

let server: TestServer;
let driver: ReturnType<typeof processDriver>;
let cep: FakeCepServer;
const addresses = { ...KNOWN_CEPS };
beforeAll(async () => {
  server = await createTestServer({ clock: testClock(MONDAY_10H_SP) });
  cep = await startFakeCepServer(addresses);
  server.deps.cep = createCepLookup({ providers: [viaCep({ baseUrl: cep.url }), brasilApiCep({ baseUrl: cep.url })], timeoutMs: 5000, ttlMs: 0, clock: server.clock });
  driver = processDriver(server, (await createStaff(server.db, server.clock, 'Rui', `rui.visit.${process.pid}@empresa.com.br`)).token);
});
afterAll(async () => { await server?.close(); await cep?.close(); });
beforeEach(() => {
  server.clock.set(MONDAY_10H_SP);
  cep.mode = 'ok';
  Object.assign(addresses, KNOWN_CEPS);
});
afterEach(() => { cleanup(); for (const q of Object.values(queues)) q.clear(); });

type User = ReturnType<typeof userEvent.setup>;
interface Run { user: User; c: ServerCustomer; net: { offline: boolean; failReadsAfterWrite: boolean }; timers: SimulatedClock }
const label = (path: TestPath, i: number) => formatEvent(path.steps[i]!.event);
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const day = (n: number) => screen.getByRole('button', { name: new RegExp(`\\b${n} de novembro de 2026`) });
const toasts = () => Object.values(queues).flatMap((q) => q.visibleToasts.map((t) => t.content.message));
const address = { phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

/** Why a path cannot be driven through the page here, or null when it can (every path can, today). */
function notDrivable(_path: TestPath): string | null {
  return null;
}

/** The customer the first step's sample stands for, made through the real endpoints. */
async function customerFor(sample: string): Promise<ServerCustomer> {
  const signed = await signUpNewCustomer(server);
  const me = await call(server, 'GET', '/portal/customers', undefined, { token: signed.token });
  const c = { id: Number(me.body.id), token: signed.token, phone: signed.phone };
  await driver.move(c, toTechnicalVisit);
  const book = (date: string, time: string) => call(server, 'POST', '/portal/customers/scheduling', { ...address, date, time }, { token: c.token });
  if (sample.includes('requestedWednesday') || sample.includes('(confirmed)') || sample.includes('accomplishedAndApproved')) await book('2026-11-25', '10:00');
  if (sample.includes('requestedTomorrowMorning')) await book('2026-11-24', '09:00');
  if (sample.includes('(confirmed)') || sample.includes('accomplishedAndApproved')) await driver.staff('PUT', `/customers/${c.id}/visit`, { status: 'CONFIRMED_SCHEDULE' });
  if (sample.includes('accomplishedAndApproved')) await driver.staff('PUT', `/customers/${c.id}/visit`, { status: 'ACCOMPLISHED_AND_APPROVED', early: true }); // before the booked time
  if (sample.includes('stepPendingWithoutVisit')) await driver.move(c, [{ type: 'visit.requested' }]);
  return c;
}

/** Prepares the server for the outcome the next step says, then does the step as a person does. */
async function step(run: Run, path: TestPath, i: number): Promise<void> {
  const text = label(path, i);
  const next = path.steps[i + 1] ? label(path, i + 1) : '';
  const { user } = run;
  if (next.startsWith('lookupCep')) {
    if (next.includes('notFound')) delete (addresses as Record<string, unknown>)['01310100'];
    if (next.includes('townWide')) addresses['01310100'] = { logradouro: '', bairro: '', localidade: 'Guaxupé', uf: 'MG' };
    if (next.includes('unavailable')) cep.mode = 'down';
  }
  if (next.startsWith('submitVisit fails (dayTaken)')) await driver.staff('PUT', '/config-calendar/2026-11-24', { reason: 'Equipe em treinamento' });
  if (next.startsWith('submitVisit fails (offline)')) run.net.offline = true;
  if (next.startsWith('submitVisit resolves') && path.steps[i + 2] && label(path, i + 2).startsWith('loadVisitPage fails')) run.net.failReadsAfterWrite = true;
  if (next.startsWith('cancelVisit fails (tooClose)')) server.clock.set(new Date('2026-11-24T13:30:00Z')); // the visit is now 23.5 hours away

  if (text.startsWith('field.change (fullCep)')) { await user.clear(field('CEP')); await user.type(field('CEP'), '01310100'); }
  else if (text.startsWith('field.change (halfCep)')) { await user.clear(field('CEP')); await user.type(field('CEP'), '0131'); }
  else if (text.startsWith('field.change (houseNumber)')) await user.type(field('Número'), '1000');
  else if (text.startsWith('field.change (typedStreet)')) await user.type(field('Endereço'), 'Rua das Flores');
  else if (text.startsWith('field.change (zeroAreaCode)')) { await user.clear(field('Telefone')); await user.type(field('Telefone'), '01'); }
  else if (text.startsWith('field.blur (leftPhone)')) { await user.click(field('Telefone')); await user.tab(); }
  else if (text.startsWith('day.select (tuesday)')) await user.click(day(24));
  else if (text.startsWith('day.select (sunday)')) await user.click(day(29)); // unavailable: the calendar does not take it
  else if (text.startsWith('time.select')) await user.click(screen.getByRole('radio', { name: '09:00' }));
  else if (text === 'visit.submit') await user.click(screen.getByRole('button', { name: submitLabel() }));
  else if (text === 'visit.cancel') await user.click(screen.getByRole('button', { name: 'Cancelar visita' }));
  else if (text === 'visit.reschedule') await user.click(screen.getByRole('button', { name: 'Reagendar visita' }));
  else if (text === 'change.confirm') await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /Cancelar visita|Escolher novo dia/ }));
  else if (text === 'change.dismiss') await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Voltar' }));
  else if (text === 'reschedule.abort') await user.click(screen.getByRole('button', { name: 'Manter a visita atual' }));
  else if (text === 'next.press') await user.click(screen.getByRole('button', { name: m['visit.next'] }));
  else if (text === 'back.press') await user.click(within(screen.getByRole('navigation', { name: 'Etapas' })).getByRole('button', { name: m['visit.back'] }));
  else if (text.startsWith('after cepMessageDuration')) {
    // the spec's 10 s on the machine's clock: the message stays to the last millisecond, then goes
    // (shows() checks that what was typed stays)
    const cepMessage = () => screen.queryByText(m['cep.notFound']) ?? screen.queryByText(m['cep.unavailable']);
    act(() => run.timers.increment(9_999));
    if (!cepMessage()) throw new Error('the CEP message went before its 10 s');
    act(() => run.timers.increment(1));
    if (cepMessage()) throw new Error('the CEP message is still shown after 10 s');
  } else if (text === 'page.retry') { run.net.offline = false; await user.click(screen.getByRole('button', { name: 'Tentar novamente' })); }
  // actor outcomes come from the server as prepared above
}

/** The submit button's name: the page's form says which (booking or rescheduling). */
const submitLabel = () => (screen.queryByRole('button', { name: m['visit.reschedule.submit'] }) ? m['visit.reschedule.submit'] : m['visit.submit']);

/** What the page shows for the machine's state after step `i`. */
async function shows(path: TestPath, i: number): Promise<void> {
  const state = path.steps[i]!.state;
  const text = label(path, i);
  const context = state.context as { data: { visit: Visit | null } | null; dayAndTimeError: string | null; locked: string[] };
  await waitFor(() => {
    if (state.matches('loading') || state.matches('submitting') || state.matches('booked') || state.matches({ details: 'cancelling' }) || state.matches({ form: 'lookingUp' })) return;
    if (state.matches('loadFailed')) screen.getByText(m['visit.load.error']);
    else if (state.matches('form')) {
      // 'Agende sem custo', or 'Confirmar novo horário' while rescheduling
      screen.getByRole('button', { name: (state.context as { mode: string }).mode === 'reschedule' ? m['visit.reschedule.submit'] : m['visit.submit'] });
      if (state.matches({ form: 'cepNotFound' })) screen.getByText(m['cep.notFound']);
      if (state.matches({ form: 'cepFailed' })) screen.getByText(m['cep.unavailable']);
      if (state.matches({ form: 'idle' }) && (screen.queryByText(m['cep.notFound']) || screen.queryByText(m['cep.unavailable']))) throw new Error('a CEP message outside its 10 s');
      if (context.dayAndTimeError) screen.getByText(m['visit.dayAndTime.required']);
      const phoneError = (state.context as { fieldErrors: { phone?: keyof typeof m } }).fieldErrors.phone;
      if (phoneError) screen.getByText(m[phoneError]);
      if (context.locked.includes('address') && !field('Endereço').readOnly) throw new Error('Endereço is not read-only after the lookup');
      if (text.startsWith('lookupCep resolves (paulista)') && field('Endereço').value !== 'Avenida Paulista') throw new Error('Endereço not filled by the lookup');
      if (text.startsWith('submitVisit fails (dayTaken)') && !toasts().includes(m['visit.dateUnavailable'])) throw new Error('no toast for the refused day');
      if (text.startsWith('cancelVisit resolves') && !toasts().includes(m['visit.cancelled'])) throw new Error('no toast for the cancel');
    } else if (state.matches('details')) {
      const visit = context.data?.visit;
      if (visit) screen.getAllByText(VISIT_STATUS_LABEL[visit.status]);
      if (state.matches({ details: 'confirmingCancel' }) || state.matches({ details: 'confirmingReschedule' })) screen.getByRole('alertdialog');
      if (state.matches({ details: 'viewing' }) && screen.queryByRole('alertdialog')) throw new Error('the confirmation is still open');
      if (text.startsWith('cancelVisit fails (tooClose)') && !toasts().includes(m['visit.tooClose'])) throw new Error('no toast with the spec message');
    }
  });
}

const screenText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 1200);
const { paths } = generatePaths(visitPaths);

describe('visit paths through the page (happy-dom, API in process on PGlite, ViaCEP-protocol server)', () => {
  for (const path of paths.filter((p) => p.kind === 'shortest')) {
    const reason = notDrivable(path);
    const title = `#${path.index} ${path.title}`;
    if (reason) {
      it.skip(`${title} — not driven through the page: ${reason}`, () => {});
      continue;
    }
    it(title, async () => {
      const first = label(path, 0);
      const c = await customerFor(first.startsWith('loadVisitPage fails') ? 'readyToBook' : first);
      const net = { offline: first.startsWith('loadVisitPage fails'), failReadsAfterWrite: false };
      let wrote = false;
      const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = (input instanceof Request ? input.method : init?.method ?? 'GET').toUpperCase();
        if (net.offline || (net.failReadsAfterWrite && wrote && method === 'GET')) throw new TypeError('Failed to fetch');
        if (method !== 'GET') wrote = true;
        return server.fetch(input, init);
      }) as typeof globalThis.fetch;
      const api = createApi({ fetch, origin: 'http://portal.test', getToken: () => c.token });
      const timers = new SimulatedClock();
      render(<VisitFlow getApi={() => Promise.resolve(api)} now={() => server.clock.now()} timers={timers} onMenuChanged={() => {}} onNavigate={() => {}} />);
      await screen.findByRole('heading', { level: 1, name: 'Visita técnica' }, { timeout: 30_000 });
      const run: Run = { user: userEvent.setup(), c, net, timers };
      for (const [i] of path.steps.entries()) {
        try {
          await step(run, path, i);
          await shows(path, i);
        } catch (error) {
          throw new Error(formatFailure(path, i, error instanceof Error ? error.message.split('\n')[0]! : String(error), screenText()), { cause: error });
        }
      }
      await driver.staff('DELETE', '/config-calendar/2026-11-24');
    }, 60_000);
  }
});
