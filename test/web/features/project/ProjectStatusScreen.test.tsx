// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
/**
 * The project-status page beyond its paths: a status the screen does not know is step 0, the
 * newest mural message stands out, a file the server refuses by its content says why under the
 * area and goes away, the upload stays hidden while staff keep it closed, and the page's own
 * customer-success case is opened when the customer has none (the side navigation reloads).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProjectSteps } from '../../../../src/web/features/project/parts/ProjectSteps';
import { ProjectStatusFlow } from '../../../../src/web/features/project/ProjectStatusScreen';
import { createApi } from '../../../../src/web/api/client';
import { createStaff } from '../../../../src/server/staff/service';
import { messages as m } from '#shared/messages';
import { createTestServer, type TestServer } from '../../../support/server';
import { call, customerAtInstallation } from '../../../support/flows';
import { findLoadedPage } from '../../../support/screens';
import { SCREENS } from '../../../../src/shared/routes';

configure({ asyncUtilTimeout: 10_000 });
let server: TestServer;
let staffToken: string;
beforeAll(async () => {
  server = await createTestServer();
  staffToken = (await createStaff(server.db, server.clock, 'Caio', `caio.project.${process.pid}@empresa.com.br`)).token;
});
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); });

const staff = (method: string, path: string, body: unknown) => call(server, method, `/admin${path}`, body, { token: staffToken });
const flow = (token: string, onMenuChanged = () => {}) => {
  const api = createApi({ fetch: server.fetch, origin: 'http://portal.test', getToken: () => token });
  return <ProjectStatusFlow getApi={() => Promise.resolve(api)} onMenuChanged={onMenuChanged} />;
};

describe('the steps indicator', () => {
  it('an ordered list of the seven steps in Portuguese; an unknown status is step 0, marked current', () => {
    render(<ProjectSteps status="SOMETHING_THE_SERVER_ADDED_LATER" />);
    const items = within(screen.getByRole('list', { name: m['project.steps'] })).getAllByRole('listitem');
    expect(screen.getByRole('list', { name: m['project.steps'] }).tagName).toBe('OL');
    expect(items.map((li) => li.textContent?.replace(/^\d/, '').replace(/ \(.*\)$/, ''))).toEqual([
      'Projeto em elaboração', 'Projeto enviado à distribuidora', 'Projeto aprovado pela distribuidora', 'Equipamentos a caminho',
      'Equipamentos entregues', 'Vistoria aprovada', 'Sistema conectado e funcionando',
    ]);
    expect(items[0]!.getAttribute('aria-current')).toBe('step');
    expect(items.filter((li) => li.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('the steps behind are done (checked), the current one marked apart, the rest ahead', () => {
    render(<ProjectSteps status="EQUIPMENT_DELIVERED" />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-step-state'))).toEqual(['done', 'done', 'done', 'done', 'current', 'upcoming', 'upcoming']);
    expect(items[4]!.getAttribute('aria-current')).toBe('step');
    expect(items[0]!.textContent).toContain('(concluída)');
    expect(items[4]!.textContent).toContain('(etapa atual)');
  });
});

describe('the page against the server', () => {
  it("opens the customer's case when there is none, and the side navigation reloads; no upload while closed", async () => {
    const c = await customerAtInstallation(server, { opened: false });
    const reload = vi.fn();
    render(flow(c.token, reload));
    await findLoadedPage(SCREENS.projectStatus.title);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText(m['project.mural.empty'])).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByRole('heading', { name: m['project.dealership.title'] })).toBeNull();
    const me = await call(server, 'GET', '/portal/customers', undefined, { token: c.token });
    expect(me.body.customer_success).not.toBeNull();
  });

  it('the newest message stands out; a file the server refuses by its content says why and goes away', async () => {
    const c = await customerAtInstallation(server);
    await staff('POST', `/customers/${c.id}/project/messages`, { message: 'Primeira mensagem.' });
    await staff('POST', `/customers/${c.id}/project/messages`, { message: 'Envie a foto do padrão de entrada.' });
    await staff('PUT', `/customers/${c.id}/project/upload`, { available: true });
    const user = userEvent.setup();
    render(flow(c.token));
    const newest = await screen.findByText('Envie a foto do padrão de entrada.');
    expect(newest.closest('li')!.textContent).toContain(m['project.mural.newest']);
    expect(screen.getByText('Primeira mensagem.').closest('li')!.textContent).not.toContain(m['project.mural.newest']);
    // a text file declared as a PNG passes the browser's check; the server reads its content
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['nada de imagem aqui'], 'foto.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: m['project.upload.send'] }));
    await screen.findByText(m['upload.file.unsupported']);
    expect(screen.queryByRole('button', { name: 'Remover foto.png' })).toBeNull();
    expect(((await call(server, 'GET', `/portal/customers_success/${c.caseId}/get_messages`, undefined, { token: c.token })).body.files as unknown[])).toEqual([]);
  });
});
