import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { proposalMachine, type PaymentType, type ProposalPageData } from '../../../machines/proposal/proposalMachine';
import type { Proposal } from '#shared/proposal/rules';

const initial: Proposal = {
  id: 41, type: 'INITIAL', power_of_the_project: 4.4, final_value: 10692, annual_production: 6167, annual_savings: 4708.34, payback: 28,
  pdf_link: '/api/v1/portal/customers/7/proposal/41/pdf', created_at: '2026-03-06T15:30:00Z',
};
const page = (status: 'PENDING' | 'APPROVED' | 'NOT_DONE', p: Proposal | null = initial): ProposalPageData => ({
  customer: { id: 7, kind: 'SUBSCRIPTION', steps: [{ type: 'BILL', status: 'APPROVED' }, { type: 'PROPOSAL_INITIAL', status }] },
  proposal: p,
  hasFinalProposal: false,
  subscription: null,
});
const offer = (p: Proposal): ProposalPageData => ({
  customer: { id: 7, kind: 'SUBSCRIPTION', steps: [{ type: 'TECHNICAL_VISIT', status: 'APPROVED' }, { type: 'SIGNATURE', status: 'NOT_DONE' }] },
  proposal: p,
  hasFinalProposal: true,
  subscription: null,
});

function start(type: 'INITIAL' | 'FINAL', loads: ProposalPageData[], over: { approveFails?: boolean; downloadFails?: boolean } = {}) {
  const calls = { approveInitial: [] as number[], approveFinal: [] as PaymentType[], stored: [] as PaymentType[], menu: 0, payment: 0, downloads: [] as string[] };
  let load = 0;
  const machine = proposalMachine.provide({
    actors: {
      loadProposal: fromPromise(async () => loads[Math.min(load++, loads.length - 1)]!),
      approveInitialProposal: fromPromise<unknown, { customerId: number }>(async ({ input }) => {
        if (over.approveFails) throw new Error('offline');
        calls.approveInitial.push(input.customerId);
      }),
      approveFinalProposal: fromPromise<unknown, { paymentType: PaymentType }>(async ({ input }) => {
        if (over.approveFails) throw new Error('offline');
        calls.approveFinal.push(input.paymentType);
      }),
      downloadPdf: fromPromise<unknown, { link: string; type: 'INITIAL' | 'FINAL' }>(async ({ input }) => {
        if (over.downloadFails) throw new Error('offline');
        calls.downloads.push(input.link);
      }),
    },
    actions: {
      menuChanged: () => { calls.menu++; },
      storePaymentType: (_, params: { paymentType: PaymentType }) => { calls.stored.push(params.paymentType); },
      goToPayment: () => { calls.payment++; },
    },
  });
  const actor = createActor(machine, { input: { type } }).start();
  return { actor, calls };
}

describe('proposal machine', () => {
  it("initial: 'Avançar' opens the dialog, 'Entendi' approves for the customer's own id, reloads, tells the menu, and the buttons close", async () => {
    const { actor, calls } = start('INITIAL', [page('PENDING'), page('APPROVED')]);
    await waitFor(actor, (s) => s.matches({ shown: { decision: { initial: 'reading' } } }));
    actor.send({ type: 'proposal.advance' });
    expect(actor.getSnapshot().matches({ shown: { decision: { initial: 'confirming' } } })).toBe(true);
    actor.send({ type: 'dialog.dismiss' });
    expect(actor.getSnapshot().matches({ shown: { decision: { initial: 'reading' } } })).toBe(true);
    actor.send({ type: 'proposal.advance' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches({ shown: { decision: { initial: 'reading' } } }) && s.context.data?.customer.steps[1]?.status === 'APPROVED');
    expect(calls.approveInitial).toEqual([7]);
    expect(calls.menu).toBe(1);
    expect(actor.getSnapshot().context.notice).toBe('proposal.initial.approved');
    expect(actor.getSnapshot().can({ type: 'proposal.advance' })).toBe(false);
  });

  it("initial: closed while the step is NOT_DONE; a failed approval keeps the proposal and says so", async () => {
    const closed = start('INITIAL', [page('NOT_DONE')]);
    await waitFor(closed.actor, (s) => s.matches('shown'));
    expect(closed.actor.getSnapshot().can({ type: 'proposal.advance' })).toBe(false);

    const failing = start('INITIAL', [page('PENDING')], { approveFails: true });
    await waitFor(failing.actor, (s) => s.matches('shown'));
    failing.actor.send({ type: 'proposal.advance' });
    failing.actor.send({ type: 'dialog.confirm' });
    await waitFor(failing.actor, (s) => s.context.error !== null);
    expect(failing.actor.getSnapshot().context.error).toBe('proposal.approve.error');
    expect(failing.actor.getSnapshot().context.data?.proposal).toEqual(initial);
    expect(failing.calls.menu).toBe(0);
  });

  it('final: cash or financing asks for confirmation first; nothing is sent or stored until confirmed, and going back chooses again', async () => {
    const { actor, calls } = start('FINAL', [offer({ ...initial, id: 42, type: 'FINAL' })]);
    await waitFor(actor, (s) => s.matches({ shown: { decision: { final: 'choosing' } } }));
    actor.send({ type: 'payment.choose', paymentType: 'CASH_PURCHASE' });
    expect(actor.getSnapshot().matches({ shown: { decision: { final: 'confirming' } } })).toBe(true);
    expect(actor.getSnapshot().context.paymentType).toBe('CASH_PURCHASE');
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toMatchObject({ stored: [], approveFinal: [], menu: 0, payment: 0 });
    actor.send({ type: 'dialog.dismiss' });
    expect(actor.getSnapshot().matches({ shown: { decision: { final: 'choosing' } } })).toBe(true);
    expect(actor.getSnapshot().context.paymentType).toBeNull();
    expect(calls.approveFinal).toEqual([]);
  });

  it('final: cash or financing, once confirmed, stores the payment type, approves with it, reloads the menu and goes to payment', async () => {
    const { actor, calls } = start('FINAL', [offer({ ...initial, id: 42, type: 'FINAL' })]);
    await waitFor(actor, (s) => s.matches({ shown: { decision: { final: 'choosing' } } }));
    actor.send({ type: 'payment.choose', paymentType: 'FINANCING' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches({ shown: { decision: { final: 'approved' } } }));
    expect(calls).toMatchObject({ stored: ['FINANCING'], approveFinal: ['FINANCING'], menu: 1, payment: 1 });
  });

  it('final: a refused approval stores no payment type (it would send proposal-final to payment) and stays to choose again', async () => {
    const { actor, calls } = start('FINAL', [offer({ ...initial, id: 42, type: 'FINAL' })], { approveFails: true });
    await waitFor(actor, (s) => s.matches({ shown: { decision: { final: 'choosing' } } }));
    actor.send({ type: 'payment.choose', paymentType: 'CASH_PURCHASE' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('proposal.approve.error');
    expect(actor.getSnapshot().matches({ shown: { decision: { final: 'choosing' } } })).toBe(true);
    expect(calls).toMatchObject({ stored: [], menu: 0, payment: 0 });
  });

  it("download: fetches the proposal's link; without a link or on failure 'Erro ao baixar arquivo'", async () => {
    const ok = start('INITIAL', [page('APPROVED')]);
    await waitFor(ok.actor, (s) => s.matches('shown'));
    ok.actor.send({ type: 'pdf.download' });
    await waitFor(ok.actor, (s) => s.matches({ shown: { pdf: 'idle' } }) && ok.calls.downloads.length === 1);
    expect(ok.calls.downloads).toEqual([initial.pdf_link]);

    const noLink = start('INITIAL', [page('PENDING', { ...initial, pdf_link: null })]);
    await waitFor(noLink.actor, (s) => s.matches('shown'));
    noLink.actor.send({ type: 'pdf.download' });
    expect(noLink.actor.getSnapshot().context.downloadError).toBe('proposal.download.error');

    const failing = start('INITIAL', [page('PENDING')], { downloadFails: true });
    await waitFor(failing.actor, (s) => s.matches('shown'));
    failing.actor.send({ type: 'pdf.download' });
    await waitFor(failing.actor, (s) => s.context.downloadError !== null);
    expect(failing.actor.getSnapshot().context.downloadError).toBe('proposal.download.error');
  });

  it('no proposal of the type yet: the not-ready view, which can look again', async () => {
    const { actor } = start('FINAL', [page('APPROVED', null)]);
    await waitFor(actor, (s) => s.matches('notReady'));
    expect(actor.getSnapshot().can({ type: 'page.retry' })).toBe(true);
  });

  it('no final proposal yet: after the visit accomplished and approved it is being prepared; before, it waits for the visit', async () => {
    const beforeVisit = start('FINAL', [page('APPROVED', null)]);
    await waitFor(beforeVisit.actor, (s) => s.matches('notReady'));
    expect(beforeVisit.actor.getSnapshot().matches({ notReady: 'awaitingVisit' })).toBe(true);

    const visitApproved = start('FINAL', [{ ...offer(initial), proposal: null, hasFinalProposal: false }]);
    await waitFor(visitApproved.actor, (s) => s.matches('notReady'));
    expect(visitApproved.actor.getSnapshot().matches({ notReady: 'finalPreparing' })).toBe(true);

    const initialScreen = start('INITIAL', [page('NOT_DONE', null)]);
    await waitFor(initialScreen.actor, (s) => s.matches('notReady'));
    expect(initialScreen.actor.getSnapshot().matches({ notReady: 'initialPreparing' })).toBe(true);
  });
});
