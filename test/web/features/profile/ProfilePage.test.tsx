// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { ProfileFlow } from '../../../../src/web/features/profile/ProfileScreen';
import { createApi } from '../../../../src/web/api/client';
import { fill, messages as m } from '../../../../src/shared/messages';
import { RETENTION } from '../../../../src/shared/profile/rules';
import { createTestServer, type TestServer } from '../../../support/server';
import userEvent from '@testing-library/user-event';
import {
  call, customerAtCheckout, customerAtContracts, customerAtPayment, lastCode, sendRequiredDocuments, signInAgain, signUpNewCustomer, staffTokenOf,
} from '../../../support/flows';
import { signOnPage } from '../../../server/profile/support';

/**
 * What the four blocks of 'Meu perfil' show for each kind of customer (spec §2 "Profile page"):
 * a subscriber's plan, fees and card; a company's boleto day; a buyer's purchase instead of a plan,
 * and the step block with spec §4's enable rules as the signatures and the invoice arrive.
 */
configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); });

function open(token: string) {
  const api = createApi({ fetch: server.fetch, origin: 'http://portal.test', getToken: () => token });
  render(<ProfileFlow getApi={() => Promise.resolve(api)} onGo={() => {}} onLogout={() => {}} openTab={() => null} saveFile={() => {}} />);
}
const facts = (name: string) => {
  const section = screen.getByRole('region', { name });
  return Object.fromEntries(within(section).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
};
const disabled = (name: string) => {
  const b = screen.getByRole('button', { name });
  return b.hasAttribute('disabled') || b.getAttribute('aria-disabled') === 'true';
};

describe("'Meu perfil'", () => {
  test('a subscriber: the plan, fees R$ 0,00, the phone and city; the card (brand, masked number, holder, due); the document in review', async () => {
    const c = await customerAtCheckout(server, { paid: true });
    await sendRequiredDocuments(server, c);
    open(c.token);
    await screen.findByRole('heading', { level: 2, name: m['profile.order.title'] });
    expect(facts(m['profile.order.title'])).toMatchObject({
      Plano: 'Plano 20 anos', 'Taxa de instalação': 'R$ 0,00', 'Taxa de adesão': 'R$ 0,00', Telefone: expect.stringMatching(/^\+55 \(11\) 9/), Cidade: 'São Paulo', Estado: 'SP',
    });
    screen.getByText(m['profile.order.noAddress']);
    expect(facts(m['profile.billing.title'])).toEqual({ Bandeira: 'Visa', Número: '•••• •••• •••• 1111', Titular: 'Ana Souza', Validade: `12/${server.clock.now().getUTCFullYear() + 5}` });
    screen.getByRole('button', { name: m['profile.card.update'] });
    const documents = within(screen.getByRole('list', { name: m['profile.documents.heading'] }));
    expect(documents.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Documento de identidadeEm análise']);
    screen.getByText(m['profile.contracts.none']);
    // no step block: that is a buyer's
    expect(screen.queryByRole('heading', { name: m['profile.steps.title'] })).toBeNull();
    screen.getByRole('button', { name: m['profile.export.button'] });
    screen.getByRole('button', { name: m['profile.delete.button'] });
  });

  test('a company pays by boleto: its day instead of a card', async () => {
    const c = await customerAtCheckout(server, { kind: 'business', paid: true });
    open(c.token);
    await screen.findByText('Boleto, com vencimento todo dia 10');
    screen.getByText(m['profile.billing.boletoNote']);
    expect(screen.queryByRole('button', { name: m['profile.card.update'] })).toBeNull();
    screen.getByRole('textbox', { name: m['profile.personal.companyName'] });
  });

  test('a buyer: the purchase instead of a plan; the step block follows spec §4 through the signatures', async () => {
    const staff = await staffTokenOf(server);
    const c = await customerAtPayment(server, 'CASH_PURCHASE', { staff, contracts: true });
    open(c.token);
    await screen.findByRole('heading', { level: 2, name: m['profile.steps.title'] });
    const order = facts(m['profile.order.title']);
    expect(order).toMatchObject({ Compra: 'Compra à vista', 'Taxa de instalação': 'R$ 0,00', 'Taxa de adesão': 'R$ 0,00' });
    expect(order.Sistema).toMatch(/^\d+(,\d+)? kWp$/);
    expect(order.Valor).toMatch(/^R\$ [\d.]+,\d{2}$/);
    expect(order.Plano).toBeUndefined();
    screen.getByText(m['profile.billing.purchase']);
    expect([disabled(m['profile.steps.signContract']), disabled(m['profile.steps.signProcuration']), disabled(m['profile.steps.pay'])]).toEqual([false, true, true]);
    cleanup();

    await signOnPage(server, c, c.contracts.find((x) => x.type === 'PURCHASE_CONTRACT')!.key);
    open(c.token);
    await screen.findByRole('heading', { level: 2, name: m['profile.steps.title'] });
    expect([disabled(m['profile.steps.signContract']), disabled(m['profile.steps.signProcuration']), disabled(m['profile.steps.pay'])]).toEqual([true, false, false]);
    cleanup();

    await signOnPage(server, c, c.contracts.find((x) => x.type === 'POWER_OF_ATTORNEY')!.key);
    expect((await call(server, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token })).status).toBe(200);
    open(c.token);
    await screen.findByText(m['profile.steps.invoiceCreated']);
    expect([disabled(m['profile.steps.signContract']), disabled(m['profile.steps.signProcuration']), disabled(m['profile.steps.pay'])]).toEqual([true, true, true]);
    const contracts = within(screen.getByRole('list', { name: m['profile.contracts.heading'] }));
    expect(contracts.getAllByText(m['profile.contracts.signed'])).toHaveLength(2);
  });

  test('the deletion dialog says what this account would keep, for how long and why, before any code is sent', async () => {
    const loose = await customerAtCheckout(server, { paid: true });
    open(loose.token);
    (await screen.findByRole('button', { name: m['profile.delete.button'] })).click();
    let dialog = within(await screen.findByRole('alertdialog', { name: m['profile.delete.title'] }));
    // nothing signed: only the record of the deletion
    dialog.getByText(RETENTION.deletion.what);
    dialog.getByText(`${m['profile.retention.period']}: ${RETENTION.deletion.period}.`);
    dialog.getByText(`${m['profile.retention.basis']}: ${RETENTION.deletion.basis}.`);
    expect(dialog.queryByText(RETENTION.contracts.what)).toBeNull();
    expect(dialog.queryByText(RETENTION.payments.what)).toBeNull();
    expect(await server.readOutbox(loose.phone)).toHaveLength(1);
    cleanup();

    const bound = await customerAtContracts(server);
    await signOnPage(server, bound, bound.contracts[0]!.key);
    open(bound.token);
    (await screen.findByRole('button', { name: m['profile.delete.button'] })).click();
    dialog = within(await screen.findByRole('alertdialog', { name: m['profile.delete.title'] }));
    for (const item of Object.values(RETENTION)) {
      dialog.getByText(item.what);
      dialog.getByText(`${m['profile.retention.period']}: ${item.period}.`);
      dialog.getByText(`${m['profile.retention.basis']}: ${item.basis}.`);
    }
  });

  test("'Aparelhos conectados' by keyboard: the phone's session listed, ended with the SMS code; this one goes on", async () => {
    const c = await signUpNewCustomer(server);
    const elsewhere = await signInAgain(server, c.phone, 'Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36');
    open(c.token);
    const user = userEvent.setup();
    const region = within(await screen.findByRole('region', { name: m['profile.sessions.title'] }));
    const list = within(region.getByRole('list', { name: m['profile.sessions.list'] }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    list.getByText(m['profile.sessions.current']);
    const end = list.getByRole('button', { name: /^Desconectar Chrome no Android, último uso em \d{2}\/\d{2}\/\d{4}/ });
    end.focus();
    await user.keyboard('{Enter}');
    const box = within(await screen.findByRole('dialog', { name: m['profile.sessions.titleOne'] }));
    await box.findByText(fill('profile.sessions.codeSent', { last4: c.phone.slice(-4) }));
    // the code field has the keyboard: the six digits, then Enter on 'Confirmar'
    await user.keyboard(await lastCode(server, c.phone));
    box.getByRole('button', { name: m['profile.sessions.confirm'] }).focus();
    await user.keyboard('{Enter}');
    await region.findByText(m['profile.sessions.none']);
    expect((await call(server, 'GET', '/portal/customers', undefined, { token: elsewhere })).status).toBe(401);
    expect((await call(server, 'GET', '/portal/customers', undefined, { token: c.token })).status).toBe(200);
  });

  test("the e-mail is shown read-only; 'Trocar e-mail' opens a dialog that keeps the old e-mail until both codes confirm", async () => {
    const c = await signUpNewCustomer(server);
    open(c.token);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: m['profile.personal.email'] });
    expect(field.hasAttribute('readonly')).toBe(true);
    await user.click(screen.getByRole('button', { name: m['profile.email.button'] }));
    const box = within(await screen.findByRole('dialog', { name: m['profile.email.title'] }));
    await user.type(box.getByRole('textbox', { name: m['profile.email.new'] }), `troca.${c.phone}@example.com`);
    await user.click(box.getByRole('button', { name: m['profile.email.sendCodes'] }));
    await box.findByText(new RegExp(`troca\\.${c.phone}@example\\.com`));
    expect((await call(server, 'GET', '/portal/customers', undefined, { token: c.token })).body.email).toBe(c.email);
    screen.getByRole('group', { name: m['profile.email.emailCode'] });
    screen.getByRole('group', { name: m['profile.email.smsCode'] });
  });
});
