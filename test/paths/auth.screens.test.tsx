// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { App } from '../../src/web/app/App';
import { BotCheckProvider } from '../../src/web/features/auth/parts/BotCheck/BotCheck';
import { messages as m } from '../../src/shared/messages';
import { createTestServer, type TestServer } from '../support/server';
import { lastCode, newPhone, requestCode, signUpNewCustomer } from '../support/flows';
import { formatEvent, formatFailure, generatePaths, type TestPath } from './engine';
import { authPaths } from './auth.paths';

/**
 * The auth machine's shortest paths against the real screens: the App rendered in happy-dom, its
 * API calls served in process by the Hono app on PGlite. Each event is done the way a person does
 * it (typing, pressing), each actor outcome is produced by the real server (an account made
 * beforehand for `existingCustomer`, a wrong code for `wrongCode`), and after every step the
 * screen must show what the machine's state stands for. Paths with a step the screens cannot
 * produce on this server are listed as skipped with the reason.
 */

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
beforeEach(() => { localStorage.clear(); sessionStorage.clear(); });
afterEach(() => { cleanup(); });

type User = ReturnType<typeof userEvent.setup>;
interface Run { user: User; phone: string; history: RouterHistory; botCheck: (payload: string) => void }

const label = (path: TestPath, i: number) => formatEvent(path.steps[i]!.event);

/** Why a step cannot be driven through the screens here, or null when it can. */
function notDrivable(path: TestPath): string | null {
  if (path.input.sample === 'confirmedUnknownNumber') return 'starts with a phone confirmed by an earlier sign-in (reached through the signIn paths)';
  for (const [i] of path.steps.entries()) {
    const text = label(path, i);
    if (text.startsWith('after ')) return 'waits out the 30 s resend countdown';
    if (text.includes('codeWithLetters')) return 'the code boxes take digits only';
    if (text.startsWith('account.submit')) return 'fills the registration form (covered by test/web/app/journey.test.tsx)';
    if (text.includes('offline') || text.includes('emailInUse')) return `needs a failing server (${text})`;
    if (text.startsWith('cooldown.restart')) return 'raised by the machine itself';
    if (text.includes('heldBack')) return 'needs the phone\'s ten wrong codes first (test/web/features/auth/codeScreen.test.tsx drives it)';
  }
  return null;
}

async function step(run: Run, path: TestPath, i: number): Promise<void> {
  const text = label(path, i);
  const { user } = run;
  if (text.startsWith('phone.submit')) {
    const cell = await screen.findByLabelText('Celular');
    await user.clear(cell);
    if (text.includes('botCheckNotSolved')) run.botCheck('');
    await user.type(cell, text.includes('shortNumber') ? '1198765' : run.phone.slice(2));
    await user.click(screen.getByRole('button', { name: 'Receber código por SMS' }));
  } else if (text.startsWith('code.submit')) {
    // the server decides the outcome: the code it sent, or a wrong one when the path says it fails
    const fails = path.steps[i + 1] && label(path, i + 1).startsWith('checkCode fails');
    const sent = await waitFor(() => lastCode(server, run.phone));
    const code = fails ? (sent === '000000' ? '111111' : '000000') : sent;
    await user.click(await screen.findByLabelText('Dígito 1 de 6'));
    await user.keyboard(code);
  } else if (text === 'code.resendWhatsapp') {
    // the machine offers WhatsApp at once; the server still holds every channel to its 30 s
    // cooldown: the person waits it out, unless the path says the server refuses
    if (!label(path, i + 1).includes('rateLimited')) server.clock.advance(31_000);
    await user.click(await screen.findByRole('button', { name: 'Receber pelo WhatsApp' }));
  } else if (text === 'code.resendEmail') {
    server.clock.advance(31_000);
    await user.click(await screen.findByRole('button', { name: 'Enviar código para o e-mail cadastrado' }));
  } else if (text === 'registration.start') {
    await user.click(await screen.findByRole('button', { name: 'Cadastrar este número' }));
  }
  // actor outcomes come from the server; notice.dismiss is sent by the screen once the toast shows
}

/** What the screen shows for the machine's state after step `i`. */
async function shows(run: Run, path: TestPath, i: number): Promise<void> {
  const state = path.steps[i]!.state;
  const text = label(path, i);
  await waitFor(() => {
    if (state.hasTag('busy')) return;
    if (state.matches('phoneEntry')) {
      screen.getByLabelText('Celular');
      if (text.includes('botCheckNotSolved')) screen.getByText(m['code.RECAPTCHA_REQUIRED']);
    } else if (state.matches('codeEntry')) {
      screen.getByRole('heading', { name: 'Digite o código' });
      if (text.includes('resendWhatsapp') || text.startsWith('requestCode resolves') && path.steps[i - 1] && label(path, i - 1) === 'code.resendWhatsapp') {
        screen.getByText(m['access.code.resentWhatsapp']);
      }
      if (text.startsWith('sendCodeByEmail resolves')) screen.getByText(m['access.code.resentEmail']);
      if (text.startsWith('checkCode fails')) screen.getAllByText(m['access.code.invalid'] ?? 'Código de acesso inválido');
    } else if (state.matches('notRegistered')) {
      screen.getByText(m['login.notRegistered']);
      screen.getByRole('button', { name: 'Cadastrar este número' });
    } else if (state.matches('registration')) {
      screen.getByRole('button', { name: 'Cadastrar' });
      if (!run.history.location.pathname.endsWith('/create-account')) throw new Error(`URL ${run.history.location.pathname}, not /pt/create-account`);
    } else if (state.matches('signedIn')) {
      if (!run.history.location.pathname.startsWith('/pt/bill')) throw new Error(`URL ${run.history.location.pathname}, not /pt/bill`);
    }
  });
}

const screenText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 1200);

const { paths } = generatePaths(authPaths);

describe('auth paths through the screens (happy-dom, API in process on PGlite)', () => {
  for (const path of paths.filter((p) => p.kind === 'shortest')) {
    const reason = notDrivable(path);
    const title = `#${path.index} ${path.title}`;
    if (reason) {
      it.skip(`${title} — not driven through the screens: ${reason}`, () => {});
      continue;
    }
    it(title, async () => {
      const phone = newPhone();
      if (path.steps.some((_, i) => label(path, i).includes('existingCustomer'))) {
        await signUpNewCustomer(server, phone);
        server.clock.advance(31_000); // past the sign-up code's resend cooldown
      }
      if (path.steps[1] && label(path, 1).startsWith('requestCode fails (rateLimited)')) {
        // other requests of this phone used up its 5 sends per 10 minutes: the server refuses this one
        for (let n = 0; n < 5; n++) {
          await requestCode(server, phone, { type: path.input.sample === 'signIn' ? 'SIGN_IN' : 'SIGN_UP', secret: `other-request-secret-${n}-0123456789abc` });
        }
      }
      const history = createMemoryHistory({ initialEntries: [path.input.sample === 'signIn' ? '/pt/login' : '/pt/sign-up'] });
      const payload = await server.solveBotCheck();
      const tree = (p: string) => (
        <BotCheckProvider stub={{ payload: p }}>
          <App history={history} fetch={server.fetch} origin="http://portal.test" />
        </BotCheckProvider>
      );
      const { rerender } = render(tree(payload));
      const run: Run = { user: userEvent.setup(), phone, history, botCheck: (p) => rerender(tree(p)) };
      // the first render loads the lazy screens through Vite's transform: slow on a busy machine
      await screen.findByLabelText('Celular', undefined, { timeout: 30_000 });
      for (const [i] of path.steps.entries()) {
        try {
          await step(run, path, i);
          await shows(run, path, i);
        } catch (error) {
          throw new Error(formatFailure(path, i, error instanceof Error ? error.message.split('\n')[0]! : String(error), screenText()), { cause: error });
        }
      }
    }, 60_000);
  }
});
