// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { ProposalFlow, type SaveFile } from '../../../../src/web/features/proposal/ProposalScreen';
import { createApi, type Api } from '../../../../src/web/api/client';
import { createStaff } from '../../../../src/server/staff/service';
import { messages as m } from '#shared/messages';
import { formatBRL } from '#shared/money';
import { Proposal, billAfterSolarFigures, proposalCards, proposalFigures, type ProposalType } from '#shared/proposal/rules';
import { createTestServer, type TestServer } from '../../../support/server';
import { call, signUpNewCustomer } from '../../../support/flows';
import { processDriver, toOffer, type ServerCustomer } from '../../../paths/serverProcess';
import type { ProcessEvent } from '#machines/process/processMachine';
import { findLoadedPage } from '../../../support/screens';

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
let driver: ReturnType<typeof processDriver>;
let staffToken: string;
beforeAll(async () => {
  server = await createTestServer();
  staffToken = (await createStaff(server.db, server.clock, 'Lia', `lia.${process.pid}@empresa.com.br`)).token;
  driver = processDriver(server, staffToken);
});
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); localStorage.clear(); });

/** A customer moved through the real endpoints; the bill approved by staff makes the initial proposal. */
async function customerAt(events: ProcessEvent[]): Promise<ServerCustomer> {
  const c = await signUpNewCustomer(server);
  const me = await call(server, 'GET', '/portal/customers', undefined, { token: c.token });
  const customer = { id: Number(me.body.id), token: c.token, phone: c.phone };
  await driver.move(customer, events);
  return customer;
}
const toInitialProposal: ProcessEvent[] = [{ type: 'simulation.done' }, { type: 'bill.submitted' }, { type: 'bill.approved' }];

async function proposalOf(c: ServerCustomer, type: ProposalType) {
  const list = v.parse(v.array(Proposal), (await call(server, 'GET', `/portal/customers/${c.id}/proposal`, undefined, { token: c.token })).body.data);
  return list.filter((p) => p.type === type).at(-1)!;
}
const steps = async (c: ServerCustomer) =>
  ((await call(server, 'GET', '/portal/customers/steps', undefined, { token: c.token })).body.data as { type: string; status: string }[]).map((x) => `${x.type}:${x.status}`);

function renderProposal(c: ServerCustomer, type: ProposalType, fetch: typeof server.fetch = server.fetch) {
  const api: Api = createApi({ fetch, origin: 'http://portal.test', getToken: () => c.token });
  const seen = { menu: 0, went: [] as string[], saved: [] as { file: Blob; name: string }[] };
  const saveFile: SaveFile = (file, name) => { seen.saved.push({ file, name }); };
  render(<ProposalFlow type={type} getApi={() => Promise.resolve(api)} onMenuChanged={() => { seen.menu++; }} onGo={(p) => { seen.went.push(p); }} saveFile={saveFile} />);
  return seen;
}
const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const one = (t: string) => t.replace(/\s+/g, ' ').trim();

describe('proposal screen', () => {
  it('initial: the figures of spec §9, what stays on the bill, the detailed dialog and the PDF under its name', async () => {
    const user = userEvent.setup();
    const c = await customerAt(toInitialProposal);
    const p = await proposalOf(c, 'INITIAL');
    const seen = renderProposal(c, 'INITIAL');
    expect(await findLoadedPage('Proposta inicial')).toBeTruthy();
    expect(screen.getByText(m['proposal.initial.note'])).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Resumo da proposta' })).getAllByRole('listitem');
    expect(cards.map(text)).toEqual(proposalCards(p).map((card) => one(`${card.label}${card.value}`)));
    const figures = proposalFigures(p);
    expect(text(screen.getByRole('region', { name: m['proposal.total'] }))).toContain(one(figures.total));
    expect(screen.getByText(figures.validity)).toBeTruthy();
    const billAfter = within(screen.getByRole('region', { name: m['proposal.billAfter.title'] }));
    for (const line of billAfterSolarFigures(p)!.lines) expect(billAfter.getByText(line.label)).toBeTruthy();
    expect(text(billAfter.getByText(m['proposal.billAfter.total']).parentElement)).toContain(one(billAfterSolarFigures(p)!.newBill));

    await user.click(screen.getByRole('button', { name: m['proposal.details.open'] }));
    const details = within(await screen.findByRole('dialog', { name: m['proposal.details.title'] }));
    const modules = details.getByRole('listitem', { name: m['proposal.equipment.modules'] });
    expect(text(modules)).toContain(figures.equipment.modules.quantity);
    expect(text(modules)).toContain('Sem marca');
    expect(text(modules)).toContain('Sem garantia');
    expect(details.getByText(m['proposal.benefit.monitoring'])).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: m['proposal.download'] }));
    await waitFor(() => expect(seen.saved).toHaveLength(1));
    expect(seen.saved[0]!.name).toBe('Proposta Inicial.pdf');
    const bytes = new Uint8Array(await seen.saved[0]!.file.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });

  it("initial: 'Avançar' -> 'Esta é uma proposta inicial' -> 'Entendi' approves, reloads, tells the menu; then the buttons close", async () => {
    const user = userEvent.setup();
    const c = await customerAt(toInitialProposal);
    const seen = renderProposal(c, 'INITIAL');
    await user.click(await screen.findByRole('button', { name: m['proposal.advance'] }));
    const dialog = within(await screen.findByRole('dialog', { name: m['proposal.initialDialog.title'] }));
    expect(dialog.getByText(m['proposal.initialDialog.body'])).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: m['proposal.initialDialog.confirm'] }));
    expect(await screen.findByText(m['proposal.initial.approved'])).toBeTruthy();
    // the confirmation takes focus once; a dialog opened later gives focus back to its own button
    await waitFor(() => expect(document.activeElement?.textContent).toBe(m['proposal.initial.approved']));
    await user.click(screen.getByRole('button', { name: m['proposal.details.open'] }));
    await screen.findByRole('dialog', { name: m['proposal.details.title'] });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe(m['proposal.details.open']));
    expect(await steps(c)).toContain('PROPOSAL_INITIAL:APPROVED');
    expect(seen.menu).toBe(1);
    expect(screen.getByRole('button', { name: m['proposal.advance'] }).hasAttribute('disabled') || screen.getByRole('button', { name: m['proposal.advance'] }).getAttribute('aria-disabled') === 'true').toBe(true);
    await user.click(screen.getByRole('button', { name: 'Agendar visita técnica' }));
    expect(seen.went).toEqual(['/technical-visit']);
    // coming back later: the page says it was approved and leads on, rather than a closed 'Avançar' alone
    cleanup();
    const again = renderProposal(c, 'INITIAL');
    expect(await screen.findByText(m['proposal.initial.alreadyApproved'])).toBeTruthy();
    expect(screen.queryByText(m['proposal.initial.approved'])).toBeNull();
    await user.click(screen.getByRole('button', { name: m['proposal.initial.toVisit'] }));
    expect(again.went).toEqual(['/technical-visit']);
  });

  it("initial, coming back later: the banner follows the customer's real step, not a stale 'book your visit'", async () => {
    const user = userEvent.setup();
    // the visit requested: the way on is the visit's page, not booking it again
    const requested = await customerAt([...toOffer.slice(0, 5)]);
    renderProposal(requested, 'INITIAL');
    expect(await screen.findByText(m['proposal.initial.next.visitRequested'])).toBeTruthy();
    expect(screen.queryByText(m['proposal.initial.alreadyApproved'])).toBeNull();
    expect(screen.getByRole('button', { name: m['proposal.initial.toVisitDetails'] })).toBeTruthy();
    cleanup();

    // the visit approved, the final proposal not published: it is being prepared, no button to book a visit
    const c = await customerAt(toOffer);
    renderProposal(c, 'INITIAL');
    expect(await screen.findByText(m['proposal.initial.next.finalPreparing'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: m['proposal.initial.toVisit'] })).toBeNull();
    cleanup();

    // published: the banner leads to the final proposal
    expect((await call(server, 'POST', `/admin/customers/${c.id}/proposal/final`, { module_brand: 'Jinko', module_warranty: 12 }, { token: staffToken })).status).toBe(201);
    const seen = renderProposal(c, 'INITIAL');
    expect(await screen.findByText(m['proposal.initial.next.final'])).toBeTruthy();
    expect(screen.queryByText(m['proposal.initial.alreadyApproved'])).toBeNull();
    await user.click(screen.getByRole('button', { name: m['proposal.final.open'] }));
    expect(seen.went).toEqual(['/proposal-final']);
  });

  it("a PDF that cannot be fetched says 'Erro ao baixar arquivo. Atualize e tente novamente.' and keeps the proposal", async () => {
    const user = userEvent.setup();
    const c = await customerAt(toInitialProposal);
    const failingPdf: typeof server.fetch = (input, init) =>
      (String(input instanceof Request ? input.url : input).endsWith('/pdf') ? Promise.resolve(new Response('boom', { status: 500 })) : server.fetch(input, init));
    const seen = renderProposal(c, 'INITIAL', failingPdf);
    await user.click(await screen.findByRole('button', { name: m['proposal.download'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(m['proposal.download.error']);
    expect(seen.saved).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Proposta inicial' })).toBeTruthy();
  });

  it('a failed load says so and loads again on retry', async () => {
    const user = userEvent.setup();
    const c = await customerAt(toInitialProposal);
    let offline = true;
    const flaky: typeof server.fetch = (input, init) => (offline ? Promise.reject(new TypeError('network')) : server.fetch(input, init));
    renderProposal(c, 'INITIAL', flaky);
    expect((await screen.findByRole('alert')).textContent).toBe(m['proposal.load.error']);
    offline = false;
    await user.click(screen.getByRole('button', { name: m['proposal.retry'] }));
    expect(await findLoadedPage('Proposta inicial')).toBeTruthy();
    expect(await screen.findByRole('button', { name: m['proposal.advance'] })).toBeTruthy();
    // the pressed button is gone: the keyboard is on the loaded page's title, not at the document's top
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Proposta inicial' })));
  });

  it("a subscription customer sees beside the purchase figures what their plan costs and saves each month; from the final proposal, the plans", async () => {
    const user = userEvent.setup();
    const c = await customerAt(toOffer);
    expect((await call(server, 'POST', `/admin/customers/${c.id}/proposal/final`, { module_brand: 'Jinko', module_warranty: 12 }, { token: staffToken })).status).toBe(201);
    const offers = (await call(server, 'GET', '/portal/customers/plans', undefined, { token: c.token })).body.data as { plan: { name: string }; deadline_type: string; price: number; economy_per_month: number; is_fit: boolean; old_bill: number }[];
    const max = offers.find((o) => o.deadline_type === 'MAX')!;
    expect(max.is_fit).toBe(true);
    const seen = renderProposal(c, 'FINAL');
    const panel = within(await screen.findByRole('region', { name: m['proposal.subscription.title'] }));
    const said = text(panel.getByText(/^No Plano 20 anos/));
    expect(said).toContain(formatBRL(max.price));
    expect(said).toContain(formatBRL(max.economy_per_month));
    // the plan speaks of the same bill as the proposal beside it
    expect(billAfterSolarFigures(await proposalOf(c, 'FINAL'))?.oldBill).toBe(formatBRL(max.old_bill));
    await user.click(panel.getByRole('button', { name: m['proposal.subscription.toPlans'] }));
    expect(seen.went).toEqual(['/plan-signature']);
    cleanup();
    // the initial proposal tells the same story, without the way to the plans yet
    renderProposal(c, 'INITIAL');
    const initial = within(await screen.findByRole('region', { name: m['proposal.subscription.title'] }));
    expect(initial.queryByRole('button')).toBeNull();
  });

  it('final before the visit is accomplished and approved: it waits for the visit', async () => {
    const c = await customerAt(toOffer.filter((e) => e.type !== 'visit.approved'));
    renderProposal(c, 'FINAL');
    expect(await screen.findByText('Sua proposta final fica disponível depois da visita técnica realizada e aprovada.')).toBeTruthy();
  });

  it('final: not there before staff publish it; then financing stores the payment type, approves and goes to payment', async () => {
    const user = userEvent.setup();
    const c = await customerAt(toOffer);
    renderProposal(c, 'FINAL');
    // the visit is accomplished and approved: the final proposal is being prepared, not waiting for the visit
    expect(await screen.findByText('Sua visita técnica foi realizada e aprovada. Sua proposta final está sendo preparada; avisaremos assim que ela estiver disponível.')).toBeTruthy();
    expect(screen.queryByText(m['proposal.final.notYet'])).toBeNull();
    cleanup();
    expect((await call(server, 'POST', `/admin/customers/${c.id}/proposal/final`, { module_brand: 'Jinko', module_warranty: 12 }, { token: staffToken })).status).toBe(201);
    const seen = renderProposal(c, 'FINAL');
    expect(await findLoadedPage('Proposta final')).toBeTruthy();
    expect(screen.queryByText(m['proposal.initial.note'])).toBeNull();
    await user.click(screen.getByRole('button', { name: m['proposal.final.financing'] }));
    // one click commits nothing: the confirmation says what happens next
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Confirmar financiamento?' }));
    expect(confirm.getByText(m['proposal.finalDialog.financing.body'])).toBeTruthy();
    expect(confirm.getByText(m['proposal.finalDialog.subscriptionEnds'])).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(seen.went).toEqual([]);
    expect(localStorage.getItem('paymentType')).toBeNull();
    expect(await steps(c)).not.toContain('PROPOSAL_FINAL:APPROVED');
    await user.click(screen.getByRole('button', { name: m['proposal.final.cash'] }));
    expect(await screen.findByRole('alertdialog', { name: 'Confirmar compra à vista?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: m['proposal.final.financing'] }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Confirmar financiamento?' })).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(seen.went).toEqual(['/payment']));
    expect(localStorage.getItem('paymentType')).toBe('FINANCING');
    expect(seen.menu).toBe(1);
    const me = await call(server, 'GET', '/portal/customers', undefined, { token: c.token });
    expect(me.body).toMatchObject({ subscription_lending: 'LENDING', payment_type: 'FINANCING' });
    expect(await steps(c)).toContain('PROPOSAL_FINAL:APPROVED');

    // back on the final proposal later: the choice is made, the way on is the payment screen; until
    // the purchase contract is signed the other payment type may still be chosen (the payment screen's 'Voltar')
    cleanup();
    const again = renderProposal(c, 'FINAL');
    expect(await screen.findByText(m['proposal.final.approved'])).toBeTruthy();
    expect(screen.getByRole('button', { name: m['proposal.final.cash'] }).hasAttribute('disabled') || screen.getByRole('button', { name: m['proposal.final.cash'] }).getAttribute('aria-disabled') === 'true').toBe(false);
    await user.click(screen.getByRole('button', { name: m['proposal.final.toPayment'] }));
    expect(again.went).toEqual(['/payment']);
  });
});
