// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterHistory } from '@tanstack/react-router';
import { renderPortal } from '../../support/renderPortal';
import { createStaff } from '../../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../../support/server';
import { call, signUpNewCustomer } from '../../../support/flows';
import { messages as m } from '#shared/messages';
import { processDriver, toOffer, type ServerCustomer } from '../../../paths/serverProcess';

/**
 * Issue 10's dead end: a returning customer at the offer (SIGNATURE) lands on the plans with no way
 * to the final proposal. Now the menu has it once published, the page the customer is on is the
 * highlighted item, and a notification that names a screen opens it. The whole app in happy-dom,
 * its calls served in process.
 */
configure({ asyncUtilTimeout: 12_000 });

let server: TestServer;
let staffToken: string;
let driver: ReturnType<typeof processDriver>;
beforeAll(async () => {
  server = await createTestServer();
  staffToken = (await createStaff(server.db, server.clock, 'Rita Teste', `wayin.${process.pid}@empresa.com.br`)).token;
  driver = processDriver(server, staffToken);
});
afterAll(async () => { await server?.close(); });
beforeEach(() => { localStorage.clear(); });
afterEach(() => { cleanup(); });

async function customerAtOffer(publish: boolean): Promise<ServerCustomer> {
  const c = await signUpNewCustomer(server);
  const me = await call(server, 'GET', '/portal/customers', undefined, { token: c.token });
  const customer = { id: Number(me.body.id), token: c.token, phone: c.phone };
  await driver.move(customer, toOffer);
  if (publish) {
    const published = await call(server, 'POST', `/admin/customers/${customer.id}/proposal/final`, { module_brand: 'Jinko', module_warranty: 12 }, { token: staffToken });
    expect(published.status).toBe(201);
  }
  return customer;
}

/** The App as a returning customer opens it (stored session) at /pt: the landing page of their step. */
async function openPortal(customer: ServerCustomer): Promise<RouterHistory> {
  localStorage.setItem('portal:session', JSON.stringify({ auth: { token: customer.token, signed: true, phone: customer.phone }, user: null, schedule: null }));
  const history = await renderPortal(server, '/pt/bill');
  await screen.findByRole('heading', { name: 'Conta de luz', level: 1 });
  return history;
}

const sidebar = () => screen.getAllByRole('navigation', { name: 'Etapas da sua jornada' })[0]!;

describe('the final proposal, for a customer at the offer', () => {
  it('is an item of the menu once published; on its page that item is the highlighted one', async () => {
    const user = userEvent.setup();
    const history = await openPortal(await customerAtOffer(true));
    const item = await within(sidebar()).findByRole('link', { name: 'Proposta final' });
    await waitFor(() => expect(item.getAttribute('aria-disabled')).toBeNull());
    await user.click(item);
    await waitFor(() => expect(history.location.pathname).toBe('/pt/proposal-final'));
    expect(await screen.findByRole('heading', { name: 'Proposta final', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: m['proposal.final.cash'] })).toBeTruthy();
    await waitFor(() => expect(within(sidebar()).getByRole('link', { name: 'Proposta final' }).getAttribute('aria-current')).toBe('page'));
    expect(within(sidebar()).getByRole('link', { name: 'Assinatura do plano' }).getAttribute('aria-current')).toBeNull();
  }, 60_000);

  it('before staff publish it there is no such item', async () => {
    await openPortal(await customerAtOffer(false));
    await waitFor(() => expect(within(sidebar()).getByRole('link', { name: 'Assinatura do plano' }).getAttribute('aria-disabled')).toBeNull());
    expect(within(sidebar()).queryByRole('link', { name: 'Proposta final' })).toBeNull();
  }, 60_000);

  it("the notification 'Sua proposta final está disponível!' opens it, and is read", async () => {
    const user = userEvent.setup();
    const customer = await customerAtOffer(true);
    const history = await openPortal(customer);
    await user.click(await screen.findByRole('button', { name: /^Notificações, \d+ não lidas?$/ }));
    const list = within(await screen.findByRole('dialog', { name: 'Notificações' }));
    const row = list.getByRole('button', { name: new RegExp(m['notification.proposal.final'].slice(0, 30)) }).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Ver proposta final' }));
    await waitFor(() => expect(history.location.pathname).toBe('/pt/proposal-final'));
    expect(await screen.findByRole('heading', { name: 'Proposta final', level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notificações' })).toBeNull());
    await waitFor(async () => {
      const stored = await call(server, 'GET', '/portal/notifications', undefined, { token: customer.token });
      expect((stored.body.data as { message: string; status: string }[]).find((n) => n.message === m['notification.proposal.final'])?.status).toBe('READ');
    });
  }, 60_000);
});
