// @vitest-environment happy-dom
// Vite rewrites `new URL(rel, import.meta.url)` of the server modules against the page's location in a
// DOM environment: a file: page URL keeps them on disk.
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '../../../src/web/app/App';
import { BotCheckProvider } from '../../../src/web/features/auth/parts/BotCheck/BotCheck';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../support/server';
import { call, lastCode, newPhone, personalSignUp, requestCode } from '../../support/flows';
import { fixture } from '../../support/uploads';
import { messages as m } from '../../../src/shared/messages';
import { processDriver, toTechnicalVisit } from '../../paths/serverProcess';

/**
 * The signed-in frame (spec §2 side navigation and header bell) around the real screens, its calls
 * served in process by the Hono app: the menu's reveal and reload after a bill is sent and
 * analysed, the notification bell, logout failure, the FAQ on the phone drawer.
 */

// the server's PDF reader runs in this process: start its thread by path (see ../screens/bill/pdfReaderShim.ts)
vi.mock('../../../src/server/engines/bill-reader/extractText', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/server/engines/bill-reader/extractText')>();
  const { extractPdfTextFromDisk } = await import('../features/bill/pdfReaderShim');
  return { ...original, extractPdfText: extractPdfTextFromDisk };
});

configure({ asyncUtilTimeout: 12_000 });

let server: TestServer;
let staffToken: string;
/** Decides how the App's calls are answered; the server's by default. */
let answer: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> | null = () => null;
const appFetch = ((input: RequestInfo | URL, init?: RequestInit) => answer(input, init) ?? server.fetch(input, init)) as typeof fetch;

beforeAll(async () => {
  // the queue runs only when a test says so: the bill stays in analysis until then
  server = await createTestServer({ autoDrain: false });
  staffToken = (await createStaff(server.db, server.clock, 'Rita Teste', `shell.${process.pid}@empresa.com.br`)).token;
});
afterAll(async () => { await server?.close(); });
beforeEach(() => { localStorage.clear(); answer = () => null; });
afterEach(() => { cleanup(); });

async function signedUpCustomer(): Promise<{ id: number; token: string; phone: string }> {
  const phone = newPhone();
  await requestCode(server, phone, { type: 'SIGN_UP' });
  await server.drainQueue();
  const confirm = await call(server, 'POST', '/portal/confirm-number', { phone, code: await lastCode(server, phone) });
  const created = await call(server, 'POST', '/portal/customers', personalSignUp(phone, String(confirm.body.phone_proof)));
  const token = String(created.body.access_token);
  const me = await call(server, 'GET', '/portal/customers', undefined, { token });
  await server.drainQueue();
  return { id: Number(me.body.id), token, phone };
}

/** The App as a returning customer opens it (stored session), at `url`. */
async function openPortal(customer: { token: string; phone: string }, url = '/pt/bill') {
  localStorage.setItem('portal:session', JSON.stringify({ auth: { token: customer.token, signed: true, phone: customer.phone }, user: null, schedule: null }));
  const history = createMemoryHistory({ initialEntries: [url] });
  render(
    <BotCheckProvider stub={{ payload: await server.solveBotCheck() }}>
      <App history={history} fetch={appFetch} origin="http://portal.test" />
    </BotCheckProvider>,
  );
  await screen.findByRole('heading', { name: 'Conta de luz', level: 1 });
  return history;
}

/** The first (sidebar) navigation; the drawer holds a second one on phones. */
const sidebar = () => screen.getAllByRole('navigation', { name: 'Etapas da sua jornada' })[0]!;
const billItem = () => within(sidebar()).getByRole('link', { name: /Conta de luz/ });

describe('signed-in frame: side navigation', () => {
  it('reveals the list a second after the menu loads, hides it while the bill is analysed and shows it again with the outcome', async () => {
    const user = userEvent.setup();
    const customer = await signedUpCustomer();
    await openPortal(customer);
    // the bill step is NOT_DONE: the list opens one second after the menu loaded
    await waitFor(() => expect(billItem().getAttribute('aria-disabled')).toBeNull());
    expect(billItem().textContent).toContain('(conta não enviada)');
    expect(within(sidebar()).getByRole('link', { name: 'Proposta inicial' }).getAttribute('aria-disabled')).toBe('true');

    await user.click(await screen.findByRole('radio', { name: 'Sim' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([Buffer.from(fixture('cemig-clean-residential.pdf'))], 'cemig-clean-residential.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    const dialog = await screen.findByRole('dialog', { name: m['bill.sent.title'] });

    // right after the upload the menu reloads: the bill is in analysis and the list waits for it
    await waitFor(() => expect(billItem().textContent).toContain('(conta em análise)'));
    expect(billItem().getAttribute('aria-disabled')).toBeNull();
    expect(within(sidebar()).getByText(m['menu.waitingForBill'])).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: m['bill.sent.ok'] }));

    // the virtual assistant reads the bill; the page's next poll sees the outcome and the menu reloads
    await server.drainQueue();
    expect(await screen.findByText(m['bill.outcome.approved'], { selector: 'h2' })).toBeTruthy();
    await waitFor(() => expect(billItem().textContent).toContain('(conta aprovada)'));
    expect(within(sidebar()).queryByText(m['menu.waitingForBill'])).toBeNull();
    await waitFor(() => expect(within(sidebar()).getByRole('link', { name: 'Proposta inicial' }).getAttribute('aria-disabled')).toBeNull());

    // the bell asked for its list again with the menu: the outcome's notification is there
    const bell = await screen.findByRole('button', { name: /^Notificações, \d+ não lidas?$/ });
    const unreadBefore = Number(/(\d+)/.exec(bell.getAttribute('aria-label')!)![1]);
    // the arrival is said to screen readers once
    expect(screen.getByText(unreadBefore === 1 ? 'Você tem 1 notificação não lida.' : `Você tem ${unreadBefore} notificações não lidas.`).getAttribute('role')).toBe('status');
    await user.click(bell);
    const list = await screen.findByRole('dialog', { name: 'Notificações' });
    const item = within(list).getByRole('button', { name: /Sua conta de luz foi aprovada!/ });
    expect(item.textContent).toContain('Não lida');
    await user.click(item);
    expect(item.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(list).getByRole('button', { name: 'Fechar' }));

    // closing it marks it READ on the server; the badge drops at once
    await waitFor(() => expect(screen.getByRole('button', { name: /^Notificações, / }).getAttribute('aria-label'))
      .toBe(unreadBefore - 1 === 0 ? 'Notificações, nenhuma não lida' : unreadBefore - 1 === 1 ? 'Notificações, 1 não lida' : `Notificações, ${unreadBefore - 1} não lidas`));
    const stored = await call(server, 'GET', '/portal/notifications', undefined, { token: customer.token });
    const approved = (stored.body.data as { message: string; status: string }[]).find((n) => n.message === 'Sua conta de luz foi aprovada!');
    expect(approved?.status).toBe('READ');
    await waitFor(() => expect(within(list).getByRole('button', { name: /Sua conta de luz foi aprovada!/ }).textContent).not.toContain('Não lida'));
  }, 60_000);

  it('each private page names itself in the document title; logging out gives the title back', async () => {
    const user = userEvent.setup();
    document.title = 'Portal Sol de Casa';
    const customer = await signedUpCustomer();
    await openPortal(customer);
    await waitFor(() => expect(document.title).toBe('Conta de luz | Sol de Casa'));
    await user.click(screen.getAllByRole('link', { name: 'Meu perfil' })[0]!);
    await screen.findByRole('heading', { name: 'Meu perfil', level: 1 });
    await waitFor(() => expect(document.title).toBe('Meu perfil | Sol de Casa'));
    await user.click(screen.getAllByRole('button', { name: 'Sair' })[0]!);
    await waitFor(() => expect(document.title).toBe('Portal Sol de Casa'));
  }, 30_000);

  it("a failed logout says 'Não foi possível fazer logout' and keeps the customer on the page", async () => {
    const user = userEvent.setup();
    const customer = await signedUpCustomer();
    const history = await openPortal(customer);
    answer = (input, init) => (String(input instanceof Request ? input.url : input).endsWith('/portal/logout') && (init?.method ?? (input as Request).method) === 'POST'
      ? Promise.resolve(new Response(JSON.stringify({ code: 9999, message: 'boom' }), { status: 500, headers: { 'Content-Type': 'application/json' } }))
      : null);
    await user.click(screen.getAllByRole('button', { name: 'Sair' })[0]!);
    expect(await screen.findByText(m['common.logout.error'])).toBeTruthy();
    expect(history.location.pathname).toBe('/pt/bill');
    expect(screen.getByRole('heading', { name: 'Conta de luz', level: 1 })).toBeTruthy();
    expect(localStorage.getItem('portal:session')).not.toBeNull();
  }, 30_000);

  it('while a logout runs the page stays mounted, so a failed logout gives back the visit form with what was typed', async () => {
    const user = userEvent.setup();
    const customer = await signedUpCustomer();
    await processDriver(server, staffToken).move(customer, toTechnicalVisit);
    localStorage.setItem('portal:session', JSON.stringify({ auth: { token: customer.token, signed: true, phone: customer.phone }, user: null, schedule: null }));
    render(
      <BotCheckProvider stub={{ payload: await server.solveBotCheck() }}>
        <App history={createMemoryHistory({ initialEntries: ['/pt/technical-visit'] })} fetch={appFetch} origin="http://portal.test" />
      </BotCheckProvider>,
    );
    const number = await screen.findByRole('textbox', { name: /^Número/ });
    await user.type(number, '1578');
    let failLogout: () => void = () => {};
    answer = (input, init) => (String(input instanceof Request ? input.url : input).endsWith('/portal/logout') && (init?.method ?? (input as Request).method) === 'POST'
      ? new Promise<Response>((resolve) => { failLogout = () => resolve(new Response(JSON.stringify({ code: 9999, message: 'boom' }), { status: 500, headers: { 'Content-Type': 'application/json' } })); })
      : null);
    await user.click(screen.getAllByRole('button', { name: 'Sair' })[0]!);
    // the logout is running: the page being left stays (the bill page used to flash in and the form was remounted empty)
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Sair' })[0]!.hasAttribute('data-disabled')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Conta de luz', level: 1 })).toBeNull();
    failLogout();
    expect(await screen.findByText(m['common.logout.error'])).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Número/ }) as HTMLInputElement).value).toBe('1578');
  }, 30_000);
});

describe('signed-in frame: notification bell', () => {
  it("a notification that cannot be marked read says 'Erro ao ler notificação' and stays unread", async () => {
    const user = userEvent.setup();
    const customer = await signedUpCustomer();
    const sent = await call(server, 'POST', `/admin/customers/${customer.id}/notifications`, { message: 'Olá! Temos novidades sobre o seu projeto.' }, { token: staffToken });
    expect(sent.status).toBeLessThan(300);
    await openPortal(customer);
    const bell = await screen.findByRole('button', { name: 'Notificações, 1 não lida' });
    expect(within(bell).getByText('1')).toBeTruthy();
    answer = (input, init) => ((init?.method ?? (input instanceof Request ? input.method : 'GET')) === 'PATCH'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : null);
    await user.click(bell);
    const list = await screen.findByRole('dialog', { name: 'Notificações' });
    await user.click(within(list).getByRole('button', { name: /Temos novidades/ }));
    // closing the list with the notification open closes the notification too
    await user.keyboard('{Escape}');
    expect(await screen.findByText(m['notifications.read.error'])).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notificações, 1 não lida' })).toBeTruthy();
    const stored = await call(server, 'GET', '/portal/notifications', undefined, { token: customer.token });
    expect((stored.body.data as { status: string }[])[0]?.status).toBe('UNREAD');
  }, 30_000);

  it("a list that cannot load says so; 'Tentar novamente' loads it and the keyboard stays in the list", async () => {
    const user = userEvent.setup();
    const customer = await signedUpCustomer();
    await call(server, 'POST', `/admin/customers/${customer.id}/notifications`, { message: 'Sua visita foi confirmada.' }, { token: staffToken });
    answer = (input) => (String(input instanceof Request ? input.url : input).endsWith('/portal/notifications') ? Promise.reject(new TypeError('Failed to fetch')) : null);
    await openPortal(customer);
    await user.click(await screen.findByRole('button', { name: 'Notificações' }));
    const list = await screen.findByRole('dialog', { name: 'Notificações' });
    expect((await within(list).findByRole('alert')).textContent).toBe(m['notifications.load.error']);
    answer = () => null;
    await user.click(within(list).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(list).findByRole('button', { name: /Sua visita foi confirmada/ })).toBeTruthy();
    await waitFor(() => expect(list.contains(document.activeElement)).toBe(true));
    await user.tab();
    expect(document.activeElement?.textContent).toMatch(/Sua visita foi confirmada/);
  }, 30_000);

  it('an empty list says so', async () => {
    const user = userEvent.setup();
    const customer = await signedUpCustomer();
    await openPortal(customer);
    await user.click(await screen.findByRole('button', { name: 'Notificações, nenhuma não lida' }));
    const list = await screen.findByRole('dialog', { name: 'Notificações' });
    expect(within(list).getByText(m['notifications.empty'])).toBeTruthy();
  }, 30_000);
});

describe('signed-in frame: FAQ', () => {
  it('the drawer has the FAQ: the search filters questions by title, each answer opens', async () => {
    const user = userEvent.setup();
    const customer = await signedUpCustomer();
    await openPortal(customer);
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Perguntas frequentes' }));
    const faq = await screen.findByRole('dialog', { name: m['faq.title'] });
    const search = within(faq).getByRole('searchbox', { name: 'Buscar pergunta' });
    expect(search.getAttribute('placeholder')).toBe(m['faq.search.placeholder']);
    await user.type(search, 'VISITA');
    const question = within(faq).getByRole('button', { name: 'A visita técnica tem custo?' });
    expect(within(faq).getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toEqual(['A visita técnica tem custo?']);
    await user.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(within(faq).getByText(/A visita técnica é gratuita/)).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'xyz');
    expect(within(faq).getByText(m['faq.empty'])).toBeTruthy();
  }, 30_000);
});
