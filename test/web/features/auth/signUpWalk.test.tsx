// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
/**
 * What a new customer tripped on when walking the public screens in Chromium, kept as screen tests
 * against the in-process API: where the keyboard lands after a refused submit, a wrong code, Back
 * after a code was sent, errors named by the server, the city list failing, stale toasts.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { App } from '../../../../src/web/app/App';
import { BotCheckProvider } from '../../../../src/web/features/auth/parts/BotCheck/BotCheck';
import { toast } from '../../../../src/web/ui/Toast/Toast';
import { createTestServer, type TestServer } from '../../../support/server';
import { newPhone } from '../../../support/flows';
import { chooseSaoPauloHouse } from '../../support/createAccountForm';
import { messages as m } from '#shared/messages';

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
beforeEach(() => { localStorage.clear(); sessionStorage.clear(); toast.clear(); failCities = false; });
afterEach(() => { cleanup(); });

type User = ReturnType<typeof userEvent.setup>;
let freshBotCheck: () => Promise<void> = async () => {};
/** cuts GET /portal/cities/{state} as a dropped connection would */
let failCities = false;

async function renderApp(url: string): Promise<RouterHistory> {
  const history = createMemoryHistory({ initialEntries: [url] });
  const fetchThrough: typeof fetch = async (input, init) => {
    const href = input instanceof Request ? input.url : String(input);
    if (failCities && href.includes('/portal/cities/')) throw new TypeError('Failed to fetch');
    return server.fetch(input, init);
  };
  const tree = (payload: string) => (
    <BotCheckProvider stub={{ payload }}>
      <App history={history} fetch={fetchThrough} origin="http://portal.test" />
    </BotCheckProvider>
  );
  const { rerender } = render(tree(await server.solveBotCheck()));
  freshBotCheck = async () => { rerender(tree(await server.solveBotCheck())); };
  return history;
}

async function codeFor(phone: string, notThis?: string): Promise<string> {
  let code: string | null = null;
  await waitFor(async () => {
    const [msg] = await server.readOutbox(phone);
    expect(msg?.code).toBeTruthy();
    expect(msg?.code).not.toBe(notThis);
    code = msg!.code;
  });
  return code!;
}

async function typePhone(user: User, phone: string) {
  const cell = await screen.findByLabelText('Celular');
  await user.clear(cell);
  await user.type(cell, phone.slice(2));
  await user.click(screen.getByRole('button', { name: 'Receber código por SMS' }));
}

async function typeCode(user: User, code: string) {
  const first = await screen.findByLabelText('Dígito 1 de 6');
  await user.click(first);
  await user.keyboard(code);
}

const boxes = () => screen.getAllByLabelText(/^Dígito \d de 6$/) as HTMLInputElement[];
const describedBy = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

async function toCreateAccount(user: User, url: string, phone: string): Promise<RouterHistory> {
  const history = await renderApp(url);
  await typePhone(user, phone);
  await screen.findByRole('heading', { name: 'Digite o código' });
  await typeCode(user, await codeFor(phone));
  await screen.findByRole('button', { name: 'Cadastrar' });
  return history;
}

describe('sign-up screens: what a new customer tripped on', () => {
  it('a refused phone puts the keyboard on the wrong field, which carries its error for screen readers', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp('/pt/sign-up');
    await user.click(await screen.findByRole('button', { name: 'Receber código por SMS' }));
    const cell = screen.getByLabelText('Celular');
    await waitFor(() => expect(document.activeElement).toBe(cell));
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(cell)).toContain(m['common.form.required']);

    await user.clear(screen.getByLabelText('DDI'));
    await user.type(screen.getByLabelText('DDI'), '5');
    await user.type(cell, '11987654321');
    await user.click(screen.getByRole('button', { name: 'Receber código por SMS' }));
    // the first wrong field in reading order: the country code
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('DDI')));
    expect(describedBy(screen.getByLabelText('DDI'))).toContain(m['code.COUNTRY_CODE_INVALID']);
  });

  it('Back from the code screen and asking again within 30 s leads to the code already sent, with the countdown', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    const history = await renderApp('/pt/sign-up');
    await typePhone(user, phone);
    await screen.findByRole('heading', { name: 'Digite o código' });
    const code = await codeFor(phone);
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(history.location.pathname).toBe('/pt'));

    history.push('/pt/sign-up');
    await freshBotCheck();
    server.clock.advance(10_000);
    await typePhone(user, phone);
    await screen.findByRole('heading', { name: 'Digite o código' });
    expect(history.location.pathname).toBe('/pt/sign-up/access-code');
    expect(await screen.findByText(m['access.code.alreadySent'])).toBeTruthy();
    const resend = screen.getByRole('button', { name: /Reenviar SMS em 0:(1\d|20)/ });
    expect(resend.hasAttribute('disabled') || resend.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(screen.queryByText(m['access.code.resendTooEarly'])).toBeNull();
    // and the code from the first SMS works
    await typeCode(user, code);
    await waitFor(() => expect(history.location.pathname).toBe('/pt/create-account'));
  });

  it('a reload on the code screen or the form starts sign-up again at the phone step, not at the home page', async () => {
    const history = await renderApp('/pt/sign-up/access-code');
    await screen.findByRole('heading', { name: 'Crie sua conta' });
    expect(history.location.pathname).toBe('/pt/sign-up');
    cleanup();
    const signIn = await renderApp('/pt/access-account');
    await screen.findByRole('heading', { name: 'Acesse sua conta' });
    expect(signIn.location.pathname).toBe('/pt/login');
  });

  it('a wrong code empties the boxes and puts the keyboard on the first one; its toast does not follow to the form', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    const history = await renderApp('/pt/sign-up');
    await typePhone(user, phone);
    await screen.findByRole('heading', { name: 'Digite o código' });
    const code = await codeFor(phone);
    await typeCode(user, code === '000000' ? '111111' : '000000');
    await waitFor(() => expect(screen.getAllByText(m['access.code.invalid']).length).toBeGreaterThan(0));
    await waitFor(() => expect(boxes().map((b) => b.value).join('')).toBe(''));
    await waitFor(() => expect(document.activeElement).toBe(boxes()[0]));

    // the right code typed straight away is sent by itself
    await user.keyboard(code);
    await waitFor(() => expect(history.location.pathname).toBe('/pt/create-account'));
    await screen.findByRole('button', { name: 'Cadastrar' });
    expect(screen.queryByText(m['access.code.invalid'])).toBeNull();
  });

  it('an expired code says so and empties the boxes for the new one', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    await renderApp('/pt/sign-up');
    await typePhone(user, phone);
    await screen.findByRole('heading', { name: 'Digite o código' });
    const code = await codeFor(phone);
    server.clock.advance(11 * 60_000); // codes are valid 10 minutes
    await typeCode(user, code);
    await waitFor(() => expect(screen.getAllByText(m['access.code.expired']).length).toBeGreaterThan(0));
    await waitFor(() => expect(boxes().map((b) => b.value).join('')).toBe(''));
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('a cut connection while the code is checked keeps the digits and offers Confirmar again', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    const history = createMemoryHistory({ initialEntries: ['/pt/sign-up'] });
    let offline = false;
    const fetchThrough: typeof fetch = async (input, init) => {
      if (offline) throw new TypeError('Failed to fetch');
      return server.fetch(input, init);
    };
    render(
      <BotCheckProvider stub={{ payload: await server.solveBotCheck() }}>
        <App history={history} fetch={fetchThrough} origin="http://portal.test" />
      </BotCheckProvider>,
    );
    await typePhone(user, phone);
    await screen.findByRole('heading', { name: 'Digite o código' });
    const code = await codeFor(phone);
    offline = true;
    await typeCode(user, code);
    await waitFor(() => expect(screen.getAllByText(m['common.error.network']).length).toBeGreaterThan(0));
    expect(boxes().map((b) => b.value).join('')).toBe(code);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirmar' })));
    offline = false;
    await user.keyboard('{Enter}');
    await waitFor(() => expect(history.location.pathname).toBe('/pt/create-account'));
  });

  it('the registration form: a refused submit focuses the first wrong field; an unknown coupon is shown under Cupom', async () => {
    const user = userEvent.setup({ delay: null });
    await toCreateAccount(user, '/pt/sign-up', newPhone());
    // the form starts at its first field (the code boxes that had the focus are gone)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Nome/)));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const name = screen.getByLabelText(/^Nome/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(describedBy(name)).toContain(m['common.form.required']);
    // every required input says so to assistive technology, not only Nome and E-mail
    for (const required of [screen.getByLabelText(/^Valor da conta/), screen.getByRole('combobox', { name: /^Cidade/ })]) {
      expect(required.getAttribute('aria-required')).toBe('true');
    }

    await user.type(name, 'Maria da Silva');
    await user.type(screen.getByLabelText(/^E-mail/), `maria.${Date.now()}@exemplo.com.br`);
    await chooseSaoPauloHouse(user);
    await user.type(screen.getByLabelText(/^Valor da conta/), '35000');
    await user.type(screen.getByRole('textbox', { name: 'Cupom' }), 'naoexiste');
    await user.click(screen.getByRole('checkbox', { name: /Li e concordo/ }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    const coupon = screen.getByRole('textbox', { name: 'Cupom' });
    await waitFor(() => expect(document.activeElement).toBe(coupon));
    expect(coupon.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(coupon)).toContain(m['signup.coupon.invalid']);
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Maria da Silva');

    await user.clear(coupon);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await screen.findByRole('heading', { name: 'Obrigado pelo cadastro!' });
  });

  it('when the city list cannot be loaded the form says so and can ask again', async () => {
    const user = userEvent.setup({ delay: null });
    await toCreateAccount(user, '/pt/sign-up', newPhone());
    failCities = true;
    await user.click(screen.getByRole('button', { name: /Estado/ }));
    await user.click(await screen.findByRole('option', { name: 'Bahia' }));
    const alert = await screen.findByText(m['common.form.city.loadFailed']);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    failCities = false;
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: m['common.form.city.retry'] }));
    const city = screen.getByRole('combobox', { name: /^Cidade/ });
    await waitFor(() => expect((city as HTMLInputElement).disabled).toBe(false));
    expect(screen.queryByText(m['common.form.city.loadFailed'])).toBeNull();
    await user.type(city, 'Salvador');
    expect(await screen.findByRole('option', { name: 'Salvador' })).toBeTruthy();
  });
});
