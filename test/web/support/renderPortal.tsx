import { render } from '@testing-library/react';
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { App } from '../../../src/web/app/App';
import { BotCheckProvider } from '../../../src/web/features/auth/parts/BotCheck/BotCheck';
import type { TestServer } from '../../support/server';

/** A page load of the whole portal at `url` against the in-process server (a reload: a new App, the same tab's storage). */
export async function renderPortal(server: TestServer, url: string): Promise<RouterHistory> {
  const history = createMemoryHistory({ initialEntries: [url] });
  render(
    <BotCheckProvider stub={{ payload: await server.solveBotCheck() }}>
      <App history={history} fetch={server.fetch} origin="http://portal.test" />
    </BotCheckProvider>,
  );
  return history;
}
