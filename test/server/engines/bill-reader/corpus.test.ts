import { describe, expect, it } from 'vitest';
import { buildCorpus, FAMILY_OF, LAYOUT_IDS, makeBill } from '../../../../scripts/make-bill-corpus';
import { analyseBill } from '../../../../src/server/engines/bill-reader';
import type { BillAnalysis } from '../../../../src/server/engines/bill-reader';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIR, SCORED_FIELDS, fieldMistakes, loadCorpus, scoreFields } from './corpus';
import type { BillTruth } from './corpus';

/** Per-field accuracy the reader must keep on the committed corpus (bills that show the field). */
const CORPUS_FLOOR = 0.95;
/** On fresh bills of the same layouts (other seeds, noisy), per field. */
const FRESH_FLOOR = 0.9;

const corpus = loadCorpus();
const analysed = Promise.all(corpus.map(async (b) => ({ truth: b.truth, analysis: await analyseBill(b.bytes, b.truth.mime) })));

describe('the committed corpus', () => {
  it('is exactly what scripts/make-bill-corpus.ts writes (seeded, up to date)', async () => {
    const files = await buildCorpus();
    expect(files.length).toBe(corpus.length * 2);
    for (const f of files) expect(Buffer.compare(Buffer.from(f.bytes), readFileSync(join(CORPUS_DIR, f.name))), f.name).toBe(0);
  });

  it('has clean and noisy bills of five distributors and every wrong case the issue names', () => {
    for (const d of LAYOUT_IDS) {
      expect(corpus.some((b) => b.truth.kind === 'clean' && b.truth.fields.distributor === FAMILY_OF[d]), `clean ${d}`).toBe(true);
      expect(corpus.some((b) => b.truth.kind === 'noisy' && b.truth.fields.distributor === FAMILY_OF[d]), `noisy ${d}`).toBe(true);
    }
    const ids = corpus.map((b) => b.truth.id);
    for (const id of ['bank-statement', 'cemig-cut-in-half', 'light-condominium', 'copel-rural', 'cemig-solar-scee', 'photo-bill']) expect(ids).toContain(id);
    expect(corpus.filter((b) => b.truth.mime.startsWith('image/'))).not.toHaveLength(0);
  });
});

describe('decisions on the corpus', () => {
  it.each(corpus.map((b) => [b.truth.id, b.truth] as const))('%s', async (id, truth) => {
    const result = (await analysed).find((r) => r.truth.id === id)!.analysis;
    expect({ status: result.status, justification_disapproved: result.justification_disapproved }).toEqual(truth.expected);
    if (result.status === 'WAITING') expect(result.review_notes).not.toHaveLength(0);
    // the first bill waits for the whole corpus to be read (OCR included) on a 2-core machine
  }, 120_000);
});

describe('per-field accuracy', () => {
  it(`is at least ${CORPUS_FLOOR * 100} % per field on the corpus, with no value invented where the file shows none`, async () => {
    const results = await analysed;
    const scores = scoreFields(results);
    const report = SCORED_FIELDS.map((f) => `${f} ${scores[f].right}/${scores[f].shown} spurious ${scores[f].spurious}`).join('; ');
    for (const f of SCORED_FIELDS) {
      expect(scores[f].accuracy, report).toBeGreaterThanOrEqual(CORPUS_FLOOR);
      expect(scores[f].spurious, report).toBe(0);
    }
  });

  it(`is at least ${FRESH_FLOOR * 100} % per field on noisy bills it has never seen`, { timeout: 60_000 }, async () => {
    const results: Array<{ truth: BillTruth; analysis: BillAnalysis }> = [];
    for (const d of LAYOUT_IDS) {
      for (const seed of [5001, 5002, 5003]) {
        const { truth, bytes } = await makeBill(d, seed, 'noisy', seed === 5003 ? 'COMERCIAL' : 'RESIDENCIAL');
        results.push({ truth, analysis: await analyseBill(bytes, 'application/pdf') });
      }
    }
    const scores = scoreFields(results);
    const mistakes = results.flatMap((r) => fieldMistakes(r.truth, r.analysis).map((m) => `${r.truth.id} ${m}`)).join('\n');
    for (const f of SCORED_FIELDS) expect(scores[f].accuracy, mistakes).toBeGreaterThanOrEqual(FRESH_FLOOR);
    expect(results.filter((r) => r.analysis.status === 'APPROVED').length, mistakes).toBeGreaterThanOrEqual(results.length - 1);
  });
});
