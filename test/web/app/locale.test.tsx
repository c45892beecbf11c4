// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '../../../src/web/app/App';
import { BotCheckProvider } from '../../../src/web/features/auth/parts/BotCheck/BotCheck';
import { subscriptionCustomer } from '../../paths/samples';

/**
 * react-aria's own texts (a dialog's dismiss button, read by screen readers) are in the portal's
 * language whatever the browser's: App wraps everything in react-aria's I18nProvider, and the
 * build keeps only the pt-BR and en-US dictionaries (test/build). No server: the calls fail as if
 * offline, which a stored session survives.
 */
configure({ asyncUtilTimeout: 10_000 });
const realLanguage = Object.getOwnPropertyDescriptor(Navigator.prototype, 'language');
afterEach(() => {
  cleanup();
  localStorage.clear();
  if (realLanguage) Object.defineProperty(Navigator.prototype, 'language', realLanguage);
});

const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;

describe('the portal language', () => {
  it("the menu drawer's dismiss button says 'Descartar' in an English browser", async () => {
    Object.defineProperty(Navigator.prototype, 'language', { configurable: true, get: () => 'en-US' });
    localStorage.setItem('portal:session', JSON.stringify({
      auth: { token: 'token-101', signed: true, phone: subscriptionCustomer.phone }, user: subscriptionCustomer, schedule: null,
    }));
    render(
      <BotCheckProvider stub={{ payload: 'unused' }}>
        <App history={createMemoryHistory({ initialEntries: ['/pt/profile'] })} fetch={offline} origin="http://portal.test" />
      </BotCheckProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Descartar' })).not.toHaveLength(0));
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });
});
