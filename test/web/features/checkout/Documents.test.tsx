// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Documents } from '../../../../src/web/features/checkout/parts/Documents';
import { createApi } from '../../../../src/web/api/client';
import { createStaff } from '../../../../src/server/staff/service';
import { messages as m } from '../../../../src/shared/messages';
import { createTestServer, type TestServer } from '../../../support/server';
import { call, customerAtCheckout } from '../../../support/flows';
import { fixture } from '../../../support/uploads';

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
let staffToken: string;
beforeAll(async () => {
  server = await createTestServer();
  staffToken = (await createStaff(server.db, server.clock, 'Rui', `rui.${process.pid}@empresa.com.br`)).token;
});
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); });

const paid = (kind: 'personal' | 'business') => customerAtCheckout(server, { kind, paid: true });
function open(token: string) {
  const api = createApi({ fetch: server.fetch, origin: 'http://portal.test', getToken: () => token });
  render(<Documents getApi={() => Promise.resolve(api)} />);
}
const png = (name: string) => new File([Buffer.from(fixture('photo-bill.png'))], name, { type: 'image/png' });
const pdf = (name: string) => new File([Buffer.from(fixture('cemig-clean-residential.pdf'))], name, { type: 'application/pdf' });
/** The file input of the upload area labelled `label`. */
const inputOf = (label: string) => {
  const area = screen.getByText(label).closest('[data-upload]') ?? screen.getByText(label).parentElement!.parentElement!;
  return area.querySelector('input[type=file]') as HTMLInputElement;
};

describe('the documents of the booking screen', () => {
  test("an individual sends the ID's front; 'Documento enviado com sucesso!'; 'Em análise'; denied, the reason shows and a new one is sent", async () => {
    const user = userEvent.setup();
    const c = await paid('personal');
    open(c.token);
    await screen.findByText('Documento de identidade (frente) *');
    screen.getAllByText(m['document.hint']);
    await user.click(screen.getByRole('button', { name: m['document.submit'] }));
    screen.getByText(m['document.required.one']);
    await user.upload(inputOf('Documento de identidade (frente) *'), png('rg-frente.png'));
    await user.click(screen.getByRole('button', { name: m['document.submit'] }));
    const dialog = within(await screen.findByRole('dialog', { name: m['document.sent.title'] }));
    dialog.getByText(m['document.sent.text']);
    await user.click(dialog.getByRole('button', { name: m['document.sent.confirm'] }));
    await screen.findByText(m['document.reviewing']);
    within(screen.getByRole('list', { name: 'Situação dos documentos' })).getByText('Em análise');
    expect(screen.queryByRole('button', { name: m['document.submit'] })).toBeNull();
    cleanup();

    const [doc] = (await call(server, 'GET', `/admin/customers/${c.id}/documents`, undefined, { token: staffToken })).body.data as { id: number }[];
    expect((await call(server, 'PUT', `/admin/customers/${c.id}/documents/${doc!.id}`, { status: 'DENIED', justification: 'A foto está cortada.' }, { token: staffToken })).status).toBe(200);
    open(c.token);
    const list = within(await screen.findByRole('list', { name: 'Situação dos documentos' }));
    list.getByText('Negado');
    list.getByText(/Motivo: A foto está cortada\./);
    await user.upload(inputOf('Documento de identidade (frente) *'), pdf('rg-nova.pdf'));
    await user.click(screen.getByRole('button', { name: m['document.submit'] }));
    await screen.findByRole('dialog', { name: m['document.sent.title'] });
  });

  test("a company sends only with its three documents: 'Insira todos os documentos necessários!'; a file too large is refused as chosen", async () => {
    const user = userEvent.setup();
    const c = await paid('business');
    open(c.token);
    await screen.findByText('Cartão CNPJ *');
    expect(screen.queryByText(m['document.hint'])).toBeNull();
    await user.upload(inputOf('Cartão CNPJ *'), pdf('cnpj.pdf'));
    await user.upload(inputOf('Representante legal *'), pdf('rep.pdf'));
    await user.click(screen.getByRole('button', { name: m['document.submit'] }));
    screen.getByText(m['document.required.all']);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'contrato.pdf', { type: 'application/pdf' });
    await user.upload(inputOf('Documento legal *'), big);
    await screen.findByText(m['upload.file.tooLarge']);
    await user.upload(inputOf('Documento legal *'), png('contrato.png'));
    await user.click(screen.getByRole('button', { name: m['document.submit'] }));
    await screen.findByRole('dialog', { name: m['document.sent.title'] });
    const docs = (await call(server, 'GET', '/portal/customers/documents', undefined, { token: c.token })).body.data as { type: string }[];
    expect(docs.map((d) => d.type)).toEqual(['CARD', 'RECEIPT', 'DOCUMENT']);
    await waitFor(() => expect(screen.getByRole('button', { name: m['document.sent.confirm'] })).toBeTruthy());
  });
});
