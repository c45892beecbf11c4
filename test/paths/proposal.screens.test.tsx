// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProposalFlow } from '../../src/web/features/proposal/ProposalScreen';
import { createApi } from '../../src/web/api/client';
import { createStaff } from '../../src/server/staff/service';
import { messages as m } from '../../src/shared/messages';
import { PROPOSAL_FILE_NAME } from '#shared/proposal/rules';
import type { ProcessEvent } from '../../machines/process/processMachine';
import { createTestServer, type TestServer } from '../support/server';
import { call, signUpNewCustomer } from '../support/flows';
import { formatEvent, formatFailure, generatePaths, type TestPath } from './engine';
import { processDriver, toOffer, type ServerCustomer } from './serverProcess';
import { proposalPaths } from './proposal.paths';

/**
 * The proposal machine's shortest paths against the real screen: ProposalFlow rendered in
 * happy-dom, its calls served in process by the Hono app on PGlite. The customer each path loads
 * is made through the real endpoints (a bill approved by staff makes the initial proposal; staff
 * approve the visit and publish the final one); each event is done as a person does it (clicks,
 * Esc); an actor that fails in the path fails because its request does not reach the server. After
 * every step the screen must show what the machine's state stands for.
 */

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
let staffToken: string;
let driver: ReturnType<typeof processDriver>;
beforeAll(async () => {
  server = await createTestServer();
  staffToken = (await createStaff(server.db, server.clock, 'Paula Caminhos', `proposal-paths.${process.pid}@empresa.com.br`)).token;
  driver = processDriver(server, staffToken);
});
afterAll(async () => { await server?.close(); });
beforeEach(() => { localStorage.clear(); });
afterEach(() => { cleanup(); });

const label = (path: TestPath, i: number) => formatEvent(path.steps[i]!.event);
const labels = (path: TestPath) => path.steps.map((_, i) => label(path, i));

/** The requests a path makes fail (the network is down for them). */
type Cut = 'load' | 'approveInitial' | 'approveFinal' | 'pdf';
const cutOf = (request: Request): Cut | null => {
  const url = new URL(request.url).pathname;
  if (request.method === 'GET' && (url.endsWith('/portal/customers') || url.endsWith('/proposal'))) return 'load';
  if (request.method === 'PUT' && url.endsWith('/approve/proposal')) return 'approveInitial';
  if (request.method === 'PUT' && url.endsWith('/approve/proposal_final')) return 'approveFinal';
  if (url.endsWith('/pdf')) return 'pdf';
  return null;
};

interface Run { user: ReturnType<typeof userEvent.setup>; cuts: Set<Cut>; went: string[]; saved: string[] }

/** Why a path cannot be driven through the screen on this server, or null when it can. */
function notDrivable(path: TestPath): string | null {
  const loads = labels(path).filter((t) => t.startsWith('loadProposal resolves'));
  if (loads.some((t) => t.includes('initialWithoutPdfLink'))) return 'the server gives every proposal its pdf_link';
  if (loads.some((t) => t.includes('finalAlreadyChosen'))) return 'reached by choosing cash or financing (the finalAtOffer paths)';
  if (loads.some((t) => t.includes('finalBeingPrepared')) && path.input.sample !== 'finalScreen') {
    return 'a customer past the visit has an initial proposal (the initialApproved paths)';
  }
  const finalScreen = path.input.sample === 'finalScreen';
  if (loads.some((t) => (t.includes('(initial') && finalScreen) || (t.includes('(final') && !finalScreen))) {
    return "the screen loads only its own type's proposal (spec §7: filtered by type)";
  }
  return null;
}

/** A customer the path's first load finds: none yet, an initial proposal waiting, or a published final one at the offer. */
async function customerFor(path: TestPath): Promise<ServerCustomer> {
  const signedUp = await signUpNewCustomer(server);
  const me = await call(server, 'GET', '/portal/customers', undefined, { token: signedUp.token });
  const c = { id: Number(me.body.id), token: signedUp.token, phone: signedUp.phone };
  const first = labels(path).find((t) => t.startsWith('loadProposal')) ?? '';
  const toInitial: ProcessEvent[] = [{ type: 'simulation.done' }, { type: 'bill.submitted' }, { type: 'bill.approved' }];
  if (first.includes('initialAwaitingApproval') || first.includes('initialApproved')) await driver.move(c, toInitial);
  if (first.includes('initialApproved')) await driver.move(c, [{ type: 'proposal.initialApproved' }]);
  if (first.includes('finalBeingPrepared')) await driver.move(c, toOffer);
  if (first.includes('finalAtOffer')) {
    await driver.move(c, toOffer);
    await driver.move(c, [{ type: 'proposal.finalPublished' }]);
  }
  return c;
}

const CUT_BY_ACTOR: Record<string, Cut> = {
  loadProposal: 'load', approveInitialProposal: 'approveInitial', approveFinalProposal: 'approveFinal', downloadPdf: 'pdf',
};

/** Before step `i`: the request of an actor the path says fails next is cut, the others go through. */
function prepareNetwork(run: Run, path: TestPath, i: number): void {
  run.cuts.clear();
  for (const next of [label(path, i), path.steps[i + 1] ? label(path, i + 1) : '']) {
    const failing = /^(\w+) fails/.exec(next)?.[1];
    if (failing && CUT_BY_ACTOR[failing]) run.cuts.add(CUT_BY_ACTOR[failing]!);
  }
}

async function step(run: Run, path: TestPath, i: number): Promise<void> {
  const text = label(path, i);
  const { user } = run;
  const press = async (name: string) => user.click(await screen.findByRole('button', { name }));
  if (text === 'proposal.advance') await press(m['proposal.advance']);
  else if (text === 'dialog.confirm') await press(path.input.sample === 'finalScreen' ? m['proposal.finalDialog.confirm'] : m['proposal.initialDialog.confirm']);
  else if (text === 'dialog.dismiss') { await screen.findByRole(path.input.sample === 'finalScreen' ? 'alertdialog' : 'dialog'); await user.keyboard('{Escape}'); }
  else if (text === 'details.open') await press(m['proposal.details.open']);
  else if (text === 'details.close') await press(m['proposal.details.close']);
  else if (text === 'pdf.download') await press(m['proposal.download']);
  else if (text === 'page.retry') await press(m['proposal.retry']);
  else if (text.startsWith('payment.choose')) await press(text.includes('financing') ? m['proposal.final.financing'] : m['proposal.final.cash']);
  // actor outcomes come from the server (or from the cut request)
}

/** What the screen shows for the machine's state after step `i`. */
async function shows(run: Run, path: TestPath, i: number): Promise<void> {
  const state = path.steps[i]!.state;
  const text = label(path, i);
  const title = path.input.sample === 'finalScreen' ? 'Proposta final' : 'Proposta inicial';
  await waitFor(() => {
    if (state.matches('loading') || state.matches('deciding')) return;
    if (state.matches('loadFailed')) {
      if (screen.getByRole('alert').textContent !== m['proposal.load.error']) throw new Error('no load error');
      return;
    }
    if (state.matches('notReady')) {
      screen.getByText(m[state.matches({ notReady: 'finalPreparing' }) ? 'proposal.final.preparing'
        : state.matches({ notReady: 'awaitingVisit' }) ? 'proposal.final.notYet' : 'proposal.initial.preparing']);
      return;
    }
    screen.getByRole('heading', { level: 1, name: title });
    screen.getByRole('list', { name: 'Resumo da proposta' });
    const dialog = screen.queryByRole('dialog', { name: m['proposal.initialDialog.title'] });
    // approving is the moment the server answers: the next step checks what its answer shows
    if (state.matches({ shown: { decision: { initial: 'approving' } } })) return;
    const confirming = state.matches({ shown: { decision: { initial: 'confirming' } } });
    if (confirming !== Boolean(dialog)) throw new Error(confirming ? 'the approval dialog is not open' : 'the approval dialog is still open');
    if (state.matches({ shown: { decision: { final: 'approving' } } })) return;
    const finalConfirming = state.matches({ shown: { decision: { final: 'confirming' } } });
    const finalDialog = screen.queryByRole('alertdialog', { name: /^Confirmar (compra à vista|financiamento)\?$/ });
    if (finalConfirming !== Boolean(finalDialog)) throw new Error(finalConfirming ? 'the purchase confirmation is not open' : 'the purchase confirmation is still open');
    const details = screen.queryByRole('dialog', { name: m['proposal.details.title'] });
    if (state.matches({ shown: { details: 'open' } }) !== Boolean(details)) throw new Error('the detailed dialog does not follow the machine');
    if (text.startsWith('downloadPdf fails')) screen.getByText(m['proposal.download.error']);
    if (text.startsWith('downloadPdf resolves') && run.saved.at(-1) !== `${PROPOSAL_FILE_NAME[path.input.sample === 'finalScreen' ? 'FINAL' : 'INITIAL']}.pdf`) {
      throw new Error(`saved ${JSON.stringify(run.saved)}`);
    }
    if (text.startsWith('approveInitialProposal fails') || text.startsWith('approveFinalProposal fails')) screen.getByText(m['proposal.approve.error']);
    if (state.matches({ shown: { decision: { final: 'approved' } } }) && run.went.at(-1) !== '/payment') throw new Error(`went to ${JSON.stringify(run.went)}`);
  });
}

const screenText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 1200);

const { paths } = generatePaths(proposalPaths);

describe('proposal paths through the screen (happy-dom, API in process on PGlite)', () => {
  for (const path of paths.filter((p) => p.kind === 'shortest')) {
    const reason = notDrivable(path);
    const title = `#${path.index} ${path.title}`;
    if (reason) {
      it.skip(`${title} — not driven through the screen: ${reason}`, () => {});
      continue;
    }
    it(title, async () => {
      const c = await customerFor(path);
      const run: Run = { user: userEvent.setup(), cuts: new Set(), went: [], saved: [] };
      const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://portal.test'), init);
        const cut = cutOf(request);
        if (cut && run.cuts.has(cut)) throw new TypeError('network down');
        return server.fetch(request);
      }) as typeof server.fetch;
      const api = createApi({ fetch, origin: 'http://portal.test', getToken: () => c.token });
      prepareNetwork(run, path, 0);
      render(
        <ProposalFlow
          type={path.input.sample === 'finalScreen' ? 'FINAL' : 'INITIAL'}
          getApi={() => Promise.resolve(api)}
          onMenuChanged={() => {}}
          onGo={(p) => { run.went.push(p); }}
          saveFile={(_, name) => { run.saved.push(name); }}
        />,
      );
      for (const [i] of path.steps.entries()) {
        try {
          prepareNetwork(run, path, i);
          await step(run, path, i);
          await shows(run, path, i);
        } catch (error) {
          throw new Error(formatFailure(path, i, error instanceof Error ? error.message.split('\n')[0]! : String(error), screenText()), { cause: error });
        }
      }
    }, 60_000);
  }
});
