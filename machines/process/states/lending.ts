import { meta, processSetup } from '../setup';
import { finalProposalApproved, finalProposalPublished } from './offer';

/** A lending customer (cash purchase or financing): final proposal, purchase contract, kit delivery. */
export const lending = processSetup.createStateConfig({
  initial: 'proposalFinal',
  states: {
    proposalFinal: {
      ...meta('PROPOSAL_FINAL', 'PENDING'),
      description: 'The customer approves the final proposal, paying cash or financing.',
      on: {
        'proposal.finalPublished': finalProposalPublished,
        'proposal.finalApproved': finalProposalApproved('contract'),
      },
    },
    contract: { ...meta('CONTRACT', 'NOT_DONE'), description: 'Purchase contract on the payment screen.', on: { 'contract.signed': { target: 'supply', actions: 'audit' } } },
    supply: { ...meta('SUPPLY', 'PENDING'), description: 'Kit paid for; waiting for delivery.', on: { 'supply.delivered': { target: '#process.installation', actions: 'audit' } } },
  },
});
