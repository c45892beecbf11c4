import { definePathModel, sample } from './engine';
import { processMachine } from '../../machines/process/processMachine';
import type { SupplyFacts } from '../../src/shared/payment/rules';

const cashPaid: SupplyFacts = {
  paymentType: 'CASH_PURCHASE', purchaseContractSigned: true, invoicePaid: true, documentSent: true, proofOfAddressSent: false,
  proofOfIncomeSent: false, financingStatus: null,
};

/**
 * Path model of the server's process machine: a subscription customer, a lending customer (cash
 * purchase or financing) and a customer who starts on subscription and turns to lending at the
 * final proposal. Staff actions (bill review, visit confirmation, delivery) are events like the
 * customer's.
 */
export const processPaths = definePathModel({
  name: 'process',
  machine: processMachine,
  inputs: [
    sample('subscriptionCustomer', { kind: 'SUBSCRIPTION' as const }),
    sample('lendingCustomer', { kind: 'LENDING' as const }),
    sample('newCustomer', {}),
  ],
  events: {
    'proposal.finalApproved': [
      sample('cashPurchase', { type: 'proposal.finalApproved', paymentType: 'CASH_PURCHASE' as const }),
      sample('financing', { type: 'proposal.finalApproved', paymentType: 'FINANCING' as const }),
    ],
    // what the server read when the buyer asked for SUPPLY: ready, or one condition short
    'supply.requested': [
      sample('cashReady', { type: 'supply.requested', facts: cashPaid }),
      sample('invoiceOpen', { type: 'supply.requested', facts: { ...cashPaid, invoicePaid: false } }),
      sample('financingApproved', {
        type: 'supply.requested', facts: { ...cashPaid, paymentType: 'FINANCING' as const, invoicePaid: false, proofOfAddressSent: true, proofOfIncomeSent: true, financingStatus: 'APPROVED' as const },
      }),
      sample('financingInEvaluation', {
        type: 'supply.requested', facts: { ...cashPaid, paymentType: 'FINANCING' as const, invoicePaid: false, proofOfAddressSent: true, proofOfIncomeSent: true, financingStatus: 'IN_EVALUATION' as const },
      }),
    ],
  },
  checks: {
    // whoever reaches the purchase contract pays cash or finances, and is a lending customer from then on
    'lending.contract.signing': (s) => (s.context.kind === 'LENDING' && s.context.paymentType !== null
      ? undefined : `kind ${s.context.kind}, payment type ${String(s.context.paymentType)}`),
    'lending.supply': (s) => (s.context.kind === 'LENDING' && s.context.paymentType !== null ? undefined : 'SUPPLY without a purchase'),
    'subscription.checkout': (s) => (s.context.kind === 'SUBSCRIPTION' ? undefined : 'a lending customer at the plan checkout'),
  },
});
