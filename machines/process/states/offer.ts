import { meta, notify, processSetup } from '../setup';

/** Publishing the FINAL proposal tells the customer; it is allowed at the offer and again at the final proposal. */
export const finalProposalPublished = { actions: ['rememberFinalProposal', notify({ message: 'notification.proposal.final' }), 'audit'] } as const;

/** Choosing cash or financing makes the customer LENDING, in the machine and in the customer's record. */
export const finalProposalApproved = <T extends string>(target: T) => ({
  target, actions: ['becomeLendingCustomer', 'recordPaymentType', 'audit'],
} as const);

/** After the visit: subscription customers choose a plan; lending customers go on to the final proposal. */
export const offer = processSetup.createStateConfig({
  description: 'Subscription customers choose a plan; lending customers approve the final proposal with cash or financing.',
  initial: 'choosing',
  states: {
    choosing: {
      always: { guard: 'isLendingCustomer', target: '#process.lending.proposalFinal' },
      ...meta('SIGNATURE', 'NOT_DONE'),
      on: {
        'plan.signed': { target: '#process.subscription.checkout', actions: 'audit' },
        'proposal.finalPublished': finalProposalPublished,
        'proposal.finalApproved': finalProposalApproved('#process.lending.contract'),
      },
    },
  },
});
