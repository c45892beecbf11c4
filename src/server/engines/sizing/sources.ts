/**
 * Every number the sizing engine uses carries where it came from. `verified: true` means the value
 * was read in the cited source (or a public page quoting it, named in `source`) while writing this
 * table; `verified: false` means it could not be checked here and must be confirmed before it is
 * relied upon (docs/sizing.md lists them).
 */
export interface Sourced<T> {
  readonly value: T;
  readonly source: string;
  readonly verified: boolean;
}

/** The 27 federative units (26 states and the Federal District). */
export const UFS = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI',
  'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;
export type Uf = (typeof UFS)[number];

export function isUf(value: string): value is Uf {
  return (UFS as readonly string[]).includes(value);
}

/** Where a simulation happens: a federative unit, or 'BR' (national reference) when the state is unknown. */
export type Place = Uf | 'BR';
export const NATIONAL: Place = 'BR';

export const mean = (values: readonly number[]): number => values.reduce((sum, x) => sum + x, 0) / values.length;
