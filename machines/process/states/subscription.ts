import { meta, processSetup } from '../setup';

/** A subscription customer after choosing a plan: checkout, then the adhesion contract. */
export const subscription = processSetup.createStateConfig({
  initial: 'checkout',
  states: {
    checkout: { ...meta('CHECKOUT', 'NOT_DONE'), description: 'Billing day or card.', on: { 'checkout.completed': { target: 'contract', actions: 'audit' } } },
    contract: { ...meta('CONTRACT', 'NOT_DONE'), description: 'Adhesion term and power of attorney.', on: { 'contract.signed': { target: '#process.installation', actions: 'audit' } } },
  },
});
