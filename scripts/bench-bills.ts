/**
 * Bill reader benchmark: analyses every bill of a corpus and prints the decision per bill,
 * per-field accuracy and the time per bill.
 *
 *   npm run bench:bills                               the synthetic corpus (test/fixtures/bills)
 *   npm run bench:bills -- --corpus ../shared/bills   a folder of real bills with a truth.json
 *
 * Real bills hold personal data: their output names the fields read wrong, never a value.
 * Exits 1 when a decision is wrong (any wrong APPROVED, or a legible bill called illegible).
 */
import { analyseBill, BILL_ILLEGIBLE } from '../src/server/engines/bill-reader';
import type { BillAnalysis } from '../src/server/engines/bill-reader';
import { sniffBillFile } from '../src/server/engines/bill-reader';
import { SCORED_FIELDS, fieldMistakes, loadCorpus, scoreFields } from '../test/server/engines/bill-reader/corpus';
import type { BillTruth } from '../test/server/engines/bill-reader/corpus';
import { decisionRight, fieldScores, isRealCorpus, KEY_FIELDS, loadRealCorpus, REAL_FIELDS, realMistakes, wrongApproval } from '../test/server/engines/bill-reader/realCorpus';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const pad = (s: string, n: number) => s.padEnd(n);
const corpusDir = arg('--corpus');
const only = arg('--only');

async function timed(bytes: Uint8Array, mime: string): Promise<{ analysis: BillAnalysis; ms: number }> {
  const t0 = performance.now();
  const analysis = await analyseBill(bytes, mime);
  return { analysis, ms: performance.now() - t0 };
}

const mimeOf = (bytes: Uint8Array) => ({ pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg', unknown: 'application/octet-stream' })[sniffBillFile(bytes)];

function timesLine(label: string, times: number[]): string {
  if (times.length === 0) return `${label}: none`;
  const s = [...times].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `${label}: mean ${mean.toFixed(0)} ms, median ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms, max ${s[s.length - 1]!.toFixed(0)} ms (${s.length} bills)`;
}

async function realBench(dir: string): Promise<number> {
  const corpus = loadRealCorpus(dir).filter((b) => !only || b.id.includes(only));
  // The first call starts the PDF thread; time it apart so it does not skew the per-bill figures.
  const warm = corpus.find((b) => b.truth.text_layer)!;
  const w0 = performance.now();
  await analyseBill(warm.bytes, 'application/pdf');
  const warmUp = performance.now() - w0;
  const results: Array<{ id: string; truth: (typeof corpus)[number]['truth']; analysis: BillAnalysis; ms: number }> = [];
  for (const bill of corpus) results.push({ id: bill.id, truth: bill.truth, ...await timed(bill.bytes, mimeOf(bill.bytes)) });

  console.log(`${pad('bill', 40)}${pad('expected', 22)}${pad('decided', 24)}${pad('conf.', 6)}${'ms'.padStart(6)}  fields read wrong`);
  let wrong = 0;
  let wrongApprovals = 0;
  for (const r of results) {
    const ok = decisionRight(r.truth, r.analysis, BILL_ILLEGIBLE);
    if (!ok) wrong++;
    if (wrongApproval(r.truth, r.analysis)) wrongApprovals++;
    const expected = r.truth.expected_status.startsWith('not') ? 'not APPROVED' : r.truth.expected_status;
    const decided = `${r.analysis.status}${r.analysis.review_notes.length ? ` ${r.analysis.review_notes[0]}` : ''}${ok ? '' : ' ✗'}`;
    console.log(`${pad(r.id, 40)}${pad(expected, 22)}${pad(decided, 24)}${pad(r.analysis.confidence.toFixed(2), 6)}${r.ms.toFixed(0).padStart(6)}  ${realMistakes(r.truth, r.analysis).join(',')}`);
  }
  const text = results.filter((r) => r.truth.text_layer);
  const scanned = results.filter((r) => !r.truth.text_layer);
  for (const [label, set] of [['text-layer bills', text], ['scanned bills', scanned]] as const) {
    if (set.length === 0) continue;
    const scores = fieldScores(set);
    console.log(`\nper-field accuracy, ${label} (bills whose truth has the field)`);
    for (const f of REAL_FIELDS) {
      const s = scores[f];
      const pct = s.shown ? (100 * s.right) / s.shown : 100;
      console.log(`${pad(f, 16)}${pct.toFixed(1).padStart(6)} %  (${s.right}/${s.shown})${KEY_FIELDS.includes(f) ? '   key field' : ''}`);
    }
  }
  console.log(`\ndecisions right: ${results.length - wrong}/${results.length}; wrong approvals: ${wrongApprovals}`);
  console.log(timesLine('time per text-layer bill', text.map((r) => r.ms)));
  console.log(timesLine('time per scanned bill (OCR)', scanned.map((r) => r.ms)));
  console.log(`first call (PDF thread start) ${warmUp.toFixed(0)} ms, not counted`);
  return wrong;
}

async function syntheticBench(): Promise<number> {
  const corpus = loadCorpus().filter((b) => !only || b.truth.id.includes(only));
  const warmStart = performance.now();
  await analyseBill(corpus.find((b) => b.truth.mime === 'application/pdf')!.bytes, 'application/pdf');
  const warmUp = performance.now() - warmStart;
  const results: Array<{ truth: BillTruth; analysis: BillAnalysis; ms: number }> = [];
  for (const { truth, bytes } of corpus) results.push({ truth, ...await timed(bytes, truth.mime) });

  console.log(`${pad('bill', 34)}${pad('kind', 7)}${pad('expected', 13)}${pad('decided', 13)}${pad('conf.', 7)}ms   wrong fields`);
  let wrongDecisions = 0;
  for (const { truth, analysis, ms } of results) {
    const ok = analysis.status === truth.expected.status && analysis.justification_disapproved === truth.expected.justification_disapproved;
    if (!ok) wrongDecisions++;
    const mistakes = fieldMistakes(truth, analysis).map((m) => m.split(':')[0]).join(',');
    console.log(`${pad(truth.id, 34)}${pad(truth.kind, 7)}${pad(truth.expected.status, 13)}${pad(`${analysis.status}${ok ? '' : ' ✗'}`, 13)}${pad(analysis.confidence.toFixed(2), 7)}${ms.toFixed(0).padStart(4)} ${mistakes}`);
  }
  const scores = scoreFields(results);
  console.log('\nper-field accuracy (bills that show the field) and spurious values (bills that do not)');
  for (const f of SCORED_FIELDS) {
    const s = scores[f];
    console.log(`${pad(f, 16)}${(s.accuracy * 100).toFixed(1).padStart(6)} %  (${s.right}/${s.shown})   spurious ${s.spurious}/${s.notShown}`);
  }
  console.log(`\ndecisions right: ${results.length - wrongDecisions}/${results.length}`);
  console.log(timesLine('time per PDF bill', results.filter((r) => r.truth.mime === 'application/pdf').map((r) => r.ms)));
  console.log(timesLine('time per image (OCR)', results.filter((r) => r.truth.mime !== 'application/pdf').map((r) => r.ms)));
  console.log(`first call (PDF thread start) ${warmUp.toFixed(0)} ms, not counted`);
  return wrongDecisions;
}

const wrong = corpusDir && isRealCorpus(corpusDir) ? await realBench(corpusDir) : await syntheticBench();
process.exitCode = wrong ? 1 : 0;
