// @vitest-environment happy-dom
// Vite rewrites `new URL(rel, import.meta.url)` of the server modules against the page's location in a
// DOM environment: a file: page URL keeps them on disk.
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BillPage } from '../../../../src/web/screens/bill/BillScreen';
import { createApi, type Api } from '../../../../src/web/api/client';
import { createTestServer, type TestServer } from '../../../support/server';
import { call, lastCode, newPhone, personalSignUp, requestCode, signUpNewCustomer } from '../../../support/flows';
import { fixture } from '../../../support/uploads';
import { messages as m } from '../../../../src/shared/messages';

// the server's PDF reader runs in this process: start its thread by path (see pdfReaderShim.ts)
vi.mock('../../../../src/server/services/bill-reader/extractText', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/server/services/bill-reader/extractText')>();
  const { extractPdfTextFromDisk } = await import('./pdfReaderShim');
  return { ...original, extractPdfText: extractPdfTextFromDisk };
});

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); });

function renderBill(token: string, fetch: typeof server.fetch = server.fetch) {
  const api: Api = createApi({ fetch, origin: 'http://portal.test', getToken: () => token });
  let loggedOut = 0;
  const getApi = () => Promise.resolve(api);
  const onLogout = () => { loggedOut++; };
  render(<BillPage getApi={getApi} onLogout={onLogout} />);
  return { loggedOut: () => loggedOut };
}

const fileOf = (name: string, type: string, bytes: Uint8Array = fixture(name)) => new File([Buffer.from(bytes)], name, { type });

async function chooseFile(user: ReturnType<typeof userEvent.setup>, file: File, index = 0) {
  const inputs = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
  await user.upload(inputs[index]!, file);
}

async function send(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.click(await screen.findByRole('radio', { name: 'Sim' }));
  await chooseFile(user, file);
  await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
  const dialog = await screen.findByRole('dialog', { name: m['bill.sent.title'] });
  await user.click(within(dialog).getByRole('button', { name: m['bill.sent.ok'] }));
}

describe('bill page', () => {
  it('a readable PDF bill: the short name with remove, sent modal, then the approved outcome', async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    renderBill(token);
    expect(await screen.findByRole('heading', { name: 'Conta de luz' })).toBeTruthy();
    expect(screen.getByText(m['bill.holder.question'])).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    await chooseFile(user, fileOf('cemig-clean-residential.pdf', 'application/pdf'));
    // 'cemig-clean-residential.pdf' is past 15 characters: shortened, extension kept
    expect(screen.getByText('cemig-clea….pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remover cemig-clean-residential.pdf' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    const dialog = await screen.findByRole('dialog', { name: m['bill.sent.title'] });
    await user.click(within(dialog).getByRole('button', { name: m['bill.sent.ok'] }));
    expect(await screen.findByText(m['bill.outcome.approved'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: m['bill.reupload'] })).toBeNull();
  });

  it('an illegible bill: the reason, then another bill is sent and approved', async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    renderBill(token);
    await send(user, fileOf('cemig-cut-in-half.pdf', 'application/pdf'));
    expect(await screen.findByText(m['bill.outcome.disapproved'])).toBeTruthy();
    expect(screen.getByText('Motivo: ilegível ou incompleta')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m['bill.reupload'] }));
    await chooseFile(user, fileOf('cemig-clean-residential.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    const dialog = await screen.findByRole('dialog', { name: m['bill.sent.title'] });
    await user.click(within(dialog).getByRole('button', { name: m['bill.sent.ok'] }));
    expect(await screen.findByText(m['bill.outcome.approved'])).toBeTruthy();
  });

  it('a PNG photo of a bill: the 24 h review text', async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    renderBill(token);
    await send(user, fileOf('photo-bill.png', 'image/png'));
    expect(await screen.findByText(m['bill.outcome.waiting'])).toBeTruthy();
  });

  it('an 11 MB file and a wrong type are refused in the browser; nothing is sent', async () => {
    // the file picker's filter let through (as a drop does)
    const user = userEvent.setup({ applyAccept: false });
    const { token } = await signUpNewCustomer(server);
    renderBill(token);
    await screen.findByRole('radio', { name: 'Sim' });
    await chooseFile(user, fileOf('grande.pdf', 'application/pdf', new Uint8Array(11 * 1024 * 1024)));
    expect((await screen.findByRole('alert')).textContent).toBe(m['upload.file.tooLarge']);
    await chooseFile(user, fileOf('planilha.csv', 'text/csv', new TextEncoder().encode('a,b\n1,2\n')));
    expect((await screen.findByRole('alert')).textContent).toBe(m['upload.file.unsupported']);
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const bills = await call(server, 'GET', '/portal/customers/bills', undefined, { token });
    expect(bills.body.billValues).toBeNull();
  });

  it("a failed upload says 'Erro ao subir arquivo!' and keeps the chosen file", async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    const failingUpload: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const method = input instanceof Request ? input.method : init?.method;
      if (method === 'POST' && url.includes('/portal/customers/bills')) throw new TypeError('connection reset');
      return server.fetch(input, init);
    };
    renderBill(token, failingUpload);
    await user.click(await screen.findByRole('radio', { name: 'Sim' }));
    await chooseFile(user, fileOf('cemig-clean-residential.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(m['bill.upload.error']);
    expect(screen.getByText('cemig-clea….pdf')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a partnership customer is asked for the employee badge; both are sent', async () => {
    const user = userEvent.setup();
    const phone = newPhone();
    await requestCode(server, phone, { type: 'SIGN_UP' });
    const confirm = await call(server, 'POST', '/portal/confirm-number', { phone, code: await lastCode(server, phone) });
    const created = await call(server, 'POST', '/portal/customers', personalSignUp(phone, String(confirm.body.phone_proof), { hasPartnership: true }));
    expect(created.status).toBe(201);
    const token = String(created.body.access_token);
    renderBill(token);
    await user.click(await screen.findByRole('radio', { name: 'Sim' }));
    await chooseFile(user, fileOf('cemig-clean-residential.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(m['bill.badge.required']);
    // the bill's input is gone once chosen: the remaining picker is the badge's
    await chooseFile(user, fileOf('photo-bill.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    await screen.findByRole('dialog', { name: m['bill.sent.title'] });
    const me = await call(server, 'GET', '/portal/customers', undefined, { token });
    const partnership = await call(server, 'GET', `/portal/client-partnership/${String(me.body.id)}`, undefined, { token });
    expect(partnership.body.url).toEqual(expect.any(String));
  });

  it('a customer in an unserved state sees the notice; Fechar logs out', async () => {
    const user = userEvent.setup();
    const phone = newPhone();
    await requestCode(server, phone, { type: 'SIGN_UP' });
    const confirm = await call(server, 'POST', '/portal/confirm-number', { phone, code: await lastCode(server, phone) });
    const created = await call(server, 'POST', '/portal/customers', personalSignUp(phone, String(confirm.body.phone_proof), { state: 'AC', city: 1200401 }));
    expect(created.status).toBe(201);
    const view = renderBill(String(created.body.access_token));
    const notice = await screen.findByRole('alertdialog', { name: m['bill.region.title'] });
    expect(within(notice).getByText(m['bill.region.body'])).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: m['bill.region.close'] }));
    expect(view.loggedOut()).toBe(1);
  });
});
