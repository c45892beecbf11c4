// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
/**
 * Issue 10: reloading /pt/create-account lost the verified phone and sent the visitor back to the
 * phone step. The phone proof (and phone) stay in the tab's session storage for the proof's lifetime
 * (30 minutes): a reload stays on the form, and the form still signs up; sign-up or expiry clears it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterHistory } from '@tanstack/react-router';
import { renderPortal } from '../../support/renderPortal';
import { PHONE_PROOF_KEY, readPhoneProof } from '../../../../src/web/journey/phoneProof';
import { toast } from '../../../../src/web/ui/Toast/Toast';
import { createTestServer, type TestServer } from '../../../support/server';
import { lastCode, newPhone } from '../../../support/flows';
import { PHONE_PROOF_TTL_S } from '#shared/auth/payloads';

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
beforeEach(() => { localStorage.clear(); sessionStorage.clear(); toast.clear(); });
afterEach(() => { cleanup(); });

type User = ReturnType<typeof userEvent.setup>;

/** A page load at `url` (a reload: a new App, the same tab's storage). */
const load = (url: string): Promise<RouterHistory> => renderPortal(server, url);

async function confirmPhone(user: User, phone: string): Promise<RouterHistory> {
  const history = await load('/pt/sign-up');
  await user.type(await screen.findByLabelText('Celular'), phone.slice(2));
  await user.click(screen.getByRole('button', { name: 'Receber código por SMS' }));
  await screen.findByRole('heading', { name: 'Digite o código' });
  await user.click(await screen.findByLabelText('Dígito 1 de 6'));
  await user.keyboard(await lastCode(server, phone));
  await screen.findByRole('button', { name: 'Cadastrar' });
  expect(history.location.pathname).toBe('/pt/create-account');
  return history;
}

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(label) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('reloading /pt/create-account', () => {
  it('stays on the form with the confirmed phone, which still signs up; the proof is then gone', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    await confirmPhone(user, phone);
    expect(readPhoneProof()?.phone).toBe(phone);

    cleanup();
    const reloaded = await load('/pt/create-account');
    await screen.findByRole('button', { name: 'Cadastrar' });
    expect(reloaded.location.pathname).toBe('/pt/create-account');

    await user.type(screen.getByLabelText(/^Nome/), 'Lúcia Andrade');
    await user.type(screen.getByLabelText(/^E-mail/), `lucia.${phone}@example.com`);
    await choose(user, 'Estado', 'São Paulo');
    const city = screen.getByRole('combobox', { name: /^Cidade/ });
    await waitFor(() => expect((city as HTMLInputElement).disabled).toBe(false));
    await user.type(city, 'Campinas');
    await user.click(await screen.findByRole('option', { name: 'Campinas' }));
    await choose(user, 'Tipo de imóvel', 'Residencial (casa)');
    await user.type(screen.getByLabelText(/^Valor da conta/), '380');
    await user.click(screen.getByRole('checkbox', { name: /Li e concordo/ }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await screen.findByRole('heading', { name: 'Obrigado pelo cadastro!' });
    expect(sessionStorage.getItem(PHONE_PROOF_KEY)).toBeNull();
  }, 60_000);

  it('after the proof\'s 30 minutes a reload starts at the phone step, and the stale proof is dropped', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    await confirmPhone(user, phone);
    const stored = JSON.parse(sessionStorage.getItem(PHONE_PROOF_KEY) ?? '{}') as { expiresAt: number };
    expect(stored.expiresAt - Date.now()).toBeGreaterThan((PHONE_PROOF_TTL_S - 60) * 1000);
    sessionStorage.setItem(PHONE_PROOF_KEY, JSON.stringify({ ...stored, expiresAt: Date.now() - 1 }));

    cleanup();
    const reloaded = await load('/pt/create-account');
    await screen.findByRole('heading', { name: 'Crie sua conta' });
    expect(reloaded.location.pathname).toBe('/pt/sign-up');
    expect(sessionStorage.getItem(PHONE_PROOF_KEY)).toBeNull();
  });
});
