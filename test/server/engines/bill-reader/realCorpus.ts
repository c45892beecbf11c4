/**
 * A corpus of real bills kept outside the repository (a folder with the bills and a truth.json,
 * such as ../shared/bills): loaded in place for `npm run bench:bills -- --corpus DIR`, never copied.
 * Real bills carry personal data: what this module reports names fields, never their values.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fold } from '../../../../src/server/engines/bill-reader/numbers';
import { normaliseCode } from '../../../../src/server/engines/bill-reader/fields/identity';
import type { BillAnalysis } from '../../../../src/server/engines/bill-reader';

/** One bill of truth.json (the fields the bench compares). */
interface RealTruth {
  distributor: string; uf: string; reference: string; holder: string; installation: string; client_code: string | null;
  consumer_class: string; subclass: string | null; tariff_group: string; phases: string | null;
  value: number; consumption: number | null; billed_kwh?: number; history: number[] | null; average_12m: number | null;
  has_generation: boolean; text_layer: boolean; expected_status: string;
}

export interface RealBill { id: string; truth: RealTruth; bytes: Uint8Array }

export const isRealCorpus = (dir: string) => existsSync(join(dir, 'truth.json'));

export function loadRealCorpus(dir: string): RealBill[] {
  const truth = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as Record<string, RealTruth>;
  return Object.entries(truth).sort(([a], [b]) => a.localeCompare(b)).map(([file, t]) => ({
    id: file.replace(/\.pdf$/, ''), truth: t, bytes: new Uint8Array(readFileSync(join(dir, file))),
  }));
}

const MONTHS = ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'];
const CLASSES: Record<string, string> = {
  RESIDENCIAL: 'RESIDENCIAL', COMERCIAL: 'COMERCIAL', RURAL: 'RURAL', INDUSTRIAL: 'INDUSTRIAL', 'PODER PUBLICO': 'PODER_PUBLICO',
  'ILUMINACAO PUBLICA': 'ILUMINACAO_PUBLICA', 'SERVICO PUBLICO': 'SERVICO_PUBLICO',
};
const PHASES: Record<string, string> = { 'MONOFASICO': 'single', 'BIFASICO': 'two', 'TRIFASICO': 'three' };
const code = (s: string | null) => (s === null ? null : normaliseCode(s));

export const REAL_FIELDS = ['distributor', 'holder', 'consumer_class', 'tariff_group', 'power_pattern', 'installation', 'client_code', 'reference_month', 'value', 'consumption', 'billed_consumption', 'average', 'generation'] as const;
export type RealField = (typeof REAL_FIELDS)[number];
/** The fields the issue holds at 95 %. */
export const KEY_FIELDS: readonly RealField[] = ['value', 'consumption', 'consumer_class', 'installation', 'holder', 'average'];

/** The expected value of each field, in the analysis' terms. */
export function expectedOf(t: RealTruth): Record<RealField, unknown> {
  const [mon, year] = t.reference.split('/');
  const family = fold(t.distributor).split(/[\s(-]/)[0]!;
  return {
    distributor: family,
    holder: fold(t.holder).replace(/\s+/g, ' ').trim(),
    consumer_class: CLASSES[fold(t.consumer_class)] ?? t.consumer_class,
    tariff_group: t.tariff_group,
    power_pattern: t.phases ? PHASES[fold(t.phases)] ?? null : null,
    installation: code(t.installation),
    client_code: code(t.client_code),
    reference_month: `${year}-${String(MONTHS.indexOf(mon!) + 1).padStart(2, '0')}`,
    value: t.value,
    consumption: t.consumption,
    // billed kWh differ from the consumption only where truth.json says so
    billed_consumption: t.billed_kwh ?? t.consumption,
    average: t.average_12m,
    generation: t.has_generation,
  };
}

export function readOf(a: BillAnalysis): Record<RealField, unknown> {
  return {
    distributor: a.distributor, holder: a.holder === null ? null : fold(a.holder).replace(/\s+/g, ' ').trim(),
    consumer_class: a.consumer_class, tariff_group: a.tariff_group ?? null, power_pattern: a.power_pattern,
    installation: a.installation, client_code: a.client_code ?? null, reference_month: a.reference_month ?? null,
    value: a.value, consumption: a.consumption, billed_consumption: a.billed_consumption ?? null, average: a.consumption_history_kwh_values.average, generation: a.generation ?? false,
  };
}

function same(field: RealField, expected: unknown, got: unknown): boolean {
  if (typeof expected === 'number' && typeof got === 'number') return Math.abs(expected - got) < (field === 'consumption' || field === 'billed_consumption' ? 0.5 : 0.01);
  return expected === got;
}

/** Fields read wrong, by name only (values are personal data). */
export function realMistakes(t: RealTruth, a: BillAnalysis): RealField[] {
  const e = expectedOf(t);
  const r = readOf(a);
  return REAL_FIELDS.filter((f) => !same(f, e[f], r[f]));
}

/**
 * Whether the decision is right: an APPROVED bill approved; a 'not APPROVED' one anything else but
 * 'ilegível ou incompleta' when it has a text layer (a legible bill is never called illegible);
 * 'WAITING or APPROVED' either.
 */
export function decisionRight(t: RealTruth, a: BillAnalysis, illegible: string): boolean {
  if (t.expected_status === 'APPROVED') return a.status === 'APPROVED';
  if (t.expected_status === 'WAITING or APPROVED') return a.status === 'WAITING' || a.status === 'APPROVED';
  if (a.status === 'APPROVED') return false;
  return !(t.text_layer && a.justification_disapproved === illegible);
}

export const wrongApproval = (t: RealTruth, a: BillAnalysis) => a.status === 'APPROVED' && t.expected_status.startsWith('not');

export function fieldScores(results: ReadonlyArray<{ truth: RealTruth; analysis: BillAnalysis }>): Record<RealField, { right: number; shown: number }> {
  const out = {} as Record<RealField, { right: number; shown: number }>;
  for (const f of REAL_FIELDS) {
    let right = 0; let shown = 0;
    for (const { truth, analysis } of results) {
      const e = expectedOf(truth)[f];
      if (e === null || e === undefined) continue;
      shown++;
      if (same(f, e, readOf(analysis)[f])) right++;
    }
    out[f] = { right, shown };
  }
  return out;
}
