// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///", "settings": { "disableIframePageLoading": true } }
import { JSDOM } from 'jsdom';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectContext } from '../../machines/project/projectMachine';
import { ProjectStatusFlow } from '../../src/web/features/project/ProjectStatusScreen';
import { useSanitizerWindow } from '../../src/web/ui/FaqDialog/faqHtml';
import { createApi } from '../../src/web/api/client';
import { createStaff } from '../../src/server/staff/service';
import { EXAMPLE_COMPANY } from '../../src/server/settings';
import { MAX_UPLOAD_BYTES } from '../../src/shared/bill/rules';
import { messages as m } from '../../src/shared/messages';
import { isWithDistributor, projectStepIndex } from '../../src/shared/project/rules';
import { brazilDay } from '../../src/shared/calendar';
import { createTestServer, type TestServer } from '../support/server';
import { call, customerAtInstallation } from '../support/flows';
import { fixture } from '../support/uploads';
import type { TestPath } from './engine';
import { projectPaths } from './project.paths';
import { describeScreenPaths, stepLabel as label, stepLabels as labels } from './screenPaths';
import { SCREENS } from '../../src/shared/routes';

/**
 * The project-status machine's shortest paths against the real page: ProjectStatusFlow in
 * happy-dom, its calls served in process by the Hono app on PGlite, for customers at INSTALATION
 * whose project staff moved and wrote to through the staff endpoints, as the path's sample says.
 * The FAQ's HTML is sanitised with a jsdom window (DOMPurify does not support happy-dom).
 */

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
let staffToken: string;
const parser = new JSDOM('');
beforeAll(async () => {
  server = await createTestServer();
  staffToken = (await createStaff(server.db, server.clock, 'Lia', `lia.project.${process.pid}@empresa.com.br`)).token;
  useSanitizerWindow(parser.window as never);
});
afterAll(async () => { useSanitizerWindow(null); parser.window.close(); await server?.close(); });
afterEach(() => { cleanup(); });

type Cut = 'load' | 'upload' | 'faq';
const cutOf = (request: Request): Cut | null => {
  const url = new URL(request.url).pathname;
  if (url.endsWith('/upload')) return 'upload';
  if (url.endsWith('/faq')) return 'faq';
  if (url.endsWith('/portal/customers') || url.includes('/customers_success/')) return 'load';
  return null;
};
interface Customer { id: number; token: string; caseId: number | null }
interface Run { user: ReturnType<typeof userEvent.setup>; cuts: Set<Cut> }

const staff = async (method: string, path: string, body: unknown) => {
  const r = await call(server, method, `/admin${path}`, body, { token: staffToken });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
};

function notDrivable(path: TestPath): string | null {
  const loads = labels(path).filter((t) => t.startsWith('loadProject resolves'));
  if (new Set(loads).size > 1) return 'one customer answers every load the same';
  return null;
}

/** The path's first loaded sample, made on the server through the staff endpoints (the same figures as the sample). */
async function customerFor(path: TestPath): Promise<Customer> {
  const first = labels(path).find((t) => t.startsWith('loadProject resolves')) ?? '';
  if (first.includes('(justOpened)') || first === '') return customerAtInstallation(server, { opened: false });
  const c = await customerAtInstallation(server);
  await staff('PUT', `/customers/${c.id}/project/status`, { status: 'PROJECT_IN_PREPARATION' });
  const filedOn = brazilDay(new Date(server.clock.now().getTime() - 19 * 86_400_000));
  await staff('PUT', `/customers/${c.id}/project/status`, {
    status: 'PROJECT_SUBMITTED_TO_DEALERSHIP', filing: { protocol: 'OC-2026-000123', distributor: 'Enel SP', filed_on: filedOn, deadline_days: 15 },
  });
  for (const message of ['Projeto protocolado na distribuidora.', 'Precisamos de uma foto do padrão de entrada.']) {
    await staff('POST', `/customers/${c.id}/project/messages`, { message });
  }
  await staff('PUT', `/customers/${c.id}/project/upload`, { available: true });
  return c;
}

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no upload area');
  return input;
};

async function step(run: Run, path: TestPath, i: number): Promise<void> {
  const text = label(path, i);
  const { user } = run;
  if (text === 'page.retry') await user.click(await screen.findByRole('button', { name: m['project.retry'] }));
  else if (text.startsWith('file.choose (photo)')) {
    await user.upload(await waitFor(fileInput), new File([Buffer.from(fixture('photo-bill.png'))], 'padrao.png', { type: 'image/png' }));
  } else if (text.startsWith('file.choose (tooLarge)')) {
    await user.upload(await waitFor(fileInput), new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'video.png', { type: 'image/png' }));
  } else if (text.startsWith('file.remove')) await user.click(await screen.findByRole('button', { name: 'Remover padrao.png' }));
  else if (text === 'upload.send') await user.click(await screen.findByRole('button', { name: m['project.upload.send'] }));
  else if (text === 'faq.open') await user.click(await screen.findByRole('button', { name: m['project.help'] }));
  else if (text === 'faq.close') await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fechar' }));
}

const state = (path: TestPath, i: number) => path.steps[Math.max(0, i)]!.state;

async function shows(_run: Run, path: TestPath, i: number): Promise<void> {
  const st = state(path, i);
  const c = st.context as ProjectContext;
  await waitFor(() => {
    if (st.matches('loading') || st.matches('faqLoading') || st.matches({ ready: 'uploading' })) return;
    if (st.matches('loadFailed')) { screen.getByText(m['project.load.error']); return; }
    screen.getByRole('heading', { level: 1, name: SCREENS.projectStatus.title });
    const view = c.data!.caseView;
    if (st.matches('faq')) {
      const dialog = screen.getByRole('dialog', { name: m['faq.title'] });
      if (c.faqFailed) within(dialog).getByText(m['project.faq.error']);
      else {
        within(dialog).getByPlaceholderText(m['faq.search.placeholder']);
        within(dialog).getByRole('button', { name: 'Quanto tempo a distribuidora tem para aprovar o meu projeto?' });
      }
      const chat = within(dialog).getByRole('link', { name: new RegExp(m['project.whatsapp']) });
      // the prefilled message names the customer's project (the server's case id)
      const href = chat.getAttribute('href') ?? '';
      const chatPrefix = `https://wa.me/${EXAMPLE_COMPANY.whatsapp}?text=`; // the test server's company
      const text = decodeURIComponent(href.replace(chatPrefix, ''));
      if (!href.startsWith(chatPrefix) || !/^Olá! Preciso de atendimento sobre o meu projeto nº \d+\.$/.test(text)) throw new Error(`chat link ${href}`);
      if (chat.getAttribute('target') !== '_blank' || chat.getAttribute('rel') !== 'noopener noreferrer') throw new Error('the chat does not open in a new tab without opener');
      return;
    }
    if (screen.queryByRole('dialog')) throw new Error('a dialog is still open');
    // the steps: the one the project is at is the current one (step 0 before staff open the project)
    const steps = within(screen.getByRole('list', { name: m['project.steps'] })).getAllByRole('listitem');
    if (steps.length !== 7) throw new Error(`${steps.length} steps`);
    const current = steps.findIndex((li) => li.getAttribute('aria-current') === 'step');
    if (current !== projectStepIndex(view.project_status)) throw new Error(`step ${current} is current, not ${projectStepIndex(view.project_status)}`);
    // the mural, newest first
    if (view.messages.length === 0) screen.getByText(m['project.mural.empty']);
    else {
      const items = screen.getAllByText(/^(Projeto protocolado|Precisamos de uma foto)/);
      if (items[0]!.textContent !== view.messages[0]!.message) throw new Error(`the mural starts with ${items[0]!.textContent}`);
    }
    // the upload only while staff keep it open, with what was chosen and why not
    const upload = document.querySelector('input[type="file"]') ?? screen.queryByRole('button', { name: /^Remover / });
    if (Boolean(upload) !== view.upload_available) throw new Error(`upload area ${upload ? 'shown' : 'hidden'} with upload_available ${view.upload_available}`);
    if (c.file) screen.getByRole('button', { name: `Remover ${c.file.name}` });
    if (c.fileError) screen.getByText(m[c.fileError]);
    for (const f of view.files) screen.getByText(f.name);
    // the distributor's request from PROJECT_SUBMITTED_TO_DEALERSHIP on, with the next steps when overdue
    const dealer = screen.queryByRole('heading', { name: m['project.dealership.title'] });
    if (Boolean(dealer) !== isWithDistributor(view.project_status)) throw new Error("the distributor's request does not follow the status");
    if (view.dealership) {
      screen.getByText(view.dealership.protocol);
      if (Boolean(screen.queryByText(m['project.overdue.title'])) !== view.dealership.overdue) throw new Error('the overdue steps do not follow the deadline');
    }
  });
}

describe('project-status paths through the screen (happy-dom, API in process on PGlite)', () => {
  describeScreenPaths<Cut, Customer, Run>({
    model: projectPaths, server: () => server, notDrivable, customerFor, cutOf,
    newRun: () => ({ user: userEvent.setup(), cuts: new Set() }),
    cutByActor: { loadProject: 'load', uploadFile: 'upload', loadFaq: 'faq' },
    render: (c, fetch) => {
      const api = createApi({ fetch, origin: 'http://portal.test', getToken: () => c.token });
      return <ProjectStatusFlow getApi={() => Promise.resolve(api)} />;
    },
    step, shows,
  });
});
