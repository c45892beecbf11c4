import { assign, setup } from 'xstate';
import { billAllowsReupload } from '#shared/bill/rules';
import type { CustomerKind, StepStatus, StepType } from '../../src/shared/steps';

/**
 * The customer's process on the server (ARCHITECTURE "The customer's steps"). Customer and staff
 * actions are its events; the spec's `steps` list is derived from the active states' `meta`
 * (see src/server/process/steps.ts). Pure: no I/O, no clock.
 */
export interface ProcessContext {
  kind: CustomerKind;
  paymentType: 'CASH_PURCHASE' | 'FINANCING' | null;
  /** the last bill was refused for a reason that does not allow sending another (spec §4) */
  billLocked?: boolean;
  /** staff published the FINAL proposal (after the visit was accomplished and approved) */
  finalProposalPublished?: boolean;
}

export type ProcessEvent =
  | { type: 'simulation.done' }
  | { type: 'bill.submitted' }
  | { type: 'bill.approved' }
  /** `justification` decides whether a new bill may be sent (only 'ilegível ou incompleta'); none: it may */
  | { type: 'bill.disapproved'; justification?: string }
  | { type: 'proposal.initialSent' }
  | { type: 'proposal.initialApproved' }
  | { type: 'visit.requested' }
  | { type: 'visit.confirmed' }
  | { type: 'visit.cancelled' }
  | { type: 'visit.approved' }
  | { type: 'visit.notApproved' }
  | { type: 'plan.signed' }
  /** staff publish (or re-publish) the FINAL proposal; only once the visit is accomplished and approved */
  | { type: 'proposal.finalPublished' }
  | { type: 'proposal.finalApproved'; paymentType: 'CASH_PURCHASE' | 'FINANCING' }
  | { type: 'checkout.completed' }
  | { type: 'contract.signed' }
  | { type: 'supply.delivered' }
  | { type: 'installation.completed' };

/** Which step a state stands for and that step's status while the customer is in it. */
export interface StepMeta { step: StepType; status: StepStatus }
const meta = (step: StepType, status: StepStatus): { meta: StepMeta } => ({ meta: { step, status } });

export const processMachine = setup({
  types: {
    context: {} as ProcessContext,
    events: {} as ProcessEvent,
    input: {} as { kind?: CustomerKind },
  },
  guards: {
    isLendingCustomer: ({ context }) => context.kind === 'LENDING',
    mayResendBill: ({ context }) => !context.billLocked,
  },
  actions: {
    rememberBillLock: assign({
      billLocked: ({ event }) => event.type === 'bill.disapproved' && event.justification !== undefined
        && !billAllowsReupload({ status: 'DISAPPROVED', justification_disapproved: event.justification }),
    }),
    rememberFinalProposal: assign({ finalProposalPublished: true }),
    becomeLendingCustomer: assign({
      kind: () => 'LENDING' as const,
      paymentType: ({ event }) => (event.type === 'proposal.finalApproved' ? event.paymentType : null),
    }),
  },
}).createMachine({
  id: 'process',
  description: "One customer's way from sign-up to a working solar system.",
  context: ({ input }) => ({ kind: input.kind ?? 'SUBSCRIPTION', paymentType: null }),
  initial: 'onboarding',
  states: {
    onboarding: {
      description: 'A new customer: simulation and bill are both open.',
      type: 'parallel',
      onDone: 'proposalInitial',
      states: {
        simulation: {
          initial: 'open',
          states: {
            open: { ...meta('SIMULATION', 'NOT_DONE'), description: 'No plan simulated yet.', on: { 'simulation.done': 'done' } },
            done: { ...meta('SIMULATION', 'APPROVED'), type: 'final' },
          },
        },
        bill: {
          initial: 'open',
          states: {
            open: { ...meta('BILL', 'NOT_DONE'), description: 'Waiting for the electricity bill.', on: { 'bill.submitted': 'inAnalysis' } },
            inAnalysis: {
              ...meta('BILL', 'PENDING'),
              description: 'The company reviews the bill (within 24 h).',
              on: { 'bill.approved': 'approved', 'bill.disapproved': { target: 'disapproved', actions: 'rememberBillLock' } },
            },
            disapproved: {
              ...meta('BILL', 'DENIED'),
              description: "Bill refused; a new one may be sent only when it was illegible or incomplete.",
              on: { 'bill.submitted': { guard: 'mayResendBill', target: 'inAnalysis' } },
            },
            approved: { ...meta('BILL', 'APPROVED'), type: 'final' },
          },
        },
      },
    },
    proposalInitial: {
      initial: 'preparing',
      states: {
        preparing: { ...meta('PROPOSAL_INITIAL', 'NOT_DONE'), description: 'The company prepares the initial proposal.', on: { 'proposal.initialSent': 'awaitingCustomer' } },
        awaitingCustomer: {
          ...meta('PROPOSAL_INITIAL', 'PENDING'),
          description: 'The customer reads and approves the initial proposal.',
          on: { 'proposal.initialApproved': '#process.technicalVisit' },
        },
      },
    },
    technicalVisit: {
      initial: 'open',
      states: {
        open: { ...meta('TECHNICAL_VISIT', 'NOT_DONE'), description: 'The customer books a visit.', on: { 'visit.requested': 'requested' } },
        requested: {
          ...meta('TECHNICAL_VISIT', 'PENDING'),
          description: 'Booked; the company confirms it.',
          on: { 'visit.confirmed': 'confirmed', 'visit.cancelled': 'open' },
        },
        confirmed: {
          ...meta('TECHNICAL_VISIT', 'PENDING'),
          on: { 'visit.approved': '#process.offer', 'visit.notApproved': 'notApproved', 'visit.cancelled': 'open' },
        },
        notApproved: { ...meta('TECHNICAL_VISIT', 'DENIED'), description: 'The site cannot take the system.' },
      },
    },
    offer: {
      description: 'Subscription customers choose a plan; lending customers approve the final proposal with cash or financing.',
      initial: 'choosing',
      states: {
        choosing: {
          always: { guard: 'isLendingCustomer', target: '#process.lending.proposalFinal' },
          ...meta('SIGNATURE', 'NOT_DONE'),
          on: {
            'plan.signed': '#process.subscription.checkout',
            'proposal.finalPublished': { actions: 'rememberFinalProposal' },
            'proposal.finalApproved': { target: '#process.lending.contract', actions: 'becomeLendingCustomer' },
          },
        },
      },
    },
    subscription: {
      initial: 'checkout',
      states: {
        checkout: { ...meta('CHECKOUT', 'NOT_DONE'), description: 'Billing day or card.', on: { 'checkout.completed': 'contract' } },
        contract: { ...meta('CONTRACT', 'NOT_DONE'), description: 'Adhesion term and power of attorney.', on: { 'contract.signed': '#process.installation' } },
      },
    },
    lending: {
      initial: 'proposalFinal',
      states: {
        proposalFinal: {
          ...meta('PROPOSAL_FINAL', 'PENDING'),
          description: 'The customer approves the final proposal, paying cash or financing.',
          on: {
            'proposal.finalPublished': { actions: 'rememberFinalProposal' },
            'proposal.finalApproved': { target: 'contract', actions: 'becomeLendingCustomer' },
          },
        },
        contract: { ...meta('CONTRACT', 'NOT_DONE'), description: 'Purchase contract on the payment screen.', on: { 'contract.signed': 'supply' } },
        supply: { ...meta('SUPPLY', 'PENDING'), description: 'Kit paid for; waiting for delivery.', on: { 'supply.delivered': '#process.installation' } },
      },
    },
    installation: {
      ...meta('INSTALATION', 'PENDING'),
      description: 'Installation under way.',
      on: { 'installation.completed': 'projectStatus' },
    },
    projectStatus: { ...meta('PROJECT_STATUS', 'PENDING'), description: 'Project follow-up until the system is connected.' },
  },
});
