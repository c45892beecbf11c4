import { UFS, mean, type Place, type Sourced, type Uf } from './sources';

/**
 * Residential (B1) tariff per federative unit, in R$/kWh before taxes (TE + TUSD), as published in
 * ANEEL's tariff ranking at the end of 2024 (state figure, the mean over the state's distributors).
 * Read in the state list quoted from ANEEL by jnmt.com.br and eletronenergy.com.br (December 2024);
 * its unweighted mean, R$ 0.757/kWh, matches ANEEL's national figure. The state figure stands in
 * for the main distributor, named for reference.
 */
const ANEEL_RANKING_2024 =
  'ANEEL tariff ranking, residential B1 before taxes, end of 2024 (state list quoted by jnmt.com.br / eletronenergy.com.br)';

/**
 * ICMS on residential electricity: since LC 194/2022 electricity is an essential good taxed at the
 * state's modal rate. Rates as set by state laws in force in 2025, from memory; not checked here.
 * Several states exempt low consumption bands; the engine ignores those bands.
 */
const ICMS_MODAL_RATE = 'State modal ICMS rate (LC 194/2022), 2025 state laws; not checked here';

interface StateTariff {
  readonly distributor: string;
  /** R$/kWh before taxes */
  readonly tariffBeforeTaxes: Sourced<number>;
  /** fraction of the bill, e.g. 0.18 */
  readonly icms: Sourced<number>;
}

const row = (distributor: string, tariff: number, icms: number): StateTariff => ({
  distributor,
  tariffBeforeTaxes: { value: tariff, source: ANEEL_RANKING_2024, verified: true },
  icms: { value: icms, source: ICMS_MODAL_RATE, verified: false },
});

export const TARIFF_BY_UF: Readonly<Record<Uf, StateTariff>> = {
  AC: row('Energisa Acre', 0.791, 0.19),
  AL: row('Equatorial Alagoas', 0.863, 0.19),
  AM: row('Amazonas Energia', 0.857, 0.2),
  AP: row('Equatorial CEA', 0.808, 0.18),
  BA: row('Neoenergia Coelba', 0.821, 0.205),
  CE: row('Enel CE', 0.722, 0.2),
  DF: row('Neoenergia Brasília', 0.743, 0.2),
  ES: row('EDP Espírito Santo', 0.682, 0.17),
  GO: row('Equatorial Goiás', 0.745, 0.19),
  MA: row('Equatorial Maranhão', 0.711, 0.23),
  MG: row('Cemig', 0.796, 0.18),
  MS: row('Energisa Mato Grosso do Sul', 0.87, 0.17),
  MT: row('Energisa Mato Grosso', 0.847, 0.17),
  PA: row('Equatorial Pará', 0.938, 0.19),
  PB: row('Energisa Paraíba', 0.588, 0.2),
  PE: row('Neoenergia Pernambuco', 0.744, 0.205),
  PI: row('Equatorial Piauí', 0.829, 0.225),
  PR: row('Copel', 0.629, 0.195),
  RJ: row('Light / Enel RJ', 0.87, 0.22),
  RN: row('Neoenergia Cosern', 0.722, 0.2),
  RO: row('Energisa Rondônia', 0.727, 0.195),
  RR: row('Roraima Energia', 0.661, 0.2),
  RS: row('RGE / CEEE Equatorial', 0.701, 0.17),
  SC: row('Celesc', 0.618, 0.17),
  SE: row('Energisa Sergipe', 0.666, 0.19),
  SP: row('Enel SP', 0.671, 0.18),
  TO: row('Energisa Tocantins', 0.823, 0.2),
};

/**
 * PIS/PASEP + COFINS actually charged on the bill: nominally 9.25 % in the non-cumulative regime,
 * the effective rate after credits changes every month per distributor (roughly 4 % to 7 %).
 */
export const PIS_COFINS: Sourced<number> = {
  value: 0.05,
  source: 'Effective PIS/COFINS on residential bills (Lei 10.637/2002, 10.833/2003), mid-range of monthly rates; an assumption',
  verified: false,
};

export interface TariffOfPlace {
  readonly distributor: string;
  /** R$/kWh before taxes */
  readonly beforeTaxes: number;
  /** R$/kWh with ICMS and PIS/COFINS, which are charged "por dentro" (included in their own base) */
  readonly withTaxes: number;
  readonly icms: number;
  readonly pisCofins: number;
}

/**
 * The national reference for a simulation without a state (the anonymous simulator): the unweighted
 * mean of the 27 state figures, R$ 0.757/kWh, and the mean of the ICMS table.
 */
export const NATIONAL_TARIFF: StateTariff = {
  distributor: 'Média nacional',
  tariffBeforeTaxes: {
    value: Math.round(mean(UFS.map((uf) => TARIFF_BY_UF[uf].tariffBeforeTaxes.value)) * 1000) / 1000,
    source: 'Unweighted mean of the 27 state figures of the ANEEL ranking (end of 2024)',
    verified: true,
  },
  icms: { value: Math.round(mean(UFS.map((uf) => TARIFF_BY_UF[uf].icms.value)) * 1000) / 1000, source: 'Mean of the ICMS table above', verified: false },
};

export function tariffOf(place: Place): TariffOfPlace {
  const t = place === 'BR' ? NATIONAL_TARIFF : TARIFF_BY_UF[place];
  const beforeTaxes = t.tariffBeforeTaxes.value;
  const icms = t.icms.value;
  const pisCofins = PIS_COFINS.value;
  return { distributor: t.distributor, beforeTaxes, withTaxes: beforeTaxes / (1 - icms - pisCofins), icms, pisCofins };
}
