// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
/**
 * The code screen against the in-process API (issue 10): while the server says wait it shows how
 * long and turns the resends off; identical toasts do not stack; sign-up offers no e-mail resend;
 * after a WhatsApp resend the screen says WhatsApp; the browser's request secret goes with every call.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterHistory } from '@tanstack/react-router';
import { renderPortal } from '../../support/renderPortal';
import { countdownText } from '../../../../src/web/features/auth/parts/countdown';
import { toast } from '../../../../src/web/ui/Toast/Toast';
import { CODE_REQUEST_KEY, requestSecretFor } from '../../../../src/web/journey/authFlow';
import { createTestServer, type TestServer } from '../../../support/server';
import { call, lastCode, newPhone, requestCode, signUpNewCustomer } from '../../../support/flows';
import { messages as m } from '#shared/messages';

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
beforeEach(() => { localStorage.clear(); sessionStorage.clear(); toast.clear(); });
afterEach(() => { cleanup(); act(() => toast.clear()); vi.useRealTimers(); });

/** The 30 s countdown passes for the browser (timers) and for the server (its clock). */
async function waitOutCooldown() {
  server.clock.advance(31_000);
  await act(async () => { await vi.advanceTimersByTimeAsync(31_000); });
}
const timersThatCanJump = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });

type User = ReturnType<typeof userEvent.setup>;
const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const disabled = (el: HTMLElement) => el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true';

const renderApp = (url: string): Promise<RouterHistory> => renderPortal(server, url);

async function toCodeScreen(user: User, url: string, phone: string): Promise<void> {
  await renderApp(url);
  const cell = await screen.findByLabelText('Celular');
  await user.type(cell, phone.slice(2));
  await user.click(screen.getByRole('button', { name: 'Receber código por SMS' }));
  await screen.findByRole('heading', { name: 'Digite o código' });
}

async function typeCode(user: User, code: string) {
  await user.click(await screen.findByLabelText('Dígito 1 de 6'));
  await user.keyboard(code);
}

/** The toasts showing a text (in the notification regions, not the field's own error). */
const toastsSaying = (text: string) =>
  screen.queryAllByRole('region', { name: 'Notificações' }).flatMap((region) => within(region).queryAllByText(text));

describe('the code screen', () => {
  it('sign-up does not offer the e-mail resend (there is no e-mail yet); sign-in does', async () => {
    const user = userEvent.setup({ delay: null });
    await toCodeScreen(user, '/pt/sign-up', newPhone());
    expect(screen.getByRole('button', { name: 'Receber pelo WhatsApp' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar código para o e-mail cadastrado' })).toBeNull();
    cleanup();
    await toCodeScreen(user, '/pt/login', newPhone());
    expect(screen.getByRole('button', { name: 'Enviar código para o e-mail cadastrado' })).toBeTruthy();
  });

  it('after a WhatsApp resend the screen says the code went by WhatsApp', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    timersThatCanJump();
    await toCodeScreen(user, '/pt/login', phone);
    expect(screen.getByText(/por SMS para/)).toBeTruthy();
    await waitOutCooldown();
    await waitFor(() => expect(disabled(screen.getByRole('button', { name: 'Receber pelo WhatsApp' }))).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Receber pelo WhatsApp' }));
    expect(await screen.findByText(/por WhatsApp para/)).toBeTruthy();
    expect(screen.queryByText(/por SMS para/)).toBeNull();
    expect((await server.readOutbox(phone))[0]?.channel).toBe('whatsapp');
    // and the WhatsApp code signs in: it belongs to this screen's request
    await typeCode(user, await lastCode(server, phone));
    expect(await screen.findByText(m['login.notRegistered'])).toBeTruthy();
  });

  it('a request the server holds back shows how long, keeps the code and the resends off, and one toast however often it is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const { phone } = await signUpNewCustomer(server);
    server.clock.advance(31_000);
    // someone else's request of the phone (bot check passed) brings it to its 10 wrong codes
    const other = randomBytes(32).toString('base64url');
    for (let round = 0; round < 2; round++) {
      await requestCode(server, phone, { secret: other });
      const theirs = await lastCode(server, phone);
      for (let i = 0; i < 5; i++) await call(server, 'POST', '/portal/login', { phone, code: wrong(theirs), secret: other });
      server.clock.advance(31_000);
    }
    await toCodeScreen(user, '/pt/login', phone);
    const code = await lastCode(server, phone);
    // a typo: the phone is over its 10, so this request now waits 2 minutes
    await typeCode(user, wrong(code));
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toBe('Muitas tentativas com código errado. Tente de novo em 2:00.');
    expect(toastsSaying(m['access.code.tooManyTries'])).toHaveLength(1);
    expect(disabled(screen.getByRole('button', { name: 'Confirmar' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: /Reenviar SMS em 2:00/ }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Receber pelo WhatsApp' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Enviar código para o e-mail cadastrado' }))).toBe(true);
    // typing the code again while held sends nothing
    await typeCode(user, code);
    await new Promise((r) => setTimeout(r, 300));
    expect(toastsSaying(m['access.code.tooManyTries'])).toHaveLength(1);
    expect(screen.getByRole('timer')).toBeTruthy();
  });

  it('a resend refused by the send limit shows the wait on the button and turns every resend off', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    timersThatCanJump();
    await toCodeScreen(user, '/pt/login', phone);
    // four more requests of the phone from the screen's own network (another tab, or someone on the
    // same connection) fill its 5 sends per 10 minutes; requests from other networks have budgets of their own
    for (let i = 0; i < 4; i++) await requestCode(server, phone, { secret: randomBytes(32).toString('base64url') }, { headers: { 'X-Forwarded-For': '' } });
    await waitOutCooldown();
    await waitFor(() => expect(disabled(screen.getByRole('button', { name: 'Reenviar código por SMS' }))).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Reenviar código por SMS' }));
    const resend = await screen.findByRole('button', { name: /Reenviar SMS em 9:(29|28)/ });
    expect(disabled(resend)).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Receber pelo WhatsApp' }))).toBe(true);
    expect(toastsSaying(m['access.code.sendLimit'])).toHaveLength(1);
  });

  it('identical wrong-code toasts do not stack', async () => {
    const user = userEvent.setup({ delay: null });
    const phone = newPhone();
    await toCodeScreen(user, '/pt/sign-up', phone);
    const code = await lastCode(server, phone);
    for (let i = 0; i < 3; i++) {
      await typeCode(user, wrong(code));
      await waitFor(() => expect((screen.getByLabelText('Dígito 1 de 6') as HTMLInputElement).value).toBe(''));
    }
    expect(toastsSaying(m['access.code.invalid'])).toHaveLength(1);
  });

  it('the request secret is the tab\'s: kept while its code is on its way (reload, Back), new afterwards', () => {
    const phone = newPhone();
    const now = Date.now();
    const first = requestSecretFor(phone, now);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    sessionStorage.setItem(CODE_REQUEST_KEY, JSON.stringify({ phone, secret: first, at: now }));
    expect(requestSecretFor(phone, now + 29_000)).toBe(first);
    expect(requestSecretFor(newPhone(), now + 1_000)).not.toBe(first);
    expect(requestSecretFor(phone, now + 30_000)).not.toBe(first);
  });

  it('countdowns read as a clock', () => {
    expect([29, 60, 569, 3840].map(countdownText)).toEqual(['0:29', '1:00', '9:29', '1:04:00']);
  });
});
