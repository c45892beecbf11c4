// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, configure, render, waitFor } from '@testing-library/react';
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { App } from '../../../src/web/app/App';
import { BotCheckProvider } from '../../../src/web/features/auth/parts/BotCheck/BotCheck';
import { documentTitle } from '../../../src/shared/brand';
import { subscriptionCustomer } from '../../paths/samples';

/**
 * Every page names itself in the document title, from the screen table (src/shared/routes.ts): one
 * effect in the App follows the journey machine's screen. No server: the calls fail as if offline,
 * which the journey survives (a stored session keeps its profile).
 */

// the first render loads the lazy screens through Vite's transform
configure({ asyncUtilTimeout: 10_000 });

const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;

beforeEach(() => { localStorage.clear(); document.title = 'before the app'; });
afterEach(() => { cleanup(); });

function renderApp(url: string): RouterHistory {
  const history = createMemoryHistory({ initialEntries: [url] });
  render(
    <BotCheckProvider stub={{ payload: 'unused' }}>
      <App history={history} fetch={offline} origin="http://portal.test" />
    </BotCheckProvider>,
  );
  return history;
}

describe('document title', () => {
  it('names the landing page as the portal, and each public page by its title', async () => {
    const history = renderApp('/pt');
    await waitFor(() => expect(document.title).toBe('Portal Sol de Casa'));
    act(() => history.push('/pt/welcome'));
    await waitFor(() => expect(document.title).toBe('Boas-vindas | Sol de Casa'));
    act(() => history.push('/pt/login'));
    await waitFor(() => expect(document.title).toBe('Entrar | Sol de Casa'));
    act(() => history.push('/pt/sign-up'));
    await waitFor(() => expect(document.title).toBe(documentTitle('signUp')));
  });

  it('follows the machine, not the URL: a private page without a session is the landing page', async () => {
    const history = renderApp('/pt/technical-visit');
    await waitFor(() => expect(history.location.pathname).toBe('/pt'));
    expect(document.title).toBe('Portal Sol de Casa');
  });

  it('names a private page inside the signed-in frame', async () => {
    localStorage.setItem('portal:session', JSON.stringify({
      auth: { token: 'token-101', signed: true, phone: subscriptionCustomer.phone }, user: subscriptionCustomer, schedule: null,
    }));
    const history = renderApp('/pt/profile');
    await waitFor(() => expect(document.title).toBe('Meu perfil | Sol de Casa'));
    expect(history.location.pathname).toBe('/pt/profile');
  });
});
