import { and, assign, setup } from 'xstate';
import type { MessageKey } from '#shared/messages';
import {
  finalProposalActionsDisabled, finalProposalInPreparation, initialProposalActionsDisabled, initialProposalStepStatus, latestProposal, type Proposal, type ProposalType,
} from '#shared/proposal/rules';
import type { CustomerKind, MenuStep } from '#shared/steps';
import type { PlanOffer } from '#shared/plan/payloads';
import { notProvided } from '../notProvided';

/**
 * The proposal screen (spec §2 "Proposal screen", §4 proposals, §7 proposal calls), one machine for
 * /proposal-initial and /proposal-final: load the customer's last proposal of the screen's type and
 * steps -> shown, or "not there yet", or a load error with retry. Initial: 'Avançar' opens the
 * 'Esta é uma proposta inicial' dialog and 'Entendi' approves, then the page reloads; closed when
 * the PROPOSAL_INITIAL step is APPROVED or NOT_DONE. Final: 'Compra à vista' / 'Financiamento'
 * open a confirmation saying what happens next; 'Confirmar' stores the payment type, approves the
 * final proposal and goes to payment. 'Baixar PDF' fetches the
 * proposal's pdf_link alongside. Side effects are the named actors and actions, provided at the edge.
 */

export type PaymentType = 'CASH_PURCHASE' | 'FINANCING';

export interface ProposalPageData {
  customer: {
    id: number; kind: CustomerKind; steps: Pick<MenuStep, 'type' | 'status'>[];
    /** a buyer's purchase contract is signed (until then 'Voltar' on the payment screen lets them choose again) */
    purchaseContractSigned?: boolean;
  };
  /** the last proposal of the screen's type (spec §7), none before it is made */
  proposal: Proposal | null;
  /** for the initial screen: a FINAL proposal exists (the screen links to it) */
  hasFinalProposal: boolean;
  /** for a subscription customer: the plan shown beside the purchase figures (none when no plan fits or the plans could not be read) */
  subscription: PlanOffer | null;
}

export interface ProposalContext {
  type: ProposalType;
  data: ProposalPageData | null;
  /** the failure shown above the buttons (approval) */
  error: MessageKey | null;
  /** the success shown after an approval, kept across the reload */
  notice: MessageKey | null;
  paymentType: PaymentType | null;
  /** 'Erro ao baixar arquivo. Atualize e tente novamente.' */
  downloadError: MessageKey | null;
}

export type ProposalEvent =
  | { type: 'page.retry' }
  | { type: 'proposal.advance' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.dismiss' }
  | { type: 'payment.choose'; paymentType: PaymentType }
  | { type: 'pdf.download' }
  | { type: 'details.open' }
  | { type: 'details.close' };

export const proposalMachine = setup({
  types: {
    context: {} as ProposalContext,
    events: {} as ProposalEvent,
    input: {} as { type: ProposalType },
  },
  actors: {
    /** GET /portal/customers and GET portal/customers/{id}/proposal */
    loadProposal: notProvided<ProposalPageData, { type: ProposalType }>('loadProposal'),
    /** PUT admin/customers/{id}/approve/proposal (the customer's own token) */
    approveInitialProposal: notProvided<unknown, { customerId: number }>('approveInitialProposal'),
    /** PUT portal/customers/approve/proposal_final */
    approveFinalProposal: notProvided<unknown, { paymentType: PaymentType }>('approveFinalProposal'),
    /** fetches pdf_link and saves it as 'Proposta Inicial.pdf' / 'Proposta Final.pdf' */
    downloadPdf: notProvided<unknown, { link: string; type: ProposalType }>('downloadPdf'),
  },
  actions: {
    /** the journey reloads the side navigation (the steps changed) */
    menuChanged: () => {},
    /** local storage 'paymentType' (spec §3), so proposal-final lands on payment from now on */
    storePaymentType: (_, _params: { paymentType: PaymentType }) => {},
    /** the journey goes to /pt/payment */
    goToPayment: () => {},
  },
  guards: {
    noProposalYet: ({ context }) => !context.data?.proposal,
    isInitialProposal: ({ context }) => context.type === 'INITIAL',
    /** spec §4: 'Avançar' is closed while the PROPOSAL_INITIAL step is APPROVED or NOT_DONE */
    initialProposalOpen: ({ context }) => !initialProposalActionsDisabled(initialProposalStepStatus(context.data?.customer.steps ?? [])),
    /** cash or financing only while the customer is at the offer (shared step model) */
    finalProposalOpen: ({ context }) => {
      const customer = context.data?.customer;
      const buyer = customer?.kind === 'LENDING' ? { purchaseContractSigned: customer.purchaseContractSigned ?? true } : null;
      return !finalProposalActionsDisabled(customer?.steps ?? [], buyer);
    },
    hasPdfLink: ({ context }) => Boolean(context.data?.proposal?.pdf_link),
    /** the visit is accomplished and approved: staff are preparing the final proposal */
    finalProposalInPreparation: ({ context }) => finalProposalInPreparation(context.data?.customer.steps ?? []),
  },
}).createMachine({
  id: 'proposal',
  description: 'The proposal screen (initial or final): figures, PDF download, approval.',
  context: ({ input }) => ({ type: input.type, data: null, error: null, notice: null, paymentType: null, downloadError: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProposal',
        input: ({ context }) => ({ type: context.type }),
        onDone: { target: 'deciding', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: "'Não foi possível carregar a sua proposta.' with a retry; nothing is lost.",
      on: { 'page.retry': 'loading' },
    },
    deciding: {
      always: [
        { guard: and(['noProposalYet', 'isInitialProposal']), target: 'notReady.initialPreparing' },
        { guard: and(['noProposalYet', 'finalProposalInPreparation']), target: 'notReady.finalPreparing' },
        { guard: 'noProposalYet', target: 'notReady.awaitingVisit' },
        { guard: 'isInitialProposal', target: 'shown.decision.initial' },
        { target: 'shown.decision.final' },
      ],
    },
    notReady: {
      description: 'No proposal of this type yet; the customer can look again.',
      on: { 'page.retry': 'loading' },
      initial: 'initialPreparing',
      states: {
        initialPreparing: { description: "'Sua proposta inicial está sendo preparada…'" },
        awaitingVisit: { description: 'The final proposal comes after the visit accomplished and approved.' },
        finalPreparing: { description: 'The visit is accomplished and approved: staff are preparing the final proposal.' },
      },
    },
    shown: {
      type: 'parallel',
      states: {
        decision: {
          initial: 'initial',
          states: {
            initial: {
              initial: 'reading',
              states: {
                reading: {
                  on: { 'proposal.advance': { guard: 'initialProposalOpen', target: 'confirming', actions: assign({ error: null }) } },
                },
                confirming: {
                  description: "'Esta é uma proposta inicial': the final one needs a free visit.",
                  on: { 'dialog.confirm': 'approving', 'dialog.dismiss': 'reading' },
                },
                approving: {
                  invoke: {
                    src: 'approveInitialProposal',
                    input: ({ context }) => ({ customerId: context.data?.customer.id ?? 0 }),
                    // spec §7: approve, then reload
                    onDone: { target: '#proposal.loading', actions: ['menuChanged', assign({ notice: 'proposal.initial.approved' })] },
                    onError: { target: 'reading', actions: assign({ error: 'proposal.approve.error' }) },
                  },
                },
              },
            },
            final: {
              initial: 'choosing',
              states: {
                choosing: {
                  on: {
                    'payment.choose': {
                      guard: 'finalProposalOpen',
                      target: 'confirming',
                      actions: assign({ paymentType: ({ event }) => event.paymentType, error: null }),
                    },
                  },
                },
                confirming: {
                  description: 'A purchase is not one click: the dialog says what happens next (payment, documents, contract, a specialist) before anything is sent.',
                  on: {
                    'dialog.confirm': 'approving',
                    'dialog.dismiss': { target: 'choosing', actions: assign({ paymentType: null }) },
                  },
                },
                approving: {
                  invoke: {
                    src: 'approveFinalProposal',
                    input: ({ context }) => ({ paymentType: context.paymentType ?? 'CASH_PURCHASE' }),
                    // stored once the server took it: a type left in local storage after a refusal would
                    // send the proposal-final route to payment (spec §2) with nothing approved
                    onDone: {
                      target: 'approved',
                      actions: [
                        { type: 'storePaymentType', params: ({ context }) => ({ paymentType: context.paymentType ?? 'CASH_PURCHASE' }) },
                        'menuChanged', 'goToPayment',
                      ],
                    },
                    onError: { target: 'choosing', actions: assign({ error: 'proposal.approve.error' }) },
                  },
                },
                approved: { type: 'final', description: 'On to the payment screen.' },
              },
            },
          },
        },
        details: {
          description: 'The detailed-proposal dialog: equipment details and benefits.',
          initial: 'closed',
          states: {
            closed: { on: { 'details.open': 'open' } },
            open: { on: { 'details.close': 'closed' } },
          },
        },
        pdf: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'pdf.download': [
                  { guard: 'hasPdfLink', target: 'downloading', actions: assign({ downloadError: null }) },
                  // spec §8: a proposal without a link
                  { actions: assign({ downloadError: 'proposal.download.error' }) },
                ],
              },
            },
            downloading: {
              invoke: {
                src: 'downloadPdf',
                input: ({ context }) => ({ link: context.data?.proposal?.pdf_link ?? '', type: context.type }),
                onDone: { target: 'idle' },
                onError: { target: 'idle', actions: assign({ downloadError: 'proposal.download.error' }) },
              },
            },
          },
        },
      },
    },
  },
});

/** The proposal of the screen's type from GET .../proposal (spec §7: filtered by type, the last one). */
export const proposalForScreen = (list: readonly Proposal[], type: ProposalType): Proposal | null => latestProposal(list, type);
