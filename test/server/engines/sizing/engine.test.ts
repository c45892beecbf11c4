import { describe, expect, it } from 'vitest';
import { UFS, annuityPayment, fioBShareOfYear, sizeSolarSystem } from '../../../../src/server/engines/sizing';
import { IRRADIATION_BY_UF } from '../../../../src/server/engines/sizing/irradiation';
import { PIS_COFINS, TARIFF_BY_UF } from '../../../../src/server/engines/sizing/tariffs';
import * as constants from '../../../../src/server/engines/sizing/constants';

describe('Law 14.300/2022 Fio B transition', () => {
  it('follows art. 27 year by year and is full from 2029', () => {
    expect([2023, 2024, 2025, 2026, 2027, 2028, 2029, 2035].map(fioBShareOfYear)).toEqual([0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1, 1]);
  });
  it('refuses years before the law applies to new systems', () => {
    expect(() => fioBShareOfYear(2022)).toThrow(RangeError);
    expect(() => fioBShareOfYear(2026.5)).toThrow(RangeError);
  });
});

describe('data tables', () => {
  it('cover the 27 federative units, each value with a source and a verified flag', () => {
    for (const uf of UFS) {
      const h = IRRADIATION_BY_UF[uf];
      expect(h.value).toBeGreaterThanOrEqual(4.25); // INPE: 4.25–6.5 kWh/m²·day across Brazil
      expect(h.value).toBeLessThanOrEqual(6.5);
      expect(h.source).not.toBe('');
      expect(typeof h.verified).toBe('boolean');
      const t = TARIFF_BY_UF[uf];
      expect(t.tariffBeforeTaxes.value).toBeGreaterThan(0.5);
      expect(t.tariffBeforeTaxes.value).toBeLessThan(1.2);
      expect(t.icms.value).toBeGreaterThanOrEqual(0.17);
      expect(t.icms.value).toBeLessThanOrEqual(0.25);
    }
    expect(Object.keys(IRRADIATION_BY_UF).sort()).toEqual([...UFS].sort());
    expect(Object.keys(TARIFF_BY_UF).sort()).toEqual([...UFS].sort());
    expect(PIS_COFINS.source).not.toBe('');
  });
  it('the tariff table reproduces ANEEL’s national mean of R$ 0.757/kWh', () => {
    const mean = UFS.reduce((s, uf) => s + TARIFF_BY_UF[uf].tariffBeforeTaxes.value, 0) / UFS.length;
    expect(mean).toBeCloseTo(0.757, 3);
  });
  it('minimum availability charge is 30, 50, 100 kWh by connection', () => {
    expect([constants.MINIMUM_AVAILABILITY_KWH.single.value, constants.MINIMUM_AVAILABILITY_KWH.two.value, constants.MINIMUM_AVAILABILITY_KWH.three.value]).toEqual([30, 50, 100]);
  });
});

describe('sizeSolarSystem', () => {
  const sp = { billValue: 500, uf: 'SP', year: 2026 } as const;

  it('defaults to a two-phase connection and the state irradiation', () => {
    const r = sizeSolarSystem(sp);
    expect(r.connection).toBe('two');
    expect(r.minimum_availability_kwh).toBe(50);
    expect(r.irradiation.level).toBe('state');
    expect(r.irradiation.verified).toBe(false);
  });

  it('a three-phase connection keeps more on the bill and needs no larger system', () => {
    const two = sizeSolarSystem(sp);
    const three = sizeSolarSystem({ ...sp, connection: 'three' });
    expect(three.photovoltaic_system.power_kwp).toBeLessThanOrEqual(two.photovoltaic_system.power_kwp);
    expect(three.bill_after_solar.find((l) => l.key === 'minimum_availability')?.kwh).toBe(100);
    expect(three.annual_values.new_bill).toBeGreaterThan(two.annual_values.new_bill);
  });

  it('a bill below the minimum availability charge gets no system and no fit plan', () => {
    const r = sizeSolarSystem({ ...sp, billValue: 30, connection: 'three' });
    expect(r.photovoltaic_system.module_quantity).toBe(0);
    expect(r.photovoltaic_system.power_kwp).toBe(0);
    expect(r.annual_values.monthly_savings).toBe(0);
    expect(r.annual_values.new_bill).toBe(30);
    expect(r.annual_values.payback_months).toBeNull();
    expect(Object.values(r.plan).some((p) => p.is_fit)).toBe(false);
  });

  it('never promises a zero bill: the lines after solar name the minimum charge, public lighting and the year’s Fio B', () => {
    const r = sizeSolarSystem(sp);
    expect(r.bill_after_solar.map((l) => l.key)).toEqual(['minimum_availability', 'public_lighting', 'fio_b']);
    expect(r.bill_after_solar.find((l) => l.key === 'fio_b')?.share).toBe(0.6);
    expect(r.annual_values.new_bill).toBeGreaterThan(0);
  });

  it('without a state (the anonymous simulator) uses the national reference', () => {
    const r = sizeSolarSystem({ billValue: 500, year: 2026 });
    expect(r.uf).toBe('BR');
    expect(r.tariff.before_taxes).toBe(0.757);
    expect(r.tariff.distributor).toBe('Média nacional');
    expect(r.irradiation.level).toBe('national');
    expect(r.irradiation.kwh_m2_day).toBe(5.1); // as docs/sizing.md states
    expect(r.tariff.icms).toBe(0.193);
    expect(r.photovoltaic_system.price_per_wp).toBe(2.53);
    expect(r.photovoltaic_system.module_quantity).toBeGreaterThan(0);
    expect(() => sizeSolarSystem({ billValue: 500, year: 2026, municipalityIbge: '3550308' })).toThrow(RangeError);
  });

  it('checks the municipality belongs to the state', () => {
    expect(() => sizeSolarSystem({ ...sp, municipalityIbge: '3550308' })).not.toThrow();
    expect(() => sizeSolarSystem({ ...sp, municipalityIbge: '4106902' })).toThrow(RangeError);
    expect(() => sizeSolarSystem({ ...sp, municipalityIbge: '355' })).toThrow(RangeError);
  });

  it('refuses a bill that is not a positive amount and an unknown state', () => {
    for (const billValue of [0, -10, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => sizeSolarSystem({ ...sp, billValue })).toThrow(RangeError);
    }
    expect(() => sizeSolarSystem({ ...sp, uf: 'XX' })).toThrow(RangeError);
    expect(() => sizeSolarSystem({ ...sp, uf: 'sp' })).toThrow(RangeError);
  });
});

describe('annuityPayment', () => {
  it('repays the principal: 1,000 over 12 months at 1 % is 88.85', () => {
    expect(annuityPayment(1000, 0.01, 12)).toBeCloseTo(88.85, 2);
    expect(annuityPayment(1200, 0, 12)).toBe(100);
    expect(annuityPayment(0, 0.01, 12)).toBe(0);
  });
});
