import { assign, setup } from 'xstate';
import { billAllowsReupload } from '#shared/bill/rules';
import type { MessageKey } from '#shared/messages';
import { maySupply, type SupplyFacts } from '#shared/payment/rules';
import type { CustomerKind, StepStatus, StepType } from '#shared/steps';

/**
 * What every phase of the customer's process shares (ARCHITECTURE "The customer's steps"): its
 * context, events, guards, context updates and the named reactions. The phases live in
 * states/<phase>.ts and processMachine.ts puts them together. Pure: no I/O, no clock.
 */
export interface ProcessContext {
  kind: CustomerKind;
  paymentType: 'CASH_PURCHASE' | 'FINANCING' | null;
  /** the last bill was refused for a reason that does not allow sending another (spec §4) */
  billLocked?: boolean;
  /** staff published the FINAL proposal (after the visit was accomplished and approved) */
  finalProposalPublished?: boolean;
}

/** The move to SUPPLY carries what the server read from its own records (never the browser's word). */
export interface SupplyRequest { type: 'supply.requested'; facts: SupplyFacts }

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
  /** a buyer signed the purchase contract: the payment type is fixed from now on */
  | { type: 'purchase.contractSigned' }
  | SupplyRequest
  | { type: 'supply.delivered' }
  | { type: 'installation.completed' }
  /** staff move the project through its seven statuses (spec §4 "Project status order"; states/project.ts) */
  | { type: 'project.started' }
  | { type: 'project.submittedToDealership' }
  | { type: 'project.approvedByDealership' }
  | { type: 'equipment.dispatched' }
  | { type: 'equipment.delivered' }
  | { type: 'inspection.approved' }
  | { type: 'system.connected' };

/** Which step a state stands for and that step's status while the customer is in it. */
export interface StepMeta { step: StepType; status: StepStatus }
export const meta = (step: StepType, status: StepStatus): { meta: StepMeta } => ({ meta: { step, status } });

/** Who makes a move: the customer, a staff member, or the portal itself (the bill reader, the automatic initial proposal). */
export type MoverKind = 'customer' | 'staff' | 'system';

/** A message of the customer's bell, by its catalogue key. */
export type NotificationKey = Extract<MessageKey, `notification.${string}`>;

/** The `notify` reaction's parameters. */
export interface Notice {
  message: NotificationKey;
  /** the message names the technical visit (`{when}`): it goes out only with a move that says which visit */
  about?: 'visit';
  /** left out when this party made the move (a customer who cancels needs no telling) */
  unlessBy?: MoverKind;
}

/**
 * Reactions are declared here as stubs and named on the transitions, so the diagram shows them; the
 * server's process host (src/server/process/host.ts) provides them, records what they ask for while
 * the machine moves, and performs it in the transaction that stores the move.
 * - notify: a message in the customer's bell;
 * - audit: the staff audit line of the move (who, before, after); only staff moves have one;
 * - prepareInitialProposal: the sizing engine drafts the INITIAL proposal from the approved bill;
 * - sendInitialProposal: the drafted INITIAL proposal goes to the customer (the portal's own move);
 * - recordPaymentType: the customer's record says LENDING with the payment type chosen.
 */
export const processSetup = setup({
  types: {
    context: {} as ProcessContext,
    events: {} as ProcessEvent,
    input: {} as { kind?: CustomerKind },
  },
  guards: {
    isLendingCustomer: ({ context }) => context.kind === 'LENDING',
    mayResendBill: ({ context }) => !context.billLocked,
    /** spec §4 "Move to SUPPLY", on the facts the server read */
    maySupply: ({ event }) => event.type === 'supply.requested' && maySupply(event.facts),
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
    notify: (_, _notice: Notice) => undefined,
    audit: () => undefined,
    prepareInitialProposal: () => undefined,
    sendInitialProposal: () => undefined,
    recordPaymentType: () => undefined,
  },
});

/** `notify` with its notice, as a transition names it. */
export const notify = (notice: Notice) => ({ type: 'notify' as const, params: notice });
