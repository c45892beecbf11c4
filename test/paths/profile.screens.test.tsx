// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///", "settings": { "disableIframePageLoading": true } }
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync } from 'fflate';
import { ProfileFlow } from '../../src/web/features/profile/ProfileScreen';
import { createApi } from '../../src/web/api/client';
import { cardFieldMessage } from '../../src/shared/checkout/rules';
import { fill, messages as m } from '../../src/shared/messages';
import { RETENTION } from '../../src/shared/profile/rules';
import type { ProfileContext } from '../../machines/profile/profileMachine';
import { eq } from 'drizzle-orm';
import { customers } from '../../src/server/platform/db/schema';
import { createTestServer, type TestServer } from '../support/server';
import { call, customerAtCheckout, customerAtContracts, customerAtPayment, lastCode, signInAgain, signUpCustomerWithId } from '../support/flows';
import { signOnPage } from '../server/profile/support';
import type { TestPath } from './engine';
import { describeScreenPaths, stepLabel as label, stepLabels as labels } from './screenPaths';
import { profilePaths } from './profile.paths';

/**
 * The profile machine's shortest paths against the real 'Meu perfil': ProfileFlow in happy-dom, its
 * calls (and the card sandbox's tokenizer) served in process by the Hono app on PGlite, for
 * customers made through the same calls the screens make: a subscriber whose contracts are signed,
 * buyers before their contracts, with none or both signed. Signatures are made on the signing
 * page's own calls, as the frame would; SMS codes come from the outbox. Two answers the server
 * gives only in states these customers are not in are given at the web layer: the invoice refused
 * for a missing power of attorney (the buyer whose two signatures let the button on), and the
 * card's reload failing after its update.
 */

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); });

const YEAR = new Date().getFullYear();

type Cut = 'load' | 'tokenize' | 'check' | 'export' | 'sessions';
const READS = ['/portal/customers', '/customers/scheduling', '/customers/documents', '/customers/contracts', '/selected-plan', '/proposal', '/customers/cc', '/customers/checkout', '/invoice_status'];
const cutOf = (request: Request): Cut | null => {
  const url = new URL(request.url).pathname;
  if (url.includes('/check_signers/')) return 'check';
  if (url.endsWith('/payment_token') || url.endsWith('/payments/tokenizer')) return 'tokenize';
  if (url.endsWith('/customers/export')) return 'export';
  if (url.endsWith('/sessions/code')) return 'sessions';
  if (request.method === 'GET' && READS.some((r) => url.endsWith(r))) return 'load';
  return null;
};

interface Customer {
  id: number; token: string; phone: string; contracts: { id: string; type: string; key: string }[]; takenEmail: string | null;
  /** the subscriber's session on a phone, for the paths that end it */
  phoneSession?: string;
}
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
interface Run {
  user: ReturnType<typeof userEvent.setup>; cuts: Set<Cut>; went: string[]; customer: Customer | null;
  tabs: string[]; closedTabs: number; saved: { name: string; bytes: Uint8Array }[]; loggedOut: boolean; putCard: boolean;
}

function notDrivable(path: TestPath): string | null {
  const loads = labels(path).filter((t) => t.startsWith('loadProfile resolves'));
  if (new Set(loads).size > 1) return 'one customer answers every load the same';
  if (loads.some((t) => t.includes('(buyerNotAtContract)'))) return 'a buyer is at CONTRACT from the final proposal\'s approval until the purchase contract is signed';
  return null;
}

async function customerFor(path: TestPath): Promise<Customer> {
  const first = labels(path).find((t) => t.startsWith('loadProfile resolves')) ?? 'loadProfile resolves (subscriber)';
  const sample = /\((\w+)\)/.exec(first)?.[1] ?? 'subscriber';
  const takenEmail = labels(path).some((t, i, all) => t.startsWith('requestEmailChangeCodes fails (emailInUse)') && all[i - 1]?.startsWith('email.sendCodes'))
    ? String((await call(server, 'GET', '/portal/customers', undefined, { token: (await signUpCustomerWithId(server)).token })).body.email) : null;
  if (sample === 'company') return { ...(await customerAtCheckout(server, { kind: 'business', paid: true })), contracts: [], takenEmail };
  if (sample === 'subscriber') {
    const c = await customerAtContracts(server);
    for (const x of c.contracts) await signOnPage(server, c, x.key);
    // the subscriber signed in on a phone too (the sample's second session)
    return { ...c, takenEmail, phoneSession: await signInAgain(server, c.phone, ANDROID_CHROME) };
  }
  const c = await customerAtPayment(server, sample === 'financingSigned' ? 'FINANCING' : 'CASH_PURCHASE', { contracts: sample !== 'buyerBeforeContracts' });
  const purchase = c.contracts.find((x) => x.type === 'PURCHASE_CONTRACT');
  const procuration = c.contracts.find((x) => x.type === 'POWER_OF_ATTORNEY');
  if (['buyerSigned', 'buyerContractSigned', 'financingSigned'].includes(sample)) await signOnPage(server, c, purchase!.key);
  if (['buyerSigned', 'financingSigned'].includes(sample)) await signOnPage(server, c, procuration!.key);
  return { ...c, takenEmail };
}

const state = (path: TestPath, i: number) => path.steps[Math.max(0, i)]!.state;
const next = (path: TestPath, i: number) => labels(path)[i + 1] ?? '';
const dialog = (name: string) => screen.findByRole('dialog', { name });

async function choose(user: Run['user'], inside: HTMLElement, name: string, option: string) {
  await user.click(within(inside).getByRole('button', { name: new RegExp(name) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The card this path's tokenizer and issuer answers need. */
function numberFor(path: TestPath, i: number): string {
  const after = labels(path).slice(i + 1);
  if (after.some((t) => t.startsWith('tokenizeCard resolves (numberFlagged)'))) return '4111 1111 1111 1112';
  if (after.some((t) => t.startsWith('replaceCard fails (declined)'))) return '4012 8888 8888 1881';
  return '5555 5555 5555 4444';
}

/** The address a path changes the e-mail to. */
const newEmailOf = (c: Customer) => `ana.nova.${c.phone}@example.com.br`;
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function typeCode(user: Run['user'], code: string, name: string = m['profile.delete.code']) {
  const group = await screen.findByRole('group', { name });
  await user.click(within(group).getByRole('textbox', { name: 'Dígito 1 de 6' }));
  await user.keyboard(code);
}

async function step(run: Run, path: TestPath, i: number): Promise<void> {
  const text = label(path, i);
  const { user } = run;
  const c = run.customer!;
  if (text === 'page.retry') await user.click(await screen.findByRole('button', { name: m['profile.retry'] }));
  else if (text.startsWith('personal.save')) {
    const name = await screen.findByRole('textbox', { name: m['profile.personal.name'] });
    if (text.includes('(newName)')) {
      await user.clear(name);
      await user.type(name, 'Ana Souza Lima');
    } else if (text.includes('(tooShort)')) {
      await user.clear(name);
      await user.type(name, 'A');
    }
    await user.click(screen.getByRole('button', { name: m['profile.personal.save'] }));
  } else if (text === 'email.open') await user.click(await screen.findByRole('button', { name: m['profile.email.button'] }));
  else if (text.startsWith('email.sendCodes')) {
    const box = within(await dialog(m['profile.email.title']));
    const field = box.getByRole('textbox', { name: m['profile.email.new'] });
    await user.clear(field);
    const taken = next(path, i).startsWith('requestEmailChangeCodes fails (emailInUse)');
    await user.type(field, text.includes('(notAnEmail)') ? 'ana@' : taken && c.takenEmail ? c.takenEmail : newEmailOf(c).toUpperCase());
    await user.click(box.getByRole('button', { name: m['profile.email.sendCodes'] }));
  } else if (text.startsWith('email.confirm')) {
    const box = within(await dialog(m['profile.email.title']));
    const emailCode = await lastCode(server, newEmailOf(c));
    const smsCode = await lastCode(server, c.phone);
    await typeCode(user, emailCode, m['profile.email.emailCode']);
    if (!text.includes('(smsMissing)')) await typeCode(user, next(path, i).startsWith('changeEmail fails') ? wrongCode(smsCode) : smsCode, m['profile.email.smsCode']);
    await user.click(box.getByRole('button', { name: m['profile.email.confirm'] }));
  } else if (text === 'email.resend') {
    if (next(path, i).startsWith('requestEmailChangeCodes resolves')) server.clock.advance(31_000);
    else {
      // meanwhile another account took the address
      const other = await signUpCustomerWithId(server);
      await server.db.update(customers).set({ email: newEmailOf(c) }).where(eq(customers.id, other.id));
    }
    await user.click(within(await dialog(m['profile.email.title'])).getByRole('button', { name: m['profile.email.resend'] }));
  } else if (text === 'email.cancel') {
    const box = within(await dialog(m['profile.email.title']));
    await user.click(box.queryByRole('button', { name: m['profile.email.cancel'] }) ?? box.getByRole('button', { name: 'Fechar' }));
  } else if (text.startsWith('sessions.end')) {
    await user.click(text.includes('(phone)')
      ? await screen.findByRole('button', { name: /^Desconectar Chrome no Android, último uso em / })
      : await screen.findByRole('button', { name: m['profile.sessions.button'] }));
  } else if (text.startsWith('sessions.confirm')) {
    const box = within(await screen.findByRole('dialog'));
    if (text.includes('(fourDigits)')) await typeCode(user, '1234', m['profile.sessions.code']);
    else {
      const code = await lastCode(server, c.phone);
      // meanwhile the phone's session ended (signed out there)
      if (next(path, i).startsWith('endSessions fails (alreadyEnded)')) await call(server, 'POST', '/portal/logout', undefined, { token: c.phoneSession });
      await typeCode(user, next(path, i).startsWith('endSessions fails (wrongCode)') ? wrongCode(code) : code, m['profile.sessions.code']);
    }
    await user.click(box.getByRole('button', { name: m['profile.sessions.confirm'] }));
  } else if (text === 'sessions.resend') {
    if (next(path, i).startsWith('requestSessionsCode resolves')) server.clock.advance(31_000);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: m['profile.sessions.resend'] }));
  } else if (text === 'sessions.cancel') {
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: m['profile.sessions.cancel'] }));
  } else if (text === 'contracts.go') await user.click(await screen.findByRole('button', { name: m['profile.contracts.go'] }));
  else if (text === 'payment.go') {
    const open = screen.queryByRole('alertdialog', { name: m['profile.notNow.title'] });
    await user.click(open ? within(open).getByRole('button', { name: m['profile.steps.goPayment'] }) : await screen.findByRole('button', { name: m['profile.steps.goPayment'] }));
  } else if (text === 'card.open') await user.click(await screen.findByRole('button', { name: m['profile.card.update'] }));
  else if (text.startsWith('card.submit')) {
    const box = await dialog(m['profile.card.dialog']);
    const form = within(box);
    await user.type(form.getByRole('textbox', { name: m['checkout.card.number'] }), numberFor(path, i));
    await user.type(form.getByRole('textbox', { name: m['checkout.card.holder'] }), 'Bruna Costa');
    await choose(user, box, m['checkout.card.month'], '08');
    await choose(user, box, m['checkout.card.year'], String(YEAR + 4));
    if (!text.includes('(withoutCvv)')) await user.type(form.getByRole('textbox', { name: m['checkout.card.cvv'] }), '321');
    await user.click(form.getByRole('button', { name: m['checkout.card.submit'] }));
  } else if (text === 'card.close') await user.click(within(await dialog(m['profile.card.dialog'])).getByRole('button', { name: 'Fechar' }));
  else if (text.startsWith('contract.sign')) {
    await user.click(await screen.findByRole('button', { name: text.includes('procuration') ? m['profile.steps.signProcuration'] : m['profile.steps.signContract'] }));
  } else if (text === 'frame.signed') {
    const frame = await waitFor(() => { const f = document.querySelector('iframe'); if (!f) throw new Error('no frame'); return f; });
    const key = c.contracts.find((x) => frame.getAttribute('src')?.includes(x.key))!.key;
    // the page signs (the server records it), then the frame tells its parent; a 'signed' with nothing recorded is only a hint
    if (/^checkSigner (resolves \(signed\)|fails)/.test(next(path, i))) await signOnPage(server, c, key);
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: 'signed', origin: 'http://portal.test', source: frame.contentWindow as Window }));
    });
  } else if (text === 'frame.close') await user.click(await screen.findByRole('button', { name: m['contract.frame.close'] }));
  else if (text === 'notNow.close') await user.click(await screen.findByRole('button', { name: m['profile.notNow.ok'] }));
  else if (text === 'payment.start') await user.click(await screen.findByRole('button', { name: m['profile.steps.pay'] }));
  else if (text === 'export.request') await user.click(await screen.findByRole('button', { name: m['profile.export.button'] }));
  else if (text === 'deletion.open') await user.click(await screen.findByRole('button', { name: m['profile.delete.button'] }));
  else if (text === 'deletion.cancel') {
    const box = await screen.findByRole('alertdialog', { name: m['profile.delete.title'] });
    const cancel = within(box).queryByRole('button', { name: m['profile.delete.cancel'] });
    await user.click(cancel ?? within(box).getByRole('button', { name: 'Fechar' }));
  } else if (text === 'deletion.sendCode') {
    if (next(path, i).startsWith('requestDeletionCode fails')) {
      // the phone's sends of the last 10 minutes spent (5): the page's request is refused
      for (let n = 0; n < 6; n++) {
        const r = await call(server, 'POST', '/portal/customers/deletion/code', { secret: `spent-${n}-${Math.random().toString(36).slice(2)}-0123456789` }, { token: c.token });
        if (r.status === 429) break;
      }
    }
    await user.click(await screen.findByRole('button', { name: m['profile.delete.sendCode'] }));
  } else if (text.startsWith('deletion.confirm')) {
    if (text.includes('(fourDigits)')) await typeCode(user, '1234');
    else {
      const code = await lastCode(server, c.phone);
      await typeCode(user, next(path, i).startsWith('deleteAccount fails') ? wrongCode(code) : code);
    }
    await user.click(screen.getByRole('button', { name: m['profile.delete.confirm'] }));
  } else if (text === 'deletion.resend') {
    // the sign-in's 30-second resend, on the server's clock
    if (next(path, i).startsWith('requestDeletionCode resolves')) server.clock.advance(31_000);
    await user.click(await screen.findByRole('button', { name: m['profile.delete.resend'] }));
  } else if (text === 'deleted.leave') await user.click(await screen.findByRole('button', { name: m['profile.deleted.leave'] }));
}

const disabled = (el: HTMLElement) => el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true';
const TRANSIENT = ['loading', { ready: 'saving' }, { ready: { card: 'tokenizing' } }, { ready: { card: 'saving' } }, { ready: 'reloadingCard' }, { ready: 'checking' },
  { ready: 'paying' }, { ready: 'exporting' }, { ready: { deletion: 'sending' } }, { ready: { deletion: 'resending' } }, { ready: { deletion: 'deleting' } },
  { ready: { email: 'sending' } }, { ready: { email: 'resending' } }, { ready: { email: 'confirming' } },
  { ready: { sessions: 'sending' } }, { ready: { sessions: 'resending' } }, { ready: { sessions: 'ending' } }] as const;

async function shows(run: Run, path: TestPath, i: number): Promise<void> {
  const st = state(path, i);
  const ctx = st.context as ProfileContext;
  const text = label(path, i);
  await waitFor(() => {
    if (TRANSIENT.some((t) => st.matches(t as never))) return;
    if (st.matches('loadFailed')) { screen.getByText(m['profile.load.error']); return; }
    if (st.matches('left')) { if (!run.loggedOut) throw new Error('not logged out'); return; }
    if (st.matches('deleted')) {
      screen.getByRole('heading', { level: 1, name: m['profile.deleted.title'] });
      for (const kept of ctx.kept) screen.getByText(RETENTION[kept].what);
      return;
    }
    screen.getByRole('heading', { level: 1, name: 'Meu perfil' });
    if (st.matches({ ready: { card: 'editing' } })) {
      const box = screen.getByRole('dialog', { name: m['profile.card.dialog'] });
      if (text.includes('(withoutCvv)')) within(box).getByText(m['checkout.input.error']);
      if (text.includes('(numberFlagged)')) within(box).getByText(cardFieldMessage('number'));
      if (text.startsWith('tokenizeCard fails')) within(box).getByText(m['profile.card.error']);
      if (text.startsWith('replaceCard fails (declined)')) within(box).getByText(m['checkout.card.declined']);
      return;
    }
    if (st.matches({ ready: 'framing' })) { if (!document.querySelector('iframe')) throw new Error('the frame is not open'); return; }
    if (document.querySelector('iframe')) throw new Error('the frame is still open');
    if (st.matches({ ready: 'notNow' })) {
      const box = screen.getByRole('alertdialog', { name: m['profile.notNow.title'] });
      within(box).getByText(m[`profile.notNow.${ctx.refusal!}`]);
      return;
    }
    if (st.matches({ ready: { deletion: 'explaining' } })) {
      const box = screen.getByRole('alertdialog', { name: m['profile.delete.title'] });
      within(box).getByText(m['profile.delete.kept']);
      if (ctx.deletionError) within(box).getByText(m['access.code.sendLimit']);
      return;
    }
    if (st.matches({ ready: { deletion: 'entering' } })) {
      const box = screen.getByRole('alertdialog', { name: m['profile.delete.title'] });
      within(box).getByText(fill('profile.delete.codeSent', { last4: run.customer!.phone.slice(-4) }));
      if (text.includes('(fourDigits)')) within(box).getByText(m['common.access.form.maxCode']);
      if (text.startsWith('deleteAccount fails')) within(box).getByText(m['access.code.invalid']);
      if (text.startsWith('requestDeletionCode fails')) within(box).getByText(m['access.code.resendTooEarly']);
      return;
    }
    if (st.matches({ ready: { email: 'asking' } })) {
      const box = within(screen.getByRole('dialog', { name: m['profile.email.title'] }));
      box.getByRole('textbox', { name: m['profile.email.new'] });
      if (text.includes('(notAnEmail)')) box.getByText(m['common.form.email.invalid']);
      if (text.startsWith('requestEmailChangeCodes fails')) box.getByText(m['api.1005']);
      return;
    }
    if (st.matches({ ready: { email: 'entering' } })) {
      const box = within(screen.getByRole('dialog', { name: m['profile.email.title'] }));
      box.getByText(fill('profile.email.codesSent', { email: newEmailOf(run.customer!), last4: run.customer!.phone.slice(-4) }));
      if (text.includes('(smsMissing)')) box.getByText(m['common.access.form.maxCode']);
      if (text.startsWith('changeEmail fails')) box.getByText(m['access.code.invalid']);
      if (text.startsWith('requestEmailChangeCodes fails')) box.getByText(m['api.1005']);
      return;
    }
    if (st.matches({ ready: { sessions: 'entering' } })) {
      const box = within(screen.getByRole('dialog', { name: ctx.sessionsEnd?.sessionId ? m['profile.sessions.titleOne'] : m['profile.sessions.button'] }));
      box.getByRole('group', { name: m['profile.sessions.code'] });
      if (ctx.sessionsEnd?.phoneLast4) box.getByText(fill('profile.sessions.codeSent', { last4: run.customer!.phone.slice(-4) }));
      if (text.includes('(fourDigits)')) box.getByText(m['common.access.form.maxCode']);
      if (text.startsWith('endSessions fails (wrongCode)')) box.getByText(m['access.code.invalid']);
      if (text.startsWith('requestSessionsCode fails')) box.getByText(m['common.error.network']);
      return;
    }
    // idle: no dialog open, and what the step changed
    if (screen.queryByRole('dialog') || screen.queryByRole('alertdialog')) throw new Error('a dialog is still open');
    const data = ctx.data!;
    if (data.customer.subscription_lending === 'LENDING') {
      const signContract = screen.getByRole('button', { name: m['profile.steps.signContract'] });
      const signed = data.contracts.some((x) => x.type === 'PURCHASE_CONTRACT' && x.is_client_signed);
      if (disabled(signContract) !== signed) throw new Error(`'${m['profile.steps.signContract']}' ${signed ? 'enabled once signed' : 'disabled before signing'}`);
    }
    if (text.includes('(tooShort)')) {
      screen.getByText(m['common.form.name.min']);
      if (document.activeElement !== screen.getByRole('textbox', { name: m['profile.personal.name'] })) throw new Error('the keyboard is not on the first field to fix');
    }
    if (text.includes('(unchanged)')) screen.getByText(m['profile.personal.unchanged']);
    if (text.startsWith('saveProfile resolves')) {
      if ((screen.getByRole('textbox', { name: m['profile.personal.name'] }) as HTMLInputElement).value !== 'Ana Souza Lima') throw new Error('the saved name is not shown');
    }
    if (text.startsWith('changeEmail resolves')) {
      if ((screen.getByRole('textbox', { name: m['profile.personal.email'] }) as HTMLInputElement).value !== newEmailOf(run.customer!)) throw new Error('the new e-mail is not shown lower-cased');
    }
    if (text === 'contracts.go' && run.went.at(-1) !== '/customers-signature') throw new Error(`went to ${JSON.stringify(run.went)}`);
    if (text === 'payment.go' && run.went.at(-1) !== '/payment') throw new Error(`went to ${JSON.stringify(run.went)}`);
    if (text.startsWith('loadCard')) {
      screen.getByText('•••• •••• •••• 4444');
      screen.getByText('Bruna Costa');
    }
    if (text.startsWith('exportData resolves')) {
      const file = run.saved.at(-1);
      if (file?.name !== 'meus-dados.zip') throw new Error('the copy was not saved');
      const data = JSON.parse(new TextDecoder().decode(unzipSync(file.bytes)['dados.json'])) as { cliente_id: number };
      if (data.cliente_id !== run.customer!.id) throw new Error('the copy is not the customer\'s');
    }
    if (text.startsWith('exportData fails') && run.saved.length > 0) throw new Error('a copy was saved');
    const endButtons = screen.queryAllByRole('button', { name: /^Desconectar / });
    if (endButtons.length !== data.sessions.filter((x) => !x.current).length) throw new Error(`${endButtons.length} sessions to end on the page, ${data.sessions.length - 1} in the machine`);
    if (text.startsWith('endSessions resolves') || text.startsWith('endSessions fails (alreadyEnded)')) screen.getByText(m['profile.sessions.none']);
    if (text.startsWith('createInvoice resolves')) {
      if (!run.tabs.at(-1)?.includes('/payments-sandbox/invoices/')) throw new Error(`the invoice's tab went to ${JSON.stringify(run.tabs)}`);
      if (!disabled(screen.getByRole('button', { name: m['profile.steps.pay'] }))) throw new Error('the payment button is on once the invoice exists');
      screen.getByText(m['profile.steps.invoiceCreated']);
    }
    if (text.startsWith('createInvoice fails')) {
      if (run.closedTabs !== 1 || run.tabs.length > 0) throw new Error('the tab opened for the invoice was not closed');
      if (disabled(screen.getByRole('button', { name: m['profile.steps.pay'] }))) throw new Error('the payment button went off without an invoice');
    }
  });
  if (text.startsWith('endSessions resolves') && run.customer!.phoneSession) {
    server.clock.advance(2_000);
    const phone = await call(server, 'GET', '/portal/customers', undefined, { token: run.customer!.phoneSession });
    if (phone.status !== 401) throw new Error('the phone\'s session still opens the portal');
  }
}

describe('profile paths through the screen (happy-dom, API and card sandbox in process on PGlite)', () => {
  describeScreenPaths<Cut, Customer, Run>({
    model: profilePaths, server: () => server, notDrivable, customerFor, cutOf,
    newRun: () => ({ user: userEvent.setup(), cuts: new Set(), went: [], customer: null, tabs: [], closedTabs: 0, saved: [], loggedOut: false, putCard: false }),
    cutByActor: { loadProfile: 'load', tokenizeCard: 'tokenize', checkSigner: 'check', exportData: 'export', requestSessionsCode: 'sessions' },
    render: (c, fetch, run, path) => {
      run.customer = c;
      const failReload = labels(path).some((t) => t.startsWith('loadCard fails (offline)'));
      const refuseInvoice = labels(path).some((t) => t.startsWith('createInvoice fails (procurationMissing)'));
      const served = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://portal.test'), init);
        const url = new URL(request.url).pathname;
        if (refuseInvoice && request.method === 'PATCH' && url.endsWith('/invoice')) {
          return new Response(JSON.stringify({ code: 4090, message: m['process.event.refused'] }), { status: 409, headers: { 'Content-Type': 'application/json' } });
        }
        if (url.endsWith('/customers/cc') && request.method === 'PUT') run.putCard = true;
        else if (failReload && run.putCard && url.endsWith('/customers/cc')) throw new TypeError('network down');
        return fetch(request);
      }) as typeof fetch;
      const api = createApi({ fetch: served, origin: 'http://portal.test', getToken: () => c.token });
      return (
        <ProfileFlow
          getApi={() => Promise.resolve(api)} onGo={(p) => { run.went.push(p); }} onLogout={() => { run.loggedOut = true; }} currentYear={YEAR}
          saveFile={(file, name) => { void file.arrayBuffer().then((b) => run.saved.push({ name, bytes: new Uint8Array(b) })); }}
          openTab={() => ({ go: (url) => { run.tabs.push(url); }, close: () => { run.closedTabs += 1; } })}
        />
      );
    },
    step, shows,
  });
});
