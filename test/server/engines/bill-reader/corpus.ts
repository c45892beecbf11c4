/** The bill corpus (test/fixtures/bills, written by scripts/make-bill-corpus.ts) and per-field scoring, shared by the tests and scripts/bench-bills.ts. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BillTruth } from '../../../../scripts/make-bill-corpus';
import type { BillAnalysis } from '../../../../src/server/engines/bill-reader';

export type { BillTruth };

export const CORPUS_DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'bills');

export interface CorpusBill { truth: BillTruth; bytes: Uint8Array }

export function loadCorpus(): CorpusBill[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const truth = JSON.parse(readFileSync(join(CORPUS_DIR, f), 'utf8')) as BillTruth;
      return { truth, bytes: new Uint8Array(readFileSync(join(CORPUS_DIR, truth.file))) };
    });
}

export const SCORED_FIELDS = ['distributor', 'holder', 'consumer_class', 'installation', 'value', 'consumption', 'history', 'average', 'power_pattern'] as const;
export type ScoredField = (typeof SCORED_FIELDS)[number];

function readValue(a: BillAnalysis, field: ScoredField): unknown {
  if (field === 'history') return a.consumption_history_kwh_values.values.length ? a.consumption_history_kwh_values.values : null;
  if (field === 'average') return a.consumption_history_kwh_values.average;
  return a[field];
}

function same(field: ScoredField, expected: unknown, got: unknown): boolean {
  if ((field === 'value' || field === 'average') && typeof expected === 'number' && typeof got === 'number') return Math.abs(expected - got) < 0.01;
  return JSON.stringify(expected) === JSON.stringify(got);
}

/** Per field: of the bills that show it, how many were read right; of those that do not, how many got a value anyway. */
export interface FieldScore { shown: number; right: number; accuracy: number; notShown: number; spurious: number }

export function scoreFields(results: ReadonlyArray<{ truth: BillTruth; analysis: BillAnalysis }>): Record<ScoredField, FieldScore> {
  const scores = {} as Record<ScoredField, FieldScore>;
  for (const field of SCORED_FIELDS) {
    const s: FieldScore = { shown: 0, right: 0, accuracy: 1, notShown: 0, spurious: 0 };
    for (const { truth, analysis } of results) {
      const expected = truth.fields[field];
      const got = readValue(analysis, field);
      if (expected === null) {
        s.notShown++;
        if (got !== null) s.spurious++;
      } else {
        s.shown++;
        if (same(field, expected, got)) s.right++;
      }
    }
    s.accuracy = s.shown ? s.right / s.shown : 1;
    scores[field] = s;
  }
  return scores;
}

/** Which fields of one bill were read wrong, for failure messages. */
export function fieldMistakes(truth: BillTruth, analysis: BillAnalysis): string[] {
  return SCORED_FIELDS.filter((f) => !same(f, truth.fields[f], readValue(analysis, f)))
    .map((f) => `${f}: expected ${JSON.stringify(truth.fields[f])}, read ${JSON.stringify(readValue(analysis, f))}`);
}
