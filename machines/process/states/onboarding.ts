import { meta, processSetup } from '../setup';

/**
 * A new customer: the plan simulation and the electricity bill, side by side. An approved bill has
 * the sizing engine draft the initial proposal; once both are done it is sent.
 */
export const onboarding = processSetup.createStateConfig({
  description: 'A new customer: simulation and bill are both open.',
  type: 'parallel',
  onDone: { target: 'proposalInitial', actions: 'sendInitialProposal' },
  states: {
    simulation: {
      initial: 'open',
      states: {
        open: { ...meta('SIMULATION', 'NOT_DONE'), description: 'No plan simulated yet.', on: { 'simulation.done': { target: 'done', actions: 'audit' } } },
        done: { ...meta('SIMULATION', 'APPROVED'), type: 'final' },
      },
    },
    bill: {
      initial: 'open',
      states: {
        open: { ...meta('BILL', 'NOT_DONE'), description: 'Waiting for the electricity bill.', on: { 'bill.submitted': { target: 'inAnalysis', actions: 'audit' } } },
        inAnalysis: {
          ...meta('BILL', 'PENDING'),
          description: 'The company reviews the bill (within 24 h).',
          on: {
            'bill.approved': { target: 'approved', actions: ['prepareInitialProposal', 'audit'] },
            'bill.disapproved': { target: 'disapproved', actions: ['rememberBillLock', 'audit'] },
          },
        },
        disapproved: {
          ...meta('BILL', 'DENIED'),
          description: "Bill refused; a new one may be sent only when it was illegible or incomplete.",
          on: { 'bill.submitted': { guard: 'mayResendBill', target: 'inAnalysis', actions: 'audit' } },
        },
        approved: { ...meta('BILL', 'APPROVED'), type: 'final' },
      },
    },
  },
});
