import { definePathModel, sample } from './engine';
import { proposalMachine, type ProposalContext, type ProposalPageData } from '../../machines/proposal/proposalMachine';
import type { Proposal } from '#shared/proposal/rules';
import type { StepStatus, StepType } from '../../src/shared/steps';
import { apiErrors, companyCustomer, lendingCustomer, subscriptionCustomer } from './samples';

/**
 * Path model of the proposal screen (spec §2 "Proposal screen", §4 proposals, §7): who opens it
 * (the initial or the final screen), what the server answers (a proposal waiting for approval, one
 * already approved, none yet, one without a PDF link, a final one at the offer or already chosen),
 * and the customer's choices (advance, confirm or close the dialog, cash or financing, download).
 */

const proposal = (type: Proposal['type'], over: Partial<Proposal> = {}): Proposal => ({
  id: type === 'INITIAL' ? 41 : 42,
  type,
  power_of_the_project: 4.4,
  final_value: 10_692,
  annual_production: 6_167,
  annual_savings: 4_708.34,
  payback: 28,
  pdf_link: `/api/v1/portal/customers/101/proposal/${type === 'INITIAL' ? 41 : 42}/pdf`,
  structure_type: null,
  created_at: '2026-03-06T15:30:00Z',
  inverter_brand: null,
  inverter_warranty: null,
  inverter_power: 4,
  inverter_quantity: 1,
  module_brand: null,
  module_warranty: null,
  module_power: 550,
  module_quantity: 8,
  structure_warranty: null,
  ...over,
});

const steps = (list: [StepType, StepStatus][]) => list.map(([type, status]) => ({ type, status }));
const atInitial = (status: StepStatus) => steps([['SIMULATION', 'APPROVED'], ['BILL', 'APPROVED'], ['PROPOSAL_INITIAL', status]]);

const page = (customer: { id: number; subscription_lending: 'SUBSCRIPTION' | 'LENDING' }, list: ReturnType<typeof steps>, p: Proposal | null): ProposalPageData => ({
  customer: { id: customer.id, kind: customer.subscription_lending, steps: list },
  proposal: p,
  hasFinalProposal: p?.type === 'FINAL',
  subscription: null,
});

export const proposalPaths = definePathModel({
  name: 'proposal',
  machine: proposalMachine,
  inputs: [
    sample('initialScreen', { type: 'INITIAL' as const }),
    sample('finalScreen', { type: 'FINAL' as const }),
  ],
  events: {
    'payment.choose': [
      sample('cashPurchase', { type: 'payment.choose', paymentType: 'CASH_PURCHASE' as const }),
      sample('financing', { type: 'payment.choose', paymentType: 'FINANCING' as const }),
    ],
  },
  actors: {
    loadProposal: {
      done: [
        sample('initialAwaitingApproval', page(subscriptionCustomer, atInitial('PENDING'), proposal('INITIAL'))),
        sample('initialApproved', page(subscriptionCustomer, [...atInitial('APPROVED'), { type: 'TECHNICAL_VISIT', status: 'NOT_DONE' }], proposal('INITIAL'))),
        sample('initialWithoutPdfLink', page(subscriptionCustomer, atInitial('PENDING'), proposal('INITIAL', { pdf_link: null }))),
        sample('noProposalYet', page(subscriptionCustomer, atInitial('NOT_DONE'), null)),
        // the visit accomplished and approved, the final proposal not published yet
        sample('finalBeingPrepared', page(subscriptionCustomer, [...atInitial('APPROVED'), { type: 'TECHNICAL_VISIT', status: 'APPROVED' }, { type: 'SIGNATURE', status: 'NOT_DONE' }], null)),
        sample('finalAtOffer', page(companyCustomer, companyCustomer.steps, proposal('FINAL'))),
        sample('finalAlreadyChosen', page(lendingCustomer, [...steps([['SIMULATION', 'APPROVED'], ['BILL', 'APPROVED'], ['PROPOSAL_INITIAL', 'APPROVED'], ['TECHNICAL_VISIT', 'APPROVED'], ['PROPOSAL_FINAL', 'APPROVED'], ['CONTRACT', 'NOT_DONE']])], proposal('FINAL'))),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    approveInitialProposal: { done: [sample('approved', { data: [] })], error: [sample('offline', apiErrors.offline)] },
    approveFinalProposal: { done: [sample('approved', { data: [] })], error: [sample('offline', apiErrors.offline)] },
    downloadPdf: { done: [sample('saved', undefined)], error: [sample('offline', apiErrors.offline)] },
  },
  // What steers the screen: the proposal's type and link, the steps its guards read, and the
  // messages and payment type it shows and sends.
  context: (c: ProposalContext) => ({
    type: c.type,
    data: c.data && {
      proposal: c.data.proposal ? { type: c.data.proposal.type, link: Boolean(c.data.proposal.pdf_link) } : null,
      initialStep: c.data.customer.steps.find((s) => s.type === 'PROPOSAL_INITIAL')?.status ?? null,
      last: c.data.customer.steps.at(-1)?.type ?? null,
    },
    error: c.error,
    notice: c.notice,
    paymentType: c.paymentType,
    downloadError: c.downloadError,
  }),
  checks: {
    'proposal.shown.decision.initial.confirming': (s) => {
      const c = s.context as ProposalContext;
      const status = c.data?.customer.steps.find((x) => x.type === 'PROPOSAL_INITIAL')?.status;
      return status === 'PENDING' || status === 'DENIED' ? undefined : `the approval dialog opened with the initial step ${String(status)}`;
    },
    'proposal.shown.decision.final.approving': (s) => {
      const c = s.context as ProposalContext;
      return c.paymentType ? undefined : 'approving the final proposal without a payment type';
    },
    'proposal.shown.pdf.downloading': (s) => ((s.context as ProposalContext).data?.proposal?.pdf_link ? undefined : 'downloading without a link'),
  },
});
