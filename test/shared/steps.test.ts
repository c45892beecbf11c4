import { describe, expect, it } from 'vitest';
import { currentStep, landingRoute } from '../../src/shared/steps';

describe('landing table (spec §2)', () => {
  it('sends a new customer (SIMULATION and BILL open) to the bill page', () => {
    const step = currentStep([
      { type: 'SIMULATION', status: 'NOT_DONE' },
      { type: 'BILL', status: 'NOT_DONE' },
    ]);
    expect(step).toBe('SIMULATION');
    expect(landingRoute(step, 'SUBSCRIPTION')).toBe('bill');
  });
  it('sends LENDING customers to payment for CONTRACT, CHECKOUT and SUPPLY', () => {
    expect(landingRoute('CONTRACT', 'LENDING')).toBe('payment');
    expect(landingRoute('CHECKOUT', 'LENDING')).toBe('payment');
    expect(landingRoute('SUPPLY', 'LENDING')).toBe('payment');
    expect(landingRoute('CONTRACT', 'SUBSCRIPTION')).toBe('customersSignature');
    expect(landingRoute('SUPPLY', 'SUBSCRIPTION')).toBe('bookingPayment');
  });
  it('gives a customer with customer success the PROJECT_STATUS step', () => {
    expect(currentStep([{ type: 'BILL', status: 'APPROVED' }], true)).toBe('PROJECT_STATUS');
  });
  it('goes to payment from proposal-final when a payment type is stored', () => {
    expect(landingRoute('PROPOSAL_FINAL', 'SUBSCRIPTION', true)).toBe('payment');
    expect(landingRoute('PROPOSAL_FINAL', 'SUBSCRIPTION', false)).toBe('proposalFinal');
  });
  it('takes the first pending step as current', () => {
    expect(currentStep([
      { type: 'SIMULATION', status: 'APPROVED' },
      { type: 'BILL', status: 'PENDING' },
      { type: 'PROPOSAL_INITIAL', status: 'NOT_DONE' },
    ])).toBe('BILL');
  });
});
