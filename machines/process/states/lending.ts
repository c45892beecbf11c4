import { meta, notify, processSetup } from '../setup';
import { finalProposalApproved, finalProposalPublished } from './offer';

/**
 * A lending customer (cash purchase or bank financing): the final proposal, then on the payment
 * screen the purchase contract and the power of attorney, then the payment (cash: the invoice paid
 * and the homologation document; financing: the bank's approval and three documents), then SUPPLY
 * (spec §4 "Move to SUPPLY").
 */
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
    contract: {
      initial: 'signing',
      states: {
        signing: {
          ...meta('CONTRACT', 'NOT_DONE'),
          description: "Contract data, then the purchase contract and the power of attorney. 'Voltar' may still change cash for financing.",
          on: {
            // back on the final proposal before signing: the other payment type (the unsigned contracts are replaced)
            'proposal.finalApproved': { target: 'signing', reenter: true, actions: ['becomeLendingCustomer', 'recordPaymentType', 'audit'] },
            'purchase.contractSigned': { target: 'paying', actions: 'audit' },
          },
        },
        paying: {
          ...meta('CONTRACT', 'NOT_DONE'),
          description: 'Cash: the invoice paid and the personal document for the homologation; financing: the bank approves and the three documents are sent.',
          on: {
            'supply.requested': {
              guard: 'maySupply', target: '#process.lending.supply',
              actions: [notify({ message: 'notification.payment.supply' }), 'audit'],
            },
          },
        },
      },
    },
    supply: { ...meta('SUPPLY', 'PENDING'), description: 'Kit paid for; waiting for delivery.', on: { 'supply.delivered': { target: '#process.installation', actions: 'audit' } } },
  },
});
