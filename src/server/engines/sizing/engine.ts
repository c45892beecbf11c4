import { getStates } from '@brazilian-utils/brazilian-utils';
import {
  DAYS_PER_YEAR, DEFAULT_CONNECTION, FIO_B_SHARE_OF_TARIFF, MINIMUM_AVAILABILITY_KWH, MIN_REDUCTION, MODULE_POWER_W,
  PERFORMANCE_RATIO, PLAN_LEVELS, SYSTEM_LIFE_MONTHS, PLAN_TERMS, PUBLIC_LIGHTING_SHARE_OF_BILL, SIMULTANEITY, SUBSCRIPTION_MONTHLY_RATE,
  fioBShareOfYear, pricePerWpOf, type ConnectionType, type PlanLevel,
} from './constants';
import { irradiationOf } from './irradiation';
import { NATIONAL, isUf, type Place, type Uf } from './sources';
import { tariffOf } from './tariffs';

/**
 * The solar sizing and savings engine (docs/sizing.md): bill -> consumption -> kWp -> production ->
 * savings under Law 14.300/2022 -> price, payback and the three subscription plans. Pure: the year
 * (for the Fio B transition) comes in as input, never from the clock.
 */
export interface SizingInput {
  /** the monthly bill in BRL, taxes and public lighting included */
  readonly billValue: number;
  /** the customer's state; without one (the anonymous simulator) the national reference is used */
  readonly uf?: string | null | undefined;
  /** IBGE code of the municipality (7 digits); the state value is used when there is none */
  readonly municipalityIbge?: string | undefined;
  readonly connection?: ConnectionType | undefined;
  /** calendar year the system starts compensating (the Fio B share of that year applies) */
  readonly year: number;
  /** staff's system size after the technical visit (FINAL proposal), kWp; whole modules; otherwise sized from the bill */
  readonly powerKwp?: number | undefined;
  /** staff's price for the system (FINAL proposal), R$; otherwise kWp × the state's R$/Wp */
  readonly price?: number | undefined;
}

/** What stays on the bill after solar, line by line (never a zero bill). */
export type BillLineKey = 'minimum_availability' | 'public_lighting' | 'fio_b' | 'uncompensated_consumption';
export interface BillLine {
  readonly key: BillLineKey;
  /** R$ per month */
  readonly value: number;
  /** kWh per month the line charges for, when it is energy */
  readonly kwh?: number;
  /** the Fio B share of the year, for the 'fio_b' line */
  readonly share?: number;
}

export interface PlanSimulation {
  readonly type: 'LOW' | 'MEDIUM' | 'MAX';
  readonly deadline_years: number;
  readonly free_months: number;
  readonly is_fit: boolean;
  /** monthly subscription fee, R$ */
  readonly price: number;
  /** mean yearly savings over the term, free months included, R$ */
  readonly annual_savings: number;
  /** old bill minus new bill minus fee in a paying month, R$ (negative when the plan costs more) */
  readonly economy_per_month: number;
  /** economy_per_month over the old bill, in [0, 100] */
  readonly reduction_percent: number;
  readonly new_bill: number;
  readonly old_bill: number;
  readonly annual_production: number;
  /** kWp */
  readonly total_potential: number;
}

export interface SizingResult {
  /** the state, or 'BR' for the national reference */
  readonly uf: Place;
  readonly year: number;
  readonly connection: ConnectionType;
  readonly tariff: {
    readonly distributor: string;
    readonly before_taxes: number;
    readonly with_taxes: number;
    readonly icms: number;
    readonly pis_cofins: number;
  };
  readonly irradiation: { readonly kwh_m2_day: number; readonly level: 'municipality' | 'state' | 'national'; readonly source: string; readonly verified: boolean };
  /** monthly kWh */
  readonly consumption_kwh: number;
  readonly minimum_availability_kwh: number;
  readonly public_lighting: number;
  readonly fio_b_share: number;
  readonly photovoltaic_system: {
    readonly power_kwp: number;
    readonly module_power_w: number;
    readonly module_quantity: number;
    readonly performance_ratio: number;
    readonly annual_production: number;
    readonly monthly_production: number;
    readonly price: number;
    readonly price_per_wp: number;
  };
  readonly annual_values: {
    readonly old_bill: number;
    readonly new_bill: number;
    readonly monthly_savings: number;
    readonly annual_savings: number;
    readonly reduction_percent: number;
    /** months for the purchase to pay for itself; null when there are no savings */
    readonly payback_months: number | null;
  };
  readonly bill_after_solar: readonly BillLine[];
  readonly plan: Readonly<Record<PlanLevel, PlanSimulation>>;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};
const money = (value: number) => round(value, 2);

/** Fixed monthly payment that repays `principal` in `months` payments at monthly `rate`. */
export function annuityPayment(principal: number, rate: number, months: number): number {
  if (principal <= 0) return 0;
  if (rate === 0) return principal / months;
  return (principal * rate) / (1 - (1 + rate) ** -months);
}

function assertMunicipalityInUf(uf: Uf, ibge: string): void {
  const state = getStates().find((s) => s.code === uf);
  if (!/^\d{7}$/.test(ibge) || !state || !ibge.startsWith(String(state.ibgeCode))) {
    throw new RangeError(`municipality ${ibge} is not an IBGE code of ${uf}`);
  }
}

export function sizeSolarSystem(input: SizingInput): SizingResult {
  const { billValue, year } = input;
  if (!Number.isFinite(billValue) || billValue <= 0) throw new RangeError('billValue must be a positive amount');
  let uf: Place = NATIONAL;
  if (input.uf != null) {
    if (!isUf(input.uf)) throw new RangeError(`unknown state ${input.uf}`);
    uf = input.uf;
    if (input.municipalityIbge) assertMunicipalityInUf(input.uf, input.municipalityIbge);
  } else if (input.municipalityIbge) {
    throw new RangeError('a municipality needs its state');
  }
  const connection = input.connection ?? DEFAULT_CONNECTION;
  const fioBShare = fioBShareOfYear(year);

  const tariff = tariffOf(uf);
  const irradiation = irradiationOf(uf, input.municipalityIbge);
  const pr = PERFORMANCE_RATIO.value;
  const moduleW = MODULE_POWER_W.value;
  const minimumKwh = MINIMUM_AVAILABILITY_KWH[connection].value;

  // Consumption: the bill without the public-lighting estimate, at the tariff with taxes.
  const publicLighting = billValue * PUBLIC_LIGHTING_SHARE_OF_BILL.value;
  const consumptionKwh = (billValue - publicLighting) / tariff.withTaxes;
  // The minimum availability charge is paid anyway, so solar only offsets what is above it.
  const offsetKwh = Math.max(0, consumptionKwh - minimumKwh);

  // kWp = annual kWh / (H × 365 × PR), rounded up to whole modules.
  const yieldPerKwp = irradiation.kwhPerM2Day * DAYS_PER_YEAR * pr; // kWh per kWp per year
  const neededKwp = (offsetKwh * 12) / yieldPerKwp;
  const pricePerWp = pricePerWpOf(uf).value;
  const fioBPerKwh = tariff.beforeTaxes * FIO_B_SHARE_OF_TARIFF.value * fioBShare;
  const savingsPerKwh = tariff.withTaxes - (1 - SIMULTANEITY.value) * fioBPerKwh;
  const chosenKwp = input.powerKwp;
  if (chosenKwp !== undefined && !(Number.isFinite(chosenKwp) && chosenKwp > 0)) throw new RangeError('powerKwp must be a positive size');
  if (input.price !== undefined && !(Number.isFinite(input.price) && input.price > 0)) throw new RangeError('price must be a positive amount');
  let moduleQuantity = chosenKwp !== undefined
    ? Math.max(1, Math.round(round((chosenKwp * 1000) / moduleW, 9)))
    : Math.ceil(round((neededKwp * 1000) / moduleW, 9));
  // Barely above the minimum charge, one module would save a few reais and never pay for itself:
  // offer no system rather than one that does not pay back within its life.
  if (moduleQuantity > 0 && chosenKwp === undefined) {
    const monthlySavingsOfIt = Math.min((moduleQuantity * moduleW * yieldPerKwp) / 1000 / 12, offsetKwh) * savingsPerKwh;
    if ((moduleQuantity * moduleW * pricePerWp) / monthlySavingsOfIt > SYSTEM_LIFE_MONTHS) moduleQuantity = 0;
  }
  const powerKwp = (moduleQuantity * moduleW) / 1000;
  const annualProduction = powerKwp * yieldPerKwp;
  const monthlyProduction = annualProduction / 12;

  // Savings: production beyond the offset earns nothing (credits would only expire), and the
  // compensated (injected) part pays the year's share of the Fio B.
  const usedKwh = Math.min(monthlyProduction, offsetKwh);
  const compensatedKwh = usedKwh * (1 - SIMULTANEITY.value);
  const fioB = compensatedKwh * fioBPerKwh;
  const monthlySavings = usedKwh * tariff.withTaxes - fioB;
  const newBill = billValue - monthlySavings;

  const price = input.price ?? powerKwp * 1000 * pricePerWp;
  const paybackMonths = monthlySavings > 0 ? Math.ceil(round(price / monthlySavings, 9)) : null;

  const billAfterSolar: BillLine[] = [
    { key: 'minimum_availability', value: money(Math.min(minimumKwh, consumptionKwh) * tariff.withTaxes), kwh: round(Math.min(minimumKwh, consumptionKwh), 1) },
    { key: 'public_lighting', value: money(publicLighting) },
    { key: 'fio_b', value: money(fioB), kwh: round(compensatedKwh, 1), share: fioBShare },
  ];
  const uncompensatedKwh = offsetKwh - usedKwh;
  if (uncompensatedKwh > 0) {
    billAfterSolar.push({ key: 'uncompensated_consumption', value: money(uncompensatedKwh * tariff.withTaxes), kwh: round(uncompensatedKwh, 1) });
  }

  const plan = Object.fromEntries(
    PLAN_LEVELS.map((level) => {
      const terms = PLAN_TERMS[level];
      const months = terms.years * 12;
      const payingMonths = months - terms.freeMonths;
      const fee = annuityPayment(price, SUBSCRIPTION_MONTHLY_RATE, payingMonths);
      const economyPerMonth = billValue - newBill - fee;
      const simulation: PlanSimulation = {
        type: terms.type,
        deadline_years: terms.years,
        free_months: terms.freeMonths,
        is_fit: moduleQuantity > 0 && economyPerMonth >= MIN_REDUCTION * billValue,
        price: money(fee),
        annual_savings: money((months * monthlySavings - payingMonths * fee) / terms.years),
        economy_per_month: money(economyPerMonth),
        reduction_percent: round(Math.min(100, Math.max(0, (economyPerMonth / billValue) * 100)), 2),
        new_bill: money(newBill),
        old_bill: money(billValue),
        annual_production: round(annualProduction, 1),
        total_potential: round(powerKwp, 3),
      };
      return [level, simulation];
    }),
  ) as Record<PlanLevel, PlanSimulation>;

  return {
    uf,
    year,
    connection,
    tariff: {
      distributor: tariff.distributor,
      before_taxes: tariff.beforeTaxes,
      with_taxes: round(tariff.withTaxes, 4),
      icms: tariff.icms,
      pis_cofins: tariff.pisCofins,
    },
    irradiation: { kwh_m2_day: irradiation.kwhPerM2Day, level: irradiation.level, source: irradiation.source, verified: irradiation.verified },
    consumption_kwh: round(consumptionKwh, 1),
    minimum_availability_kwh: minimumKwh,
    public_lighting: money(publicLighting),
    fio_b_share: fioBShare,
    photovoltaic_system: {
      power_kwp: round(powerKwp, 3),
      module_power_w: moduleW,
      module_quantity: moduleQuantity,
      performance_ratio: pr,
      annual_production: round(annualProduction, 1),
      monthly_production: round(monthlyProduction, 1),
      price: money(price),
      price_per_wp: input.price !== undefined && powerKwp > 0 ? round(price / (powerKwp * 1000), 4) : pricePerWp,
    },
    annual_values: {
      old_bill: money(billValue),
      new_bill: money(newBill),
      monthly_savings: money(monthlySavings),
      annual_savings: money(monthlySavings * 12),
      reduction_percent: round(Math.min(100, Math.max(0, (monthlySavings / billValue) * 100)), 2),
      payback_months: paybackMonths,
    },
    bill_after_solar: billAfterSolar,
    plan,
  };
}
