import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAN_LEVELS, UFS, sizeSolarSystem, type ConnectionType } from '../../../../src/server/engines/sizing';

const place = fc.record({
  // undefined: the anonymous simulator, on the national reference
  uf: fc.constantFrom<string | undefined>(...UFS, undefined),
  connection: fc.constantFrom<ConnectionType>('single', 'two', 'three'),
  year: fc.integer({ min: 2023, max: 2040 }),
});
/** bills in cents, from R$ 1 to R$ 50,000 */
const bill = fc.integer({ min: 100, max: 5_000_000 }).map((cents) => cents / 100);
const cent = 0.005;

describe('sizing engine properties', () => {
  it('a larger bill never gives a smaller system, production or savings', () => {
    fc.assert(
      fc.property(place, bill, bill, (p, a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const s = sizeSolarSystem({ ...p, billValue: small });
        const l = sizeSolarSystem({ ...p, billValue: large });
        expect(l.photovoltaic_system.power_kwp).toBeGreaterThanOrEqual(s.photovoltaic_system.power_kwp);
        expect(l.photovoltaic_system.annual_production).toBeGreaterThanOrEqual(s.photovoltaic_system.annual_production);
        expect(l.annual_values.monthly_savings).toBeGreaterThanOrEqual(s.annual_values.monthly_savings);
        expect(l.annual_values.annual_savings).toBeGreaterThanOrEqual(s.annual_values.annual_savings);
      }),
      { numRuns: 500 },
    );
  });

  it('bounds: a system pays back within its 25-year life, reduction in [0, 100], whole modules', () => {
    fc.assert(
      fc.property(place, bill, (p, billValue) => {
        const r = sizeSolarSystem({ ...p, billValue });
        if (r.photovoltaic_system.module_quantity > 0) {
          expect(r.photovoltaic_system.power_kwp).toBeGreaterThan(0);
          expect(r.annual_values.payback_months).toBeGreaterThanOrEqual(1);
          expect(r.annual_values.payback_months).toBeLessThanOrEqual(300);
        } else {
          expect(r.annual_values.payback_months).toBeNull();
        }
        // a home clearly above the minimum charge always gets a system that pays back within 10 years
        if (r.consumption_kwh >= r.minimum_availability_kwh + 100) {
          expect(r.photovoltaic_system.power_kwp).toBeGreaterThan(0);
          expect(r.annual_values.payback_months).toBeLessThanOrEqual(120);
        }
        expect(r.annual_values.reduction_percent).toBeGreaterThanOrEqual(0);
        expect(r.annual_values.reduction_percent).toBeLessThanOrEqual(100);
        for (const level of PLAN_LEVELS) {
          expect(r.plan[level].reduction_percent).toBeGreaterThanOrEqual(0);
          expect(r.plan[level].reduction_percent).toBeLessThanOrEqual(100);
        }
        expect(r.photovoltaic_system.module_quantity * r.photovoltaic_system.module_power_w).toBeCloseTo(r.photovoltaic_system.power_kwp * 1000, 6);
      }),
      { numRuns: 500 },
    );
  });

  it('just above the minimum charge: no system that would not pay back, and kWp > 0 from 20 kWh above it', () => {
    fc.assert(
      fc.property(place, fc.double({ min: 0, max: 40, noNaN: true }), (p, kwhAboveMinimum) => {
        const probe = sizeSolarSystem({ ...p, billValue: 100 });
        const billValue = ((probe.minimum_availability_kwh + kwhAboveMinimum) * probe.tariff.with_taxes) / 0.95;
        const r = sizeSolarSystem({ ...p, billValue });
        if (r.photovoltaic_system.module_quantity > 0) expect(r.annual_values.payback_months).toBeLessThanOrEqual(300);
        if (kwhAboveMinimum >= 20) expect(r.photovoltaic_system.power_kwp).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('savings never exceed the bill minus what must stay (minimum charge, public lighting, Fio B)', () => {
    fc.assert(
      fc.property(place, bill, (p, billValue) => {
        const r = sizeSolarSystem({ ...p, billValue });
        const line = (key: string) => r.bill_after_solar.find((l) => l.key === key)?.value ?? 0;
        const mustStay = line('minimum_availability') + line('public_lighting') + line('fio_b');
        expect(r.annual_values.monthly_savings).toBeLessThanOrEqual(billValue - mustStay + 3 * cent);
        expect(r.annual_values.new_bill).toBeGreaterThan(0);
        expect(r.annual_values.new_bill + r.annual_values.monthly_savings).toBeCloseTo(billValue, 1);
        const sumOfLines = r.bill_after_solar.reduce((sum, l) => sum + l.value, 0);
        expect(Math.abs(sumOfLines - r.annual_values.new_bill)).toBeLessThanOrEqual(4 * cent);
        for (const l of r.bill_after_solar) expect(l.value).toBeGreaterThanOrEqual(0);
        if (r.photovoltaic_system.module_quantity > 0) {
          expect(line('minimum_availability')).toBeGreaterThan(0);
          expect(line('public_lighting')).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the Fio B line grows with the year of the transition (same bill and place)', () => {
    fc.assert(
      fc.property(place, bill, fc.integer({ min: 2023, max: 2040 }), (p, billValue, otherYear) => {
        const [early, late] = p.year <= otherYear ? [p.year, otherYear] : [otherYear, p.year];
        const e = sizeSolarSystem({ ...p, billValue, year: early });
        const l = sizeSolarSystem({ ...p, billValue, year: late });
        expect(l.fio_b_share).toBeGreaterThanOrEqual(e.fio_b_share);
        expect(l.annual_values.monthly_savings).toBeLessThanOrEqual(e.annual_values.monthly_savings);
      }),
      { numRuns: 300 },
    );
  });

  it('plan fit rules: fit means at least 10 % kept every paying month; a longer term is never less fit', () => {
    fc.assert(
      fc.property(place, bill, (p, billValue) => {
        const r = sizeSolarSystem({ ...p, billValue });
        for (const level of PLAN_LEVELS) {
          const plan = r.plan[level];
          expect(plan.old_bill).toBe(r.annual_values.old_bill);
          expect(plan.new_bill).toBe(r.annual_values.new_bill);
          expect(plan.total_potential).toBe(r.photovoltaic_system.power_kwp);
          expect(plan.economy_per_month).toBeCloseTo(plan.old_bill - plan.new_bill - plan.price, 1);
          expect(plan.is_fit).toBe(r.photovoltaic_system.module_quantity > 0 && plan.economy_per_month >= 0.1 * billValue - cent);
        }
        // a shorter term's fee is higher, so the plans' fitness is ordered max ⊇ med ⊇ low
        expect(r.plan.low.price).toBeGreaterThanOrEqual(r.plan.med.price);
        expect(r.plan.med.price).toBeGreaterThanOrEqual(r.plan.max.price);
        if (r.plan.low.is_fit) expect(r.plan.med.is_fit).toBe(true);
        if (r.plan.med.is_fit) expect(r.plan.max.is_fit).toBe(true);
        expect([r.plan.low.deadline_years, r.plan.med.deadline_years, r.plan.max.deadline_years]).toEqual([3, 5, 20]);
        expect([r.plan.low.free_months, r.plan.med.free_months, r.plan.max.free_months]).toEqual([1, 2, 3]);
      }),
      { numRuns: 500 },
    );
  });
});
