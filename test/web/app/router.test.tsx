// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, configure, render, waitFor } from '@testing-library/react';
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { App } from '../../../src/web/app/App';
import { createAppRouter } from '../../../src/web/app/router';
import { ROUTED_PATHS, urlOfPath } from '../../../src/shared/routes';

/**
 * The router built from the screen table: '/' and other languages go to '/pt'; every path of the
 * table (aliases included) is a route of its own under '/$lang', anything else the catch-all.
 */

configure({ asyncUtilTimeout: 10_000 });

const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;

beforeEach(() => { localStorage.clear(); });
afterEach(() => { cleanup(); });

function renderApp(url: string): RouterHistory {
  const history = createMemoryHistory({ initialEntries: [url] });
  render(<App history={history} fetch={offline} origin="http://portal.test" />);
  return history;
}

describe('router', () => {
  it("redirects '/' to the language home", async () => {
    const history = renderApp('/');
    await waitFor(() => expect(history.location.pathname).toBe('/pt'));
  });

  it('redirects another language to pt, keeping the path and the query', async () => {
    const history = renderApp('/pt');
    await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
    act(() => history.push('/en/welcome?cupom=sol10'));
    await waitFor(() => expect(history.location.pathname).toBe('/pt/welcome'));
    expect(history.location.search).toContain('cupom=sol10');
  });

  it('has a route for every path of the screen table, and the catch-all for the rest', () => {
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/pt'] }));
    const routeOf = (path: string) => router.matchRoutes(path).at(-1)?.routeId;
    for (const path of ROUTED_PATHS) {
      const url = path === '/' ? urlOfPath('/') : `/pt${path}`;
      expect(routeOf(url)).toBe(path === '/' ? '/$lang/' : `/$lang${path}`);
    }
    expect(routeOf('/pt/not-a-screen')).toBe('/$lang/$');
  });
});
