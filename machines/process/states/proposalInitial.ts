import { meta, notify, processSetup } from '../setup';

/** The initial proposal: prepared by the company (the sizing engine), then read and approved by the customer. */
export const proposalInitial = processSetup.createStateConfig({
  initial: 'preparing',
  states: {
    preparing: {
      ...meta('PROPOSAL_INITIAL', 'NOT_DONE'),
      description: 'The company prepares the initial proposal.',
      on: { 'proposal.initialSent': { target: 'awaitingCustomer', actions: [notify({ message: 'notification.proposal.initial' }), 'audit'] } },
    },
    awaitingCustomer: {
      ...meta('PROPOSAL_INITIAL', 'PENDING'),
      description: 'The customer reads and approves the initial proposal.',
      on: { 'proposal.initialApproved': { target: '#process.technicalVisit', actions: 'audit' } },
    },
  },
});
