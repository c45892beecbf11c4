/**
 * Bill reader benchmark: analyses every bill of test/fixtures/bills and prints the decision per
 * bill, per-field accuracy and the time per bill.  Usage: npm run bench:bills
 * (tsx scripts/bench-bills.ts). Exits 1 when a decision differs from the ground truth.
 */
import { analyseBill } from '../src/server/engines/bill-reader';
import type { BillAnalysis } from '../src/server/engines/bill-reader';
import { SCORED_FIELDS, fieldMistakes, loadCorpus, scoreFields } from '../test/server/engines/bill-reader/corpus';
import type { BillTruth } from '../test/server/engines/bill-reader/corpus';

const corpus = loadCorpus();
// The first call loads pdf.js; time it apart so it does not skew the per-bill figures.
const warmStart = performance.now();
await analyseBill(corpus.find((b) => b.truth.mime === 'application/pdf')!.bytes, 'application/pdf');
const warmUp = performance.now() - warmStart;

const results: Array<{ truth: BillTruth; analysis: BillAnalysis; ms: number }> = [];
for (const { truth, bytes } of corpus) {
  const t0 = performance.now();
  const analysis = await analyseBill(bytes, truth.mime);
  results.push({ truth, analysis, ms: performance.now() - t0 });
}

const pad = (s: string, n: number) => s.padEnd(n);
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
const times = results.map((r) => r.ms).sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(`\ndecisions right: ${results.length - wrongDecisions}/${results.length}`);
console.log(`time per bill: mean ${mean.toFixed(1)} ms, median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms (pdf.js warm-up ${warmUp.toFixed(0)} ms, not counted)`);
process.exitCode = wrongDecisions ? 1 : 0;
