import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  NO_VALIDITY_TEXT, Proposal, billAfterSolarLabel, formatAnnualProduction, formatAnnualSavingsThousands, formatArea, formatBrand,
  formatMonthlyProduction, formatMoney, formatPaybackMonths, formatPower, formatPricePerWp, formatQuantity, formatWarranty,
  initialProposalActionsDisabled, installationAreaM2, latestProposal, monthlyProduction, monthlySavings, pricePerWp,
  proposalFigures, proposalTotal, reductionPercentShown, savingsOver25Years, specificProduction, validUntil, validityText,
} from '#shared/proposal/rules';

describe('proposal formulas (spec §9)', () => {
  it('installation area is 6 m² per kWp', () => {
    expect(installationAreaM2(4.4)).toBeCloseTo(26.4, 10);
    expect(installationAreaM2(0)).toBe(0);
  });
  it('25-year savings, monthly production and monthly savings', () => {
    expect(savingsOver25Years(4708.34)).toBeCloseTo(117708.5, 6);
    expect(monthlyProduction(6167)).toBeCloseTo(513.9167, 4);
    expect(monthlySavings(4708.32)).toBeCloseTo(392.36, 6);
  });
  it('specific production is annual production over power', () => {
    expect(specificProduction(6167, 4.4)).toBeCloseTo(1401.59, 2);
    expect(specificProduction(6167, 0)).toBe(0);
  });
  it('price per Wp is final value over 1000 × power', () => {
    expect(pricePerWp(10692, 4.4)).toBeCloseTo(2.43, 10);
    expect(pricePerWp(1000, 0)).toBe(0);
  });
  it('total is price plus joining fee', () => {
    expect(proposalTotal(10692)).toBe(10692);
    expect(proposalTotal(10692, 150)).toBe(10842);
  });
});

describe('validity: 15 days from created_at', () => {
  it('counts 15 calendar days from the local day of creation', () => {
    expect(validUntil('2026-03-06T15:30:00Z')).toEqual({ year: 2026, month: 3, day: 21 });
    expect(validityText('2026-03-06T15:30:00Z')).toBe('*Proposta válida até 21/03/2026');
  });
  it('crosses month and year ends, and reads the day in the customer time zone', () => {
    expect(validityText('2026-12-20T12:00:00Z')).toBe('*Proposta válida até 04/01/2027');
    expect(validityText('2028-02-20T12:00:00Z')).toBe('*Proposta válida até 06/03/2028'); // leap year
    // 01:00 UTC on 1 March is still 28 February in São Paulo
    expect(validityText('2026-03-01T01:00:00Z')).toBe('*Proposta válida até 15/03/2026');
    expect(validityText('2026-03-01T01:00:00Z', 'UTC')).toBe('*Proposta válida até 16/03/2026');
  });
  it("without created_at reads '*Proposta sem prazo de validade'", () => {
    for (const createdAt of [null, undefined, '', 'not a date']) expect(validityText(createdAt)).toBe(NO_VALIDITY_TEXT);
    expect(NO_VALIDITY_TEXT).toBe('*Proposta sem prazo de validade');
  });
  it('is always 15 days after creation, whatever the day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2023-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }), (created) => {
        const end = validUntil(created.toISOString(), 'UTC');
        expect(end).not.toBeNull();
        const start = Date.UTC(created.getUTCFullYear(), created.getUTCMonth(), created.getUTCDate());
        expect((Date.UTC(end!.year, end!.month - 1, end!.day) - start) / 86_400_000).toBe(15);
      }),
    );
  });
});

describe('display rules (spec §9)', () => {
  it('money is BRL in pt-BR format with 2 decimals', () => {
    expect(formatMoney(10692)).toBe('R$ 10.692,00');
    expect(formatMoney(1234.5)).toBe('R$ 1.234,50');
    expect(formatMoney(0)).toBe('R$ 0,00');
  });
  it('power shows 1 to 3 decimals', () => {
    expect(formatPower(4)).toBe('4,0');
    expect(formatPower(4.4)).toBe('4,4');
    expect(formatPower(4.95)).toBe('4,95');
    expect(formatPower(10.45)).toBe('10,45');
    expect(formatPower(4.1254)).toBe('4,125');
  });
  it('annual production shows one decimal; monthly production none', () => {
    expect(formatAnnualProduction(6167)).toBe('6.167,0');
    expect(formatAnnualProduction(4625.34)).toBe('4.625,3');
    expect(formatMonthlyProduction(513.9)).toBe('514');
    expect(formatMonthlyProduction(monthlyProduction(14036.4))).toBe('1.170');
  });
  it('price per Wp shows 2 decimals', () => {
    expect(formatPricePerWp(pricePerWp(10692, 4.4))).toBe('R$ 2,43');
    expect(formatPricePerWp(2.456)).toBe('R$ 2,46');
  });
  it("annual savings show in thousands with one decimal and 'mil'", () => {
    expect(formatAnnualSavingsThousands(4708.34)).toBe('4,7 mil');
    expect(formatAnnualSavingsThousands(11156.65)).toBe('11,2 mil');
    expect(formatAnnualSavingsThousands(950)).toBe('1,0 mil');
    expect(formatAnnualSavingsThousands(1249000)).toBe('1.249,0 mil');
  });
  it('payback in whole months; reduction percent rounded as an absolute value', () => {
    expect(formatPaybackMonths(28)).toBe('28');
    expect(formatPaybackMonths(27.6)).toBe('28');
    expect(reductionPercentShown(78.47)).toBe(78);
    expect(reductionPercentShown(-35.6)).toBe(36);
    expect(reductionPercentShown(-0.4)).toBe(0);
  });
  it('area in m²', () => {
    expect(formatArea(installationAreaM2(4.4))).toBe('26,4 m²');
    expect(formatArea(installationAreaM2(3.85))).toBe('23,1 m²');
  });
  it('equipment quantities below 10 are zero-padded', () => {
    expect(formatQuantity(0)).toBe('00');
    expect(formatQuantity(6)).toBe('06');
    expect(formatQuantity(9)).toBe('09');
    expect(formatQuantity(10)).toBe('10');
    expect(formatQuantity(19)).toBe('19');
  });
  it("missing brand is 'Sem marca', missing warranty 'Sem garantia', unit 'ano' or 'anos'", () => {
    expect(formatBrand(null)).toBe('Sem marca');
    expect(formatBrand('  ')).toBe('Sem marca');
    expect(formatBrand('Growatt')).toBe('Growatt');
    expect(formatWarranty(null)).toBe('Sem garantia');
    expect(formatWarranty(undefined)).toBe('Sem garantia');
    expect(formatWarranty(0)).toBe('Sem garantia');
    expect(formatWarranty(1)).toBe('1 ano');
    expect(formatWarranty(12)).toBe('12 anos');
  });
});

describe('which proposal and when its actions are enabled', () => {
  const initial1 = { type: 'INITIAL' as const, n: 1 };
  const final1 = { type: 'FINAL' as const, n: 2 };
  const initial2 = { type: 'INITIAL' as const, n: 3 };
  it('uses the last proposal of the type in the list', () => {
    expect(latestProposal([initial1, final1, initial2], 'INITIAL')).toBe(initial2);
    expect(latestProposal([initial1, final1, initial2], 'FINAL')).toBe(final1);
    expect(latestProposal([initial1], 'FINAL')).toBeNull();
  });
  it('disables the initial proposal buttons when its step is APPROVED or NOT_DONE', () => {
    expect(initialProposalActionsDisabled('APPROVED')).toBe(true);
    expect(initialProposalActionsDisabled('NOT_DONE')).toBe(true);
    expect(initialProposalActionsDisabled('PENDING')).toBe(false);
    expect(initialProposalActionsDisabled('DENIED')).toBe(false);
  });
});

describe('proposalFigures', () => {
  const proposal = v.parse(Proposal, {
    type: 'INITIAL',
    power_of_the_project: 4.4,
    final_value: 10692,
    annual_production: 6167,
    annual_savings: 4708.34,
    payback: 28,
    pdf_link: null,
    structure_type: 'Telhado cerâmico',
    created_at: '2026-03-06T15:30:00Z',
    inverter_brand: null,
    inverter_warranty: 10,
    inverter_power: 5,
    inverter_quantity: 1,
    module_brand: 'Canadian Solar',
    module_warranty: 1,
    module_power: 550,
    module_quantity: 8,
    structure_warranty: null,
  });

  it('gives the five cards, total, details and validity as the screen and the PDF print them', () => {
    expect(proposalFigures(proposal)).toEqual({
      title: 'Proposta inicial',
      power: '4,4',
      pricePerWp: 'R$ 2,43',
      monthlyProduction: '514',
      annualSavings: '4,7 mil',
      paybackMonths: '28',
      total: 'R$ 10.692,00',
      finalValue: 'R$ 10.692,00',
      joiningFee: 'R$ 0,00',
      annualProduction: '6.167,0',
      monthlySavings: 'R$ 392,36',
      savings25Years: 'R$ 117.708,50',
      specificProduction: '1.402',
      area: '26,4 m²',
      monthsUntilProduction: 3,
      validity: '*Proposta válida até 21/03/2026',
      equipment: {
        modules: { quantity: '08', brand: 'Canadian Solar', powerW: '550 W', warranty: '1 ano' },
        inverters: { quantity: '01', brand: 'Sem marca', powerKw: '5 kW', warranty: '10 anos' },
        structure: { type: 'Telhado cerâmico', warranty: 'Sem garantia' },
      },
    });
  });

  it('titles the final proposal', () => {
    expect(proposalFigures({ ...proposal, type: 'FINAL', created_at: null }).title).toBe('Proposta final');
    expect(proposalFigures({ ...proposal, type: 'FINAL', created_at: null }).validity).toBe('*Proposta sem prazo de validade');
  });
});

describe('bill after solar labels', () => {
  it('name each line so savings never read as a zero bill', () => {
    expect(billAfterSolarLabel({ key: 'minimum_availability', kwh: 50 }, 2026)).toBe('Custo de disponibilidade (50 kWh)');
    expect(billAfterSolarLabel({ key: 'public_lighting' }, 2026)).toBe('Contribuição de iluminação pública (estimativa)');
    expect(billAfterSolarLabel({ key: 'fio_b', share: 0.6 }, 2026)).toBe('Fio B sobre a energia compensada (60% em 2026, Lei 14.300/2022)');
    expect(billAfterSolarLabel({ key: 'uncompensated_consumption', kwh: 3 }, 2026)).toBe('Consumo não compensado');
  });
});
