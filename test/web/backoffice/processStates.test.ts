import { describe, expect, it } from 'vitest';
import { activeStateIds } from '../../../src/web/backoffice/parts/processStates';

describe('activeStateIds', () => {
  it('names each atomic state of a value as the diagram does, several for a parallel state', () => {
    expect(activeStateIds('signedUp')).toEqual(['process.signedUp']);
    expect(activeStateIds({ onboarding: { simulation: 'done', bill: 'approved' } })).toEqual(['process.onboarding.simulation.done', 'process.onboarding.bill.approved']);
    expect(activeStateIds(null)).toEqual([]);
  });
});
