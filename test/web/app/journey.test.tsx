// @vitest-environment happy-dom
// Vite rewrites `new URL(rel, import.meta.url)` of the server modules against the page's location in a
// DOM environment: a file: page URL keeps them on disk.
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { App } from '../../../src/web/app/App';
import { BotCheckProvider } from '../../../src/web/features/auth/parts/BotCheck/BotCheck';
import { createTestServer, type TestServer } from '../../support/server';
import { newPhone } from '../../support/flows';
import { messages as m } from '../../../src/shared/messages';

// the first render loads every lazy screen through Vite's transform
configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
// storage is the tab's: a phone proof or code request left by one test would carry into the next
beforeEach(() => { localStorage.clear(); sessionStorage.clear(); });
afterEach(() => { cleanup(); });

/** A bot-check payload is single use: `freshBotCheck()` hands the screen a newly solved one. */
let freshBotCheck: () => Promise<void> = async () => {};

async function renderApp(url: string): Promise<RouterHistory> {
  const history = createMemoryHistory({ initialEntries: [url] });
  const tree = (payload: string) => (
    <BotCheckProvider stub={{ payload }}>
      <App history={history} fetch={server.fetch} origin="http://portal.test" />
    </BotCheckProvider>
  );
  const { rerender } = render(tree(await server.solveBotCheck()));
  freshBotCheck = async () => { rerender(tree(await server.solveBotCheck())); };
  return history;
}

const urlOf = (history: RouterHistory) => history.location.pathname;

async function codeFor(phone: string): Promise<string> {
  let code: string | null = null;
  await waitFor(async () => {
    const [msg] = await server.readOutbox(phone);
    expect(msg?.code).toBeTruthy();
    code = msg!.code;
  });
  return code!;
}

async function typePhone(user: ReturnType<typeof userEvent.setup>, phone: string) {
  const cell = await screen.findByLabelText('Celular');
  await user.clear(cell);
  await user.type(cell, phone.slice(2));
  await user.click(screen.getByRole('button', { name: 'Receber código por SMS' }));
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  const first = await screen.findByLabelText('Dígito 1 de 6');
  await user.click(first);
  await user.keyboard(code);
}

async function signUpToCreateAccount(user: ReturnType<typeof userEvent.setup>, url: string, phone: string) {
  const history = await renderApp(url);
  await typePhone(user, phone);
  await screen.findByRole('heading', { name: 'Digite o código' });
  expect(urlOf(history)).toBe('/pt/sign-up/access-code');
  expect(screen.getByText(/\+55 \(11\)/)).toBeTruthy();
  await typeCode(user, await codeFor(phone));
  await waitFor(() => expect(urlOf(history)).toBe('/pt/create-account'));
  await screen.findByRole('button', { name: 'Cadastrar' });
  return history;
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole("button", { name: new RegExp(label) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function chooseCity(user: ReturnType<typeof userEvent.setup>, name: string) {
  const city = screen.getByRole('combobox', { name: /^Cidade/ });
  await waitFor(() => expect((city as HTMLInputElement).disabled).toBe(false));
  await user.type(city, name);
  await user.click(await screen.findByRole('option', { name }));
}

describe('sign-up and sign-in journey (happy-dom, API in process)', () => {
  it('an individual signs up: phone, SMS code, form, thank-you 3..0, then /pt/bill; logs out; signs in again', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    localStorage.setItem('bill', '350');
    const conversions: unknown[] = [];
    window.addEventListener('portal:conversion', (e) => conversions.push((e as CustomEvent).detail));
    const history = await signUpToCreateAccount(user, '/pt/sign-up?cupom=solar10', phone);
    expect(localStorage.getItem('coupon')).toBe('SOLAR10');
    expect((screen.getByRole('textbox', { name: 'Cupom' }) as HTMLInputElement).value).toBe('SOLAR10');

    // the rules of spec §5 stop the submit, and nothing typed is lost
    await user.type(screen.getByLabelText(/^Nome/), 'Jo');
    await user.type(screen.getByLabelText(/^E-mail/), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(m['common.form.name.min'])).toBeTruthy();
    expect(screen.getByText(m['common.form.email.invalid'])).toBeTruthy();
    expect(screen.getByText(m['common.form.terms.required'])).toBeTruthy();
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Jo');

    await user.type(screen.getByLabelText(/^Nome/), 'ana Souza');
    await user.type(screen.getByLabelText(/^E-mail/), 'Example.com');
    await chooseOption(user, 'Estado', 'São Paulo');
    await chooseCity(user, 'Campinas');
    await chooseOption(user, 'Tipo de imóvel', 'Apartamento');
    expect((screen.getByLabelText(/^Valor da conta/) as HTMLInputElement).value).toContain('350,00');
    await user.click(screen.getByRole('checkbox', { name: /Li e concordo/ }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(m['common.form.unit.valid'])).toBeTruthy();
    await chooseOption(user, 'Tipo de imóvel', 'Residencial (casa)');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    await screen.findByRole('heading', { name: 'Obrigado pelo cadastro!' });
    expect(urlOf(history)).toBe('/pt/thank-you');
    expect(await screen.findByText(m['signup.success'])).toBeTruthy();
    expect(localStorage.getItem('showThankYou')).toBe('true');
    expect(localStorage.getItem('register-type')).toBeNull();
    expect(conversions).toHaveLength(1);
    await waitFor(() => expect(urlOf(history)).toBe('/pt/bill'), { timeout: 6000 });
    expect(localStorage.getItem('showThankYou')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Conta de luz' })).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem('portal:session') ?? 'null') as { auth: { signed: boolean; phone: string } };
    expect(stored.auth).toMatchObject({ signed: true, phone });

    // logout, then sign in again with a new code
    await user.click(screen.getAllByRole('button', { name: /Sair/ })[0]!);
    await waitFor(() => expect(urlOf(history)).toBe('/pt'));
    expect(localStorage.getItem('portal:session')).toBeNull();
    history.push('/pt/login');
    server.clock.advance(31_000); // the server's 30-second cooldown per phone since the sign-up code
    await freshBotCheck();
    await typePhone(user, phone);
    await screen.findByRole('heading', { name: 'Digite o código' });
    expect(urlOf(history)).toBe('/pt/access-account');
    await typeCode(user, await codeFor(phone));
    await waitFor(() => expect(urlOf(history)).toBe('/pt/bill'));

    // a logout in another tab removes the stored session: this tab signs out too
    window.dispatchEvent(new StorageEvent('storage', { key: 'portal:session', oldValue: 'x', newValue: null }));
    await waitFor(() => expect(urlOf(history)).toBe('/pt'));
  }, 90_000);

  it('a company signs up from /pt/sign-up?type=business with the CNPJ rules', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    const history = await signUpToCreateAccount(user, '/pt/sign-up?type=business', phone);
    expect(localStorage.getItem('register-type')).toBe('business');
    await user.type(screen.getByLabelText(/^CNPJ/), '11.111.111/1111-11');
    await user.type(screen.getByLabelText(/^Razão social/), 'Padaria Sol Ltda');
    await user.type(screen.getByLabelText(/^E-mail/), `empresa${phone}@example.com`);
    await chooseOption(user, 'Estado', 'Minas Gerais');
    await chooseCity(user, 'Uberlândia');
    await chooseOption(user, 'Tipo de imóvel', 'Empresa');
    await user.type(screen.getByLabelText(/^Valor da conta/), '120000');
    await user.click(screen.getByRole('checkbox', { name: /Li e concordo/ }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(m['common.form.cnpj.invalid'])).toBeTruthy();
    const cnpj = screen.getByLabelText(/^CNPJ/);
    await user.clear(cnpj);
    await user.type(cnpj, '11.222.333/0001-81');
    // the coupon is upper-cased as typed; an unknown one is refused by the server with 'Cupom inválido'
    await user.type(screen.getByRole('textbox', { name: 'Cupom' }), 'nope');
    expect((screen.getByRole('textbox', { name: 'Cupom' }) as HTMLInputElement).value).toBe('NOPE');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect((await screen.findAllByText(m['signup.coupon.invalid'])).length).toBeGreaterThan(0);
    expect((screen.getByLabelText(/^Razão social/) as HTMLInputElement).value).toBe('Padaria Sol Ltda');
    await user.clear(screen.getByRole('textbox', { name: 'Cupom' }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(urlOf(history)).toBe('/pt/thank-you'));
    expect(localStorage.getItem('register-type')).toBeNull();
  }, 90_000);

  it('a wrong code shows the message; resend by SMS waits for the 30-second countdown', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    const history = await renderApp('/pt/login');
    await typePhone(user, phone);
    await screen.findByRole('heading', { name: 'Digite o código' });
    expect(urlOf(history)).toBe('/pt/access-account');
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    await typeCode(user, wrong);
    expect((await screen.findAllByText(m['access.code.invalid'])).length).toBeGreaterThan(0);
    const resend = screen.getByRole('button', { name: /Reenviar SMS em 0:(29|30)/ });
    expect(resend.hasAttribute('disabled') || resend.getAttribute('aria-disabled') === 'true' || resend.hasAttribute('data-disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(urlOf(history)).toBe('/pt/login'));
  }, 60_000);

  it('a valid sign-in code for a number without account shows the not-registered text and offers registration', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    const history = await renderApp('/pt/login');
    await typePhone(user, phone);
    await screen.findByRole('heading', { name: 'Digite o código' });
    await typeCode(user, await codeFor(phone));
    expect(await screen.findByText(m['login.notRegistered'])).toBeTruthy();
    expect(urlOf(history)).toBe('/pt/login');
    await user.click(screen.getByRole('button', { name: 'Cadastrar este número' }));
    await waitFor(() => expect(urlOf(history)).toBe('/pt/create-account'));
  }, 60_000);
});

describe('routes and guard', () => {
  it('a private URL without session goes home; any other language and / go to /pt', async () => {
    const history = await renderApp('/pt/profile');
    await waitFor(() => expect(urlOf(history)).toBe('/pt'));
    history.push('/en/login');
    await waitFor(() => expect(urlOf(history)).toBe('/pt/login'));
    expect(await screen.findByRole('button', { name: 'Receber código por SMS' })).toBeTruthy();
    history.push('/');
    await waitFor(() => expect(urlOf(history)).toBe('/pt'));
    history.push('/pt/welcome');
    expect(await screen.findByRole('heading', { name: 'Acompanhe sua energia solar no app' })).toBeTruthy();
  });

  it('a typed later step of a flow starts that flow at its phone step; thank-you without a session is refused', async () => {
    const history = await renderApp('/pt/login');
    await screen.findByRole('button', { name: 'Receber código por SMS' });
    history.push('/pt/create-account');
    await waitFor(() => expect(urlOf(history)).toBe('/pt/sign-up'));
    await screen.findByRole('heading', { name: 'Crie sua conta' });
    history.push('/pt/thank-you');
    await waitFor(() => expect(urlOf(history)).toBe('/pt/sign-up'));
  });

  it('a public URL with a session goes to /pt/bill; /pt-br/bill is the bill page; a 401 logs out', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    // a session made through the real flow
    await signUpToCreateAccount(user, '/pt/sign-up', phone);
    await user.type(screen.getByLabelText(/^Nome/), 'Maria Souza');
    await user.type(screen.getByLabelText(/^E-mail/), `m${phone}@example.com`);
    await chooseOption(user, 'Estado', 'São Paulo');
    await chooseCity(user, 'Campinas');
    await chooseOption(user, 'Tipo de imóvel', 'Comercial');
    await user.type(screen.getByLabelText(/^Valor da conta/), '30000');
    await user.click(screen.getByRole('checkbox', { name: /Li e concordo/ }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await screen.findByRole('heading', { name: 'Obrigado pelo cadastro!' });
    cleanup();
    localStorage.removeItem('showThankYou');

    const history = await renderApp('/pt/login');
    await waitFor(() => expect(urlOf(history)).toBe('/pt/bill'));
    history.push('/pt-br/bill');
    await waitFor(() => expect(urlOf(history)).toBe('/pt/bill'));
    history.push('/pt/sign-up');
    await waitFor(() => expect(urlOf(history)).toBe('/pt/bill'));

    // the token is revoked elsewhere: the next call answers 401 and the portal logs out
    const stored = JSON.parse(localStorage.getItem('portal:session') ?? '{}') as { auth: { token: string } };
    await server.fetch('http://portal.test/api/v1/portal/logout', { method: 'POST', headers: { Authorization: `Bearer ${stored.auth.token}` } });
    cleanup();
    const again = await renderApp('/pt/profile');
    await waitFor(() => expect(urlOf(again)).toBe('/pt'));
    expect(localStorage.getItem('portal:session')).toBeNull();
  }, 60_000);
});

