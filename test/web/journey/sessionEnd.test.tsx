// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { App } from '../../../src/web/app/App';
import { queues } from '../../../src/web/ui/Toast/toastQueue';
import { messages as m } from '../../../src/shared/messages';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { upload } from '../../support/uploads';

/** a photo of a bill, as far as the upload checks go (a 1×1 PNG) */
const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));

/**
 * How a session ends, as the customer sees it and as the network sees it: an expired session says
 * why on the landing page (on start and on any call), and after 'Sair' the browser makes the
 * logout call once and no other call with (or for) the session.
 */
configure({ asyncUtilTimeout: 10_000 });

interface Seen { method: string; path: string; auth: boolean; status: number; at: number }
let server: TestServer;
let seen: Seen[];
/** holds the logout's answer until released (the window in which polls used to fire) */
let holdLogout: Promise<void> | null;
const countingFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(String(input), init);
  const path = new URL(request.url).pathname.replace('/api/v1', '');
  const entry: Seen = { method: request.method, path, auth: request.headers.has('Authorization'), status: 0, at: seen.length };
  seen.push(entry);
  if (path === '/portal/logout' && holdLogout) await holdLogout;
  const response = await server.fetch(request);
  entry.status = response.status;
  return response;
}) as typeof fetch;

// jobs run only when a test says so: a bill sent stays under analysis, and its page keeps asking
beforeAll(async () => { server = await createTestServer({ autoDrain: false }); });
afterAll(async () => { await server?.close(); });
beforeEach(() => { localStorage.clear(); seen = []; holdLogout = null; });
afterEach(() => {
  cleanup();
  // toasts outlive a test (the queue is the app's): none carries over
  for (const queue of Object.values(queues)) for (const t of queue.visibleToasts) queue.close(t.key);
});

async function signedIn(): Promise<{ token: string; phone: string }> {
  const { token, phone } = await signUpNewCustomer(server);
  localStorage.setItem('portal:session', JSON.stringify({ auth: { token, signed: true, phone }, user: null, schedule: null }));
  return { token, phone };
}

function renderApp(url: string): RouterHistory {
  const history = createMemoryHistory({ initialEntries: [url] });
  render(<App history={history} fetch={countingFetch} origin="http://portal.test" />);
  return history;
}

const revoke = (token: string) => server.fetch('http://portal.test/api/v1/portal/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });

describe('an expired session says why', () => {
  it('on start: the stored session is refused, the landing page says the session expired', async () => {
    const { token } = await signedIn();
    await revoke(token);
    const history = renderApp('/pt/bill');
    await waitFor(() => expect(history.location.pathname).toBe('/pt'));
    expect(await screen.findByText(m['common.error.unauthorized'])).toBeTruthy();
    expect(m['common.error.unauthorized']).toBe('Sua sessão expirou. Entre novamente.');
    expect(localStorage.getItem('portal:session')).toBeNull();
  });

  it('on a page call: the customer is taken to the landing page with the same message', async () => {
    const { token } = await signedIn();
    const history = renderApp('/pt/profile');
    await waitFor(() => expect(history.location.pathname).toBe('/pt/profile'));
    await revoke(token);
    history.push('/pt/bill'); // the bill page asks for the bill: 401
    await waitFor(() => expect(history.location.pathname).toBe('/pt'));
    expect(await screen.findByText(m['common.error.unauthorized'])).toBeTruthy();
  });

  it('a server that cannot be reached is not an expired session: no such message', async () => {
    await signedIn();
    const offline = (async () => { throw new TypeError('offline'); }) as typeof fetch;
    const history = createMemoryHistory({ initialEntries: ['/pt/bill'] });
    render(<App history={history} fetch={offline} origin="http://portal.test" />);
    await waitFor(() => expect(history.location.pathname).toBe('/pt/bill'));
    expect(screen.queryByText(m['common.error.unauthorized'])).toBeNull();
  });
});

describe("after 'Sair'", () => {
  it('the logout call is made once and no call with or for the session follows; nothing answers 401', async () => {
    const user = userEvent.setup({ delay: null });
    const { token } = await signedIn();
    await call(server, 'POST', '/portal/customers/plan-simulated', { bill_value: 600, deadline_years: 20, nivel: 'MAX' }, { token });
    await upload(server, '/portal/customers/bills?is_holder=true', { bytes: PNG, name: 'conta.png', type: 'image/png' }, { token });
    const history = renderApp('/pt/bill');
    await screen.findByRole('heading', { name: 'Conta de luz' });
    // the bill is under analysis: the page asks again every 2 seconds
    await waitFor(() => expect(seen.filter((s) => s.path === '/portal/customers/bills').length).toBeGreaterThan(1), { timeout: 6000 });
    // the bell has its list: the signed-in frame is settled
    await waitFor(() => expect(seen.some((s) => s.path === '/portal/notifications' && s.status === 200)).toBe(true));
    let release = () => {};
    holdLogout = new Promise<void>((r) => { release = r; });
    const before = seen.length;
    const sair = screen.getAllByRole('button', { name: /Sair/ })[0]!;
    await user.click(sair);
    await user.click(sair); // a second press while the first runs
    // the logout takes a while to answer: the page's next questions come due meanwhile
    await new Promise((r) => setTimeout(r, 2500));
    release();
    await waitFor(() => expect(history.location.pathname).toBe('/pt'));
    await new Promise((r) => setTimeout(r, 1500));
    const after = seen.slice(before);
    expect(after.filter((s) => s.path === '/portal/logout')).toHaveLength(1);
    const logoutAt = after.findIndex((s) => s.path === '/portal/logout');
    expect(after.slice(logoutAt + 1), 'calls after the logout').toEqual([]);
    expect(seen.filter((s) => s.status === 401), 'answers 401').toEqual([]);
    expect(screen.queryByText(m['common.error.unauthorized'])).toBeNull();
  });
});
