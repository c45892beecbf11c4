// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
/**
 * The registration form's bill value and CNPJ as a new customer types them (issue 10): the bill
 * is typed in reais and a value under the plausible minimum is confirmed before anything is sent;
 * the company number is masked 00.000.000/0000-00 and stops at 14 characters.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
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
beforeEach(() => { localStorage.clear(); toast.clear(); });
afterEach(() => { cleanup(); });

type User = ReturnType<typeof userEvent.setup>;

/** From the sign-up phone to the registration form, through the in-process API; counts the sign-up calls. */
async function toCreateAccount(user: User, url: string) {
  const phone = newPhone();
  const calls = { signUps: 0 };
  const history = createMemoryHistory({ initialEntries: [url] });
  const fetchThrough: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/portal/customers')) calls.signUps++;
    return server.fetch(input, init);
  };
  render(
    <BotCheckProvider stub={{ payload: await server.solveBotCheck() }}>
      <App history={history} fetch={fetchThrough} origin="http://portal.test" />
    </BotCheckProvider>,
  );
  const cell = await screen.findByLabelText('Celular');
  await user.type(cell, phone.slice(2));
  await user.click(screen.getByRole('button', { name: 'Receber código por SMS' }));
  await screen.findByRole('heading', { name: 'Digite o código' });
  let code = '';
  await waitFor(async () => {
    const [msg] = await server.readOutbox(phone);
    expect(msg?.code).toBeTruthy();
    code = msg!.code ?? '';
  });
  await user.click(await screen.findByLabelText('Dígito 1 de 6'));
  await user.keyboard(code);
  await screen.findByRole('button', { name: 'Cadastrar' });
  return calls;
}

async function fillPersonal(user: User) {
  await user.type(screen.getByLabelText(/^Nome/), 'Maria da Silva');
  await user.type(screen.getByLabelText(/^E-mail/), `maria.${Date.now()}.${Math.random().toString(36).slice(2)}@exemplo.com.br`);
  await chooseSaoPauloHouse(user);
  await user.click(screen.getByRole('checkbox', { name: /Li e concordo/ }));
}

describe('create-account: bill value and CNPJ', () => {
  it('the bill is typed in reais; under R$ 50 it is confirmed before sending, and can be corrected', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = await toCreateAccount(user, '/pt/sign-up');
    await fillPersonal(user);
    const bill = screen.getByLabelText(/^Valor da conta/) as HTMLInputElement;
    await user.clear(bill);
    await user.type(bill, '4,50');
    expect(bill.value).toBe('R$ 4,50');

    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: m['bill.value.low.title'] }));
    expect(dialog.getByText('Você informou R$ 4,50 por mês. As contas de luz costumam passar de R$ 50,00: confira se o valor está em reais.')).toBeTruthy();
    expect(calls.signUps).toBe(0);
    await user.click(dialog.getByRole('button', { name: m['bill.value.low.fix'] }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.signUps).toBe(0);

    await user.clear(bill);
    await user.type(bill, '450');
    expect(bill.value).toBe('R$ 450');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await screen.findByRole('heading', { name: 'Obrigado pelo cadastro!' });
    expect(screen.queryByRole('alertdialog', { name: m['bill.value.low.title'] })).toBeNull();
    expect(calls.signUps).toBe(1);
  }, 90_000);

  it('a low bill the customer confirms is sent as typed', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = await toCreateAccount(user, '/pt/sign-up');
    await fillPersonal(user);
    const bill = screen.getByLabelText(/^Valor da conta/) as HTMLInputElement;
    await user.clear(bill);
    await user.type(bill, '45');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: m['bill.value.low.title'] }));
    await user.click(dialog.getByRole('button', { name: m['bill.value.low.confirm'] }));
    await screen.findByRole('heading', { name: 'Obrigado pelo cadastro!' });
    expect(calls.signUps).toBe(1);
  }, 90_000);

  it('the CNPJ is masked 00.000.000/0000-00 as typed and stops at 14 characters', async () => {
    const user = userEvent.setup({ delay: null });
    await toCreateAccount(user, '/pt/sign-up?type=business');
    const cnpj = screen.getByLabelText(/^CNPJ/) as HTMLInputElement;
    expect(cnpj.getAttribute('maxlength')).toBe('18');
    await user.type(cnpj, '11222333000181');
    expect(cnpj.value).toBe('11.222.333/0001-81');
    await user.type(cnpj, '99');
    expect(cnpj.value).toBe('11.222.333/0001-81');
    await user.clear(cnpj);
    await user.type(cnpj, '112223');
    expect(cnpj.value).toBe('11.222.3');
  }, 90_000);
});
