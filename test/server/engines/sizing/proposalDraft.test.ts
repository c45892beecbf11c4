import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UFS, chooseInverters, initialProposalFromSizing, sizeSolarSystem } from '../../../../src/server/engines/sizing';
import { Proposal, proposalFigures } from '#shared/proposal/rules';

describe('initial proposal from the sizing engine', () => {
  it('carries the engine figures and leaves the equipment brands and warranties to the final proposal', () => {
    const result = sizeSolarSystem({ billValue: 500, uf: 'SP', year: 2026 });
    const draft = initialProposalFromSizing(result);
    expect(draft).toMatchObject({
      type: 'INITIAL', power_of_the_project: 4.4, final_value: 10692, annual_production: 6167, annual_savings: 4708.34, payback: 28,
      module_power: 550, module_quantity: 8, inverter_power: 4, inverter_quantity: 1, module_brand: null, inverter_warranty: null,
    });
    // it parses as the shared Proposal and prints the figures the customer reads
    const figures = proposalFigures(v.parse(Proposal, { ...draft, created_at: null, pdf_link: null }));
    expect([figures.power, figures.pricePerWp, figures.monthlyProduction, figures.annualSavings, figures.paybackMonths])
      .toEqual(['4,4', 'R$ 2,43', '514', '4,7 mil', '28']);
    expect(figures.equipment.modules).toEqual({ quantity: '08', brand: 'Sem marca', powerW: '550 W', warranty: 'Sem garantia' });
  });

  it('refuses a bill with no system to propose', () => {
    expect(() => initialProposalFromSizing(sizeSolarSystem({ billValue: 30, uf: 'SP', year: 2026 }))).toThrow(RangeError);
  });
});

describe('chooseInverters', () => {
  it('picks the smallest size within the 1.3 DC/AC ratio, several units past the largest size', () => {
    expect(chooseInverters(4.4)).toEqual({ powerKw: 4, quantity: 1 });
    expect(chooseInverters(5.5)).toEqual({ powerKw: 5, quantity: 1 });
    expect(chooseInverters(10.45)).toEqual({ powerKw: 10, quantity: 1 });
    expect(chooseInverters(200)).toEqual({ powerKw: 60, quantity: 3 });
  });
  it('always covers the modules within the ratio', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UFS), fc.integer({ min: 100, max: 5_000_000 }), (uf, cents) => {
        const result = sizeSolarSystem({ billValue: cents / 100, uf, year: 2026 });
        if (result.photovoltaic_system.module_quantity === 0) return;
        const { powerKw, quantity } = chooseInverters(result.photovoltaic_system.power_kwp);
        expect(quantity).toBeGreaterThanOrEqual(1);
        expect(result.photovoltaic_system.power_kwp / (powerKw * quantity)).toBeLessThanOrEqual(1.3 + 1e-9);
      }),
      { numRuns: 300 },
    );
  });
});
