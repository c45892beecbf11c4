import type { SizingInput } from './engine';

/**
 * The worked examples of docs/sizing.md (at least one city per region), reproduced exactly by
 * test/server/sizing/workedExamples.test.ts.
 */
export interface WorkedExample {
  readonly region: 'N' | 'NE' | 'CO' | 'SE' | 'S';
  readonly city: string;
  readonly input: SizingInput & { readonly municipalityIbge: string };
}

export const WORKED_EXAMPLES: readonly WorkedExample[] = [
  { region: 'N', city: 'Belém', input: { billValue: 500, uf: 'PA', municipalityIbge: '1501402', connection: 'two', year: 2026 } },
  { region: 'NE', city: 'Fortaleza', input: { billValue: 500, uf: 'CE', municipalityIbge: '2304400', connection: 'two', year: 2026 } },
  { region: 'NE', city: 'Salvador', input: { billValue: 300, uf: 'BA', municipalityIbge: '2927408', connection: 'single', year: 2029 } },
  { region: 'CO', city: 'Goiânia', input: { billValue: 500, uf: 'GO', municipalityIbge: '5208707', connection: 'two', year: 2026 } },
  { region: 'SE', city: 'São Paulo', input: { billValue: 500, uf: 'SP', municipalityIbge: '3550308', connection: 'two', year: 2026 } },
  { region: 'SE', city: 'Belo Horizonte', input: { billValue: 150, uf: 'MG', municipalityIbge: '3106200', connection: 'single', year: 2025 } },
  { region: 'S', city: 'Curitiba', input: { billValue: 500, uf: 'PR', municipalityIbge: '4106902', connection: 'two', year: 2026 } },
  { region: 'S', city: 'Porto Alegre', input: { billValue: 1200, uf: 'RS', municipalityIbge: '4314902', connection: 'three', year: 2027 } },
];
