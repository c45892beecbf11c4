import { UFS, mean, type Place, type Sourced, type Uf } from './sources';

/**
 * Daily global horizontal irradiation, annual mean, in kWh/m²·day, one value per federative unit.
 *
 * The authoritative source is the Atlas Brasileiro de Energia Solar, 2nd edition (Pereira et al.,
 * INPE/CCST/LABREN, 2017, ISBN 978-85-17-00089-8, doi:10.34024/978851700089), whose 10 km grid
 * is also behind CRESESB's SunData 3.0. Neither the grid nor SunData can be downloaded on this
 * machine, so every value below is a state-level reading of the Atlas's annual GHI map (the
 * populated part of the state, rounded to 0.1) and is marked unverified: check each against the
 * LABREN grid or SunData for the state's capital before production use.
 *
 * Horizontal irradiation (not plane-of-array) is used on purpose: a roof's tilt and azimuth are
 * unknown before the technical visit, and the horizontal value is the conservative one in Brazil.
 */
const ATLAS_MAP_READING =
  'Atlas Brasileiro de Energia Solar 2ª ed. (INPE/LABREN 2017), annual mean GHI map read for the state; not checked against the grid';

const reading = (value: number): Sourced<number> => ({ value, source: ATLAS_MAP_READING, verified: false });

export const IRRADIATION_BY_UF: Readonly<Record<Uf, Sourced<number>>> = {
  // Norte
  AC: reading(4.6),
  AM: reading(4.5),
  AP: reading(4.8),
  PA: reading(4.8),
  RO: reading(4.7),
  RR: reading(4.9),
  TO: reading(5.4),
  // Nordeste
  AL: reading(5.3),
  BA: reading(5.6),
  CE: reading(5.6),
  MA: reading(5.2),
  PB: reading(5.6),
  PE: reading(5.5),
  PI: reading(5.6),
  RN: reading(5.7),
  SE: reading(5.3),
  // Centro-Oeste
  DF: reading(5.3),
  GO: reading(5.4),
  MS: reading(5.1),
  MT: reading(5.2),
  // Sudeste
  ES: reading(5.0),
  MG: reading(5.4),
  RJ: reading(4.9),
  SP: reading(4.8),
  // Sul
  PR: reading(4.6),
  RS: reading(4.6),
  SC: reading(4.3),
};

/**
 * Per-municipality values (IBGE code -> kWh/m²·day) override the state value when present. None is
 * shipped yet: a municipal value must come from the LABREN grid or SunData, which are not reachable
 * here, and a guessed municipal value would look more precise than it is.
 */
export const IRRADIATION_BY_MUNICIPALITY: Readonly<Record<string, Sourced<number>>> = {};

/** National reference (no state known): the mean of the state table, as unverified as its values. */
export const NATIONAL_IRRADIATION: Sourced<number> = {
  value: Math.round(mean(UFS.map((uf) => IRRADIATION_BY_UF[uf].value)) * 10) / 10,
  source: 'Mean of the state table above',
  verified: false,
};

export interface IrradiationOfPlace {
  /** kWh/m²·day */
  readonly kwhPerM2Day: number;
  readonly level: 'municipality' | 'state' | 'national';
  readonly source: string;
  readonly verified: boolean;
}

export function irradiationOf(place: Place, municipalityIbge?: string): IrradiationOfPlace {
  const municipal = municipalityIbge ? IRRADIATION_BY_MUNICIPALITY[municipalityIbge] : undefined;
  if (municipal) return { kwhPerM2Day: municipal.value, level: 'municipality', source: municipal.source, verified: municipal.verified };
  if (place === 'BR') {
    return { kwhPerM2Day: NATIONAL_IRRADIATION.value, level: 'national', source: NATIONAL_IRRADIATION.source, verified: NATIONAL_IRRADIATION.verified };
  }
  const state = IRRADIATION_BY_UF[place];
  return { kwhPerM2Day: state.value, level: 'state', source: state.source, verified: state.verified };
}
