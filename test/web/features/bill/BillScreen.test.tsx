// @vitest-environment happy-dom
// Vite rewrites `new URL(rel, import.meta.url)` of the server modules against the page's location in a
// DOM environment: a file: page URL keeps them on disk.
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BillFlow, type BillFlowProps } from '../../../../src/web/features/bill/BillScreen';
import { nextStepAfterBill } from '#shared/bill/rules';
import { createApi, type Api } from '../../../../src/web/api/client';
import { createTestServer, type TestServer } from '../../../support/server';
import { call, confirmPartnership, lastCode, newPhone, personalSignUp, requestCode, signUpNewCustomer } from '../../../support/flows';
import { fixture, upload } from '../../../support/uploads';
import { createStaff } from '../../../../src/server/staff/service';
import { messages as m } from '#shared/messages';
import { deflateSync } from 'node:zlib';
import { findLoadedPage } from '../../../support/screens';

/** A valid PNG whose header declares width x height (a decompression bomb in a few KB). */
function pngDeclaring(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (bytes: Uint8Array) => { let c = 0xffffffff; for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0); body.copy(out, 4); out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(4096))), chunk('IEND', new Uint8Array())]));
}

// the server's PDF reader runs in this process: start its thread by path (see pdfReaderShim.ts)
vi.mock('../../../../src/server/engines/bill-reader/extractText', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/server/engines/bill-reader/extractText')>();
  const { extractPdfTextFromDisk } = await import('./pdfReaderShim');
  return { ...original, extractPdfText: extractPdfTextFromDisk };
});

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); });

function renderBill(token: string, fetch: typeof server.fetch = server.fetch, extra: Partial<BillFlowProps> = {}) {
  const api: Api = createApi({ fetch, origin: 'http://portal.test', getToken: () => token });
  let loggedOut = 0;
  const getApi = () => Promise.resolve(api);
  const onLogout = () => { loggedOut++; };
  render(<BillFlow getApi={getApi} onLogout={onLogout} {...extra} />);
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
    expect(await findLoadedPage('Conta de luz')).toBeTruthy();
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
    await send(user, fileOf('water-bill.pdf', 'application/pdf'));
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
    expect(screen.getByRole('heading', { name: m['bill.outcome.review.title'] })).toBeTruthy();
  });

  it('a bill WAITING for a person: the decision shows on the page without a reload, and the menu is told', async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    let menuReloads = 0;
    renderBill(token, server.fetch, { delays: { staffDecisionPollInterval: 150 }, onBillChanged: () => { menuReloads++; } });
    await send(user, fileOf('photo-bill.png', 'image/png'));
    expect(await screen.findByText(m['bill.outcome.waiting'])).toBeTruthy();
    const reloadsBefore = menuReloads;
    const me = await call(server, 'GET', '/portal/customers', undefined, { token });
    const staff = await createStaff(server.db, server.clock, 'Ana Souza', `ana.waiting.${Date.now()}@empresa.com.br`);
    const process = await call(server, 'GET', `/admin/customers/${String(me.body.id)}/process`, undefined, { token: staff.token });
    const decided = await call(server, 'PUT', `/admin/customers/${String(me.body.id)}/bill`, { status: 'APPROVED', version: process.body.version }, { token: staff.token });
    expect(decided.status).toBe(200);
    expect(await screen.findByRole('heading', { name: m['bill.outcome.approved'] })).toBeTruthy();
    expect(screen.queryByText(m['bill.outcome.waiting'])).toBeNull();
    expect(menuReloads).toBe(reloadsBefore + 1);
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

  it("a text file renamed .pdf: the server's type message under the bill's area, the picker back, nothing stored", async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    renderBill(token);
    await user.click(await screen.findByRole('radio', { name: 'Sim' }));
    // the browser believes the name: application/pdf; only the server reads the content
    await chooseFile(user, fileOf('conta-de-luz.pdf', 'application/pdf', new TextEncoder().encode('apenas texto, não é PDF\n')));
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    const area = await screen.findByRole('group', { name: m['bill.file.label'] });
    expect((await within(area).findByRole('alert')).textContent).toBe(m['upload.file.unsupported']);
    // the refused file is gone so another can be chosen; the general error line stays empty
    expect(within(area).getByRole('button', { name: 'Escolher arquivo' })).toBeTruthy();
    expect(within(area).queryByRole('button', { name: /Remover/ })).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Sim' })).toHaveProperty('checked', true);
    const bills = await call(server, 'GET', '/portal/customers/bills', undefined, { token });
    expect(bills.body.billValues).toBeNull();
  });

  it('a photo of a few KB that declares 50000 x 50000 pixels: the pixel-limit message under the bill, not the 10 MB one', async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    renderBill(token);
    await user.click(await screen.findByRole('radio', { name: 'Sim' }));
    await chooseFile(user, fileOf('foto-da-conta.png', 'image/png', pngDeclaring(50_000, 50_000)));
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    const area = await screen.findByRole('group', { name: m['bill.file.label'] });
    expect((await within(area).findByRole('alert')).textContent).toBe(m['upload.image.tooLarge']);
    const bills = await call(server, 'GET', '/portal/customers/bills', undefined, { token });
    expect(bills.body.billValues).toBeNull();
  });

  it('the outcome comes before the explanations; focus follows the customer: outcome after Entendi, picker after Enviar outra conta', async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    renderBill(token);
    await send(user, fileOf('water-bill.pdf', 'application/pdf'));
    const heading = await screen.findByRole('heading', { name: m['bill.outcome.disapproved'] });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    const status = screen.getByRole('status');
    const cards = screen.getByRole('list', { name: 'Dados usados da sua conta de luz' });
    expect(status.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m['bill.reupload'] }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Escolher arquivo' })));
    // the last outcome stays above the form as a reminder
    expect(screen.getByText('Motivo: ilegível ou incompleta')).toBeTruthy();
    expect(screen.getByText(m['bill.reupload.hint'])).toBeTruthy();
  });

  it("'Enviar para avaliação' with nothing chosen sends nothing and says what is missing, next to each", async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    renderBill(token);
    await user.click(await screen.findByRole('button', { name: m['bill.submit'] }));
    const area = screen.getByRole('group', { name: m['bill.file.label'] });
    expect(within(area).getByRole('alert').textContent).toBe(m['upload.file.missing']);
    expect(screen.getByText(m['bill.holder.required'])).toBeTruthy();
    // the keyboard is put on the first missing answer
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Sim' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    expect(screen.queryByText(m['bill.holder.required'])).toBeNull();
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    expect(document.activeElement).toBe(within(area).getByRole('button', { name: 'Escolher arquivo' }));
    await chooseFile(user, fileOf('cemig-clean-residential.pdf', 'application/pdf'));
    expect(within(area).queryByRole('alert')).toBeNull();
    const bills = await call(server, 'GET', '/portal/customers/bills', undefined, { token });
    expect(bills.body.billValues).toBeNull();
  });

  it("the page's data does not load: the title, a clear message and 'Tentar novamente' that works", async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    let offline = true;
    const flaky: typeof fetch = async (input, init) => {
      if (offline) throw new TypeError('network down');
      return server.fetch(input, init);
    };
    renderBill(token, flaky);
    expect((await screen.findByRole('alert')).textContent).toBe(m['bill.load.error']);
    expect(screen.getByRole('heading', { name: 'Conta de luz', level: 1 })).toBeTruthy();
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(m['bill.holder.question'])).toBeTruthy();
  });

  it("the bill itself cannot be fetched: spec §8's 'Erro ao receber arquivo!', then 'Tentar novamente' loads it", async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    let billDown = true;
    const billFails: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (billDown && url.pathname.endsWith('/portal/customers/bills')) throw new TypeError('network down');
      return server.fetch(input, init);
    };
    renderBill(token, billFails);
    expect((await screen.findByRole('alert')).textContent).toBe('Erro ao receber arquivo!');
    expect(screen.getByRole('heading', { name: 'Conta de luz', level: 1 })).toBeTruthy();
    billDown = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(m['bill.holder.question'])).toBeTruthy();
  });

  it('a bill staff send to the app (APP): the invitation with the App Store and Google Play links', async () => {
    const { token } = await signUpNewCustomer(server);
    const staff = await createStaff(server.db, server.clock, 'Ana Souza', `ana.app.${Date.now()}@empresa.com.br`);
    const sent = await upload(server, '/portal/customers/bills?is_holder=true', { bytes: fixture('photo-bill.png'), name: 'foto.png' }, { token });
    expect(sent.status).toBe(201);
    const me = await call(server, 'GET', '/portal/customers', undefined, { token });
    const process = await call(server, 'GET', `/admin/customers/${String(me.body.id)}/process`, undefined, { token: staff.token });
    const decided = await call(server, 'PUT', `/admin/customers/${String(me.body.id)}/bill`, { status: 'APP', version: process.body.version }, { token: staff.token });
    expect(decided.status).toBe(200);
    renderBill(token);
    expect(await screen.findByRole('heading', { name: m['bill.outcome.app'] })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baixar na App Store' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Disponível no Google Play' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: m['bill.reupload'] })).toBeNull();
  });

  it('a partnership staff confirm after the bill was approved: the badge is asked under the outcome and sent alone', async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    const sent = await upload(server, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, { token });
    expect(sent.status).toBe(201);
    const me = await call(server, 'GET', '/portal/customers', undefined, { token });
    const staff = await createStaff(server.db, server.clock, 'Ana Souza', `ana.badge.${Date.now()}@empresa.com.br`);
    expect((await call(server, 'PUT', `/admin/customers/${String(me.body.id)}/partnership`, { has_partnership: true }, { token: staff.token })).status).toBe(200);
    renderBill(token);
    await screen.findByRole('heading', { name: m['bill.outcome.approved'] });
    const area = screen.getByRole('group', { name: m['bill.badge.label'] });
    await user.click(screen.getByRole('button', { name: m['bill.badge.send'] }));
    expect(within(area).getByRole('alert').textContent).toBe(m['bill.badge.required']);
    await user.upload(area.querySelector('input[type="file"]')!, fileOf('photo-bill.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: m['bill.badge.send'] }));
    expect(await screen.findByText(m['upload.file.sent'])).toBeTruthy();
    expect(screen.queryByRole('group', { name: m['bill.badge.label'] })).toBeNull();
    const partnership = await call(server, 'GET', `/portal/client-partnership/${String(me.body.id)}`, undefined, { token });
    expect(partnership.body.url).toEqual(expect.any(String));
  });

  it("focus stays with the file: on 'Remover' once a file is chosen, back on 'Escolher arquivo' once removed", async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    renderBill(token);
    const picker = await screen.findByRole('button', { name: 'Escolher arquivo' });
    picker.focus();
    await chooseFile(user, fileOf('cemig-clean-residential.pdf', 'application/pdf'));
    const remove = await screen.findByRole('button', { name: 'Remover cemig-clean-residential.pdf' });
    await vi.waitFor(() => expect(document.activeElement).toBe(remove));
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Escolher arquivo' })));
  });

  it("an approved bill offers the journey's next step (from the reloaded menu); an illegible one does not", async () => {
    const user = userEvent.setup();
    const { token } = await signUpNewCustomer(server);
    const went: string[] = [];
    const me = await call(server, 'GET', '/portal/customers', undefined, { token });
    // before the bill the steps lead back to the bill page: nothing to offer
    expect(nextStepAfterBill(me.body as never, false)).toBeNull();
    renderBill(token, server.fetch, { next: { path: '/proposal-initial', label: 'Proposta inicial' }, onGo: (p) => went.push(p) });
    await send(user, fileOf('cemig-clean-residential.pdf', 'application/pdf'));
    await screen.findByText(m['bill.outcome.approved']);
    await user.click(screen.getByRole('button', { name: `${m['bill.next']} Proposta inicial` }));
    expect(went).toEqual(['/proposal-initial']);
    // after the approval the customer's own steps lead to the initial proposal
    const after = await call(server, 'GET', '/portal/customers', undefined, { token });
    expect(nextStepAfterBill(after.body as never, false)).toEqual({ path: '/proposal-initial', label: 'Proposta inicial' });
    cleanup();

    const other = await signUpNewCustomer(server);
    renderBill(other.token, server.fetch, { next: { path: '/proposal-initial', label: 'Proposta inicial' }, onGo: (p) => went.push(p) });
    await send(user, fileOf('water-bill.pdf', 'application/pdf'));
    await screen.findByText('Motivo: ilegível ou incompleta');
    expect(screen.queryByRole('button', { name: new RegExp(m['bill.next']) })).toBeNull();
  });

  it('a partnership customer is asked for the employee badge; both are sent', async () => {
    const user = userEvent.setup();
    const phone = newPhone();
    await requestCode(server, phone, { type: 'SIGN_UP' });
    const confirm = await call(server, 'POST', '/portal/confirm-number', { phone, code: await lastCode(server, phone) });
    const created = await call(server, 'POST', '/portal/customers', personalSignUp(phone, String(confirm.body.phone_proof)));
    expect(created.status).toBe(201);
    const token = String(created.body.access_token);
    await confirmPartnership(server, Number((await call(server, 'GET', '/portal/customers', undefined, { token })).body.id));
    renderBill(token);
    await user.click(await screen.findByRole('radio', { name: 'Sim' }));
    await chooseFile(user, fileOf('cemig-clean-residential.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: m['bill.submit'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(m['bill.badge.required']);
    expect(document.activeElement).toBe(within(screen.getByRole('group', { name: m['bill.badge.label'] })).getByRole('button', { name: 'Escolher arquivo' }));
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
