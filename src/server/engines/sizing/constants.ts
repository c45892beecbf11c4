import type { Place, Sourced, Uf } from './sources';

/** Connection type of the consumer unit (ligação monofásica, bifásica, trifásica). */
export type ConnectionType = 'single' | 'two' | 'three';

/**
 * Minimum availability charge (custo de disponibilidade) in kWh/month: what a grid-connected unit
 * pays even when it consumes nothing, so solar never takes the bill to zero.
 */
export const MINIMUM_AVAILABILITY_KWH: Readonly<Record<ConnectionType, Sourced<number>>> = {
  single: { value: 30, source: 'REN ANEEL 1.000/2021 (custo de disponibilidade), monofásico; as widely quoted', verified: false },
  two: { value: 50, source: 'REN ANEEL 1.000/2021 (custo de disponibilidade), bifásico; as widely quoted', verified: false },
  three: { value: 100, source: 'REN ANEEL 1.000/2021 (custo de disponibilidade), trifásico; as widely quoted', verified: false },
};

/** Most houses in Brazil are connected two-phase; the customer's actual connection is confirmed at the visit. */
export const DEFAULT_CONNECTION: ConnectionType = 'two';

/** Performance ratio: losses from temperature, soiling, wiring, inverter, mismatch. */
export const PERFORMANCE_RATIO: Sourced<number> = {
  value: 0.8,
  source: 'Typical PR for rooftop PV in Brazil (0.75–0.85) used in integrator sizing and the INPE Atlas scenarios; an engineering assumption',
  verified: false,
};

/** Power of one module, in watts; the system is a whole number of them. */
export const MODULE_POWER_W: Sourced<number> = {
  value: 550,
  source: 'Common residential monocrystalline module class sold in Brazil 2023–2025 (540–560 W); a product choice',
  verified: false,
};

export const DAYS_PER_YEAR = 365;

/**
 * The life the proposal counts on (spec §9 shows savings over 25 years): a system that would not
 * pay back within it is not offered.
 */
export const SYSTEM_LIFE_MONTHS = 25 * 12;

/**
 * Law 14.300/2022, art. 27: share of the TUSD Fio B paid on compensated energy by systems that
 * requested access from 7 January 2023, by calendar year. From 2029 the rule of ANEEL under
 * art. 17 applies; none is published, so the engine assumes the full Fio B (100 %), the
 * conservative reading.
 */
export const FIO_B_TRANSITION: Readonly<Record<number, number>> = {
  2023: 0.15,
  2024: 0.3,
  2025: 0.45,
  2026: 0.6,
  2027: 0.75,
  2028: 0.9,
};
export const FIO_B_TRANSITION_SOURCE: Sourced<string> = {
  value: 'Lei 14.300/2022 art. 27',
  source: 'Schedule as quoted by energiasolarexplicada.com.br (glossário Fio B) and integrator code; 2029+ = 100 % is our assumption',
  verified: true,
};
export const FIO_B_AFTER_TRANSITION = 1;
export const FIRST_TRANSITION_YEAR = 2023;

export function fioBShareOfYear(year: number): number {
  if (!Number.isInteger(year) || year < FIRST_TRANSITION_YEAR) {
    throw new RangeError(`year ${year}: new systems are under Law 14.300/2022 from ${FIRST_TRANSITION_YEAR}`);
  }
  return FIO_B_TRANSITION[year] ?? FIO_B_AFTER_TRANSITION;
}

/** The TUSD Fio B as a fraction of the residential tariff before taxes. */
export const FIO_B_SHARE_OF_TARIFF: Sourced<number> = {
  value: 0.28,
  source:
    'Sector average used in Law 14.300 analyses (blog.solarinove.com.br "Como calcular a TUSD Fio B"); each distributor has its own absolute value',
  verified: false,
};

/**
 * Share of the solar production consumed at the moment it is produced (simultaneity). Only the
 * rest is injected, compensated later and charged the Fio B share.
 */
export const SIMULTANEITY: Sourced<number> = {
  value: 0.3,
  source: 'Typical daytime self-consumption of a Brazilian home (20–40 %); an assumption',
  verified: false,
};

/**
 * Public-lighting contribution (COSIP/CIP, Constitution art. 149-A): each municipality sets its own
 * amount, so the engine estimates it as a share of the bill and shows it as an estimate.
 */
export const PUBLIC_LIGHTING_SHARE_OF_BILL: Sourced<number> = {
  value: 0.05,
  source: 'Estimate: municipal COSIP laws charge fixed bands or a few percent of the bill; no national table exists',
  verified: false,
};

/** Installed residential price, R$/Wp (Solfácil Radar, Q3 2024). */
export const PRICE_PER_WP_BRAZIL: Sourced<number> = {
  value: 2.53,
  source: 'Radar Solfácil Q3 2024, residential mean (veja.abril.com.br, eixos.com.br, November 2024)',
  verified: true,
};
const RADAR_Q3_2024_STATE = 'Radar Solfácil Q3 2024, state mean (veja.abril.com.br, eixos.com.br, November 2024)';
export const PRICE_PER_WP_BY_UF: Readonly<Partial<Record<Uf, Sourced<number>>>> = {
  AL: { value: 2.35, source: RADAR_Q3_2024_STATE, verified: true },
  GO: { value: 2.46, source: RADAR_Q3_2024_STATE, verified: true },
  MG: { value: 2.7, source: RADAR_Q3_2024_STATE, verified: true },
  SP: { value: 2.43, source: RADAR_Q3_2024_STATE, verified: true },
};

export function pricePerWpOf(place: Place): Sourced<number> {
  return (place === 'BR' ? undefined : PRICE_PER_WP_BY_UF[place]) ?? PRICE_PER_WP_BRAZIL;
}

/** The three subscription plans (spec §9): terms 3, 5, 20 years; 1, 2, 3 free months. */
export const PLAN_LEVELS = ['low', 'med', 'max'] as const;
export type PlanLevel = (typeof PLAN_LEVELS)[number];
/** The `nivel` of POST /portal/customers/plan-simulated (plan type) -> the engine's plan key. */
export const PLAN_LEVEL_BY_TYPE: Readonly<Record<'LOW' | 'MEDIUM' | 'MAX', PlanLevel>> = { LOW: 'low', MEDIUM: 'med', MAX: 'max' };
export const PLAN_TERMS: Readonly<Record<PlanLevel, { readonly type: 'LOW' | 'MEDIUM' | 'MAX'; readonly years: number; readonly freeMonths: number }>> = {
  low: { type: 'LOW', years: 3, freeMonths: 1 },
  med: { type: 'MEDIUM', years: 5, freeMonths: 2 },
  max: { type: 'MAX', years: 20, freeMonths: 3 },
};

/**
 * Business parameters of the subscription (set by the company, not public facts): the monthly
 * fee repays the system's price over the plan's paying months at this monthly rate, and a plan is
 * fit only when the customer keeps at least MIN_REDUCTION of the old bill every paying month.
 */
export const SUBSCRIPTION_MONTHLY_RATE = 0.015;
export const MIN_REDUCTION = 0.1;
