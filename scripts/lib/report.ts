import { isComplete, type MachineCoverage } from '../../test/paths/engine';

/**
 * docs/statecharts/coverage.md, written by scripts/test-paths.ts. It holds nothing that changes
 * from run to run (timings are printed on the console only), so running the paths twice leaves
 * the tree clean and `--check` can compare it with what is committed.
 */

export const REPORT_PATH = 'docs/statecharts/coverage.md';
export const REPORT_WRITER = 'scripts/test-paths.ts';
const LEVELS_HEADING = '## Screen- and API-level runs';

/** Per machine and level: the paths vitest ran, skipped (with the reason in the test name) and failed. */
export interface LevelRun { machine: string; level: 'screens' | 'API'; run: number; skipped: number; failed: number }

/** One machine's coverage as the console table and the report both show it. */
export interface CoverageRow { machine: string; states: string; transitions: string; paths: string; ok: boolean }

const percent = (a: number, b: number) => (b === 0 ? '100%' : `${Math.floor((a / b) * 1000) / 10}%`);

export function coverageRow(r: MachineCoverage): CoverageRow {
  return {
    machine: r.name,
    states: `${r.states.reached}/${r.states.total} (${percent(r.states.reached, r.states.total)})`,
    transitions: `${r.transitions.taken}/${r.transitions.total} (${percent(r.transitions.taken, r.transitions.total)})${r.unreachable.length ? ` + ${r.unreachable.length} unreachable` : ''}`,
    paths: `${r.paths.run} run (${r.paths.shortest} shortest + ${r.paths.simple} simple), ${r.paths.failed} failed`,
    ok: isComplete(r),
  };
}

/** The screen- and API-level section of this run, or, when they were not run, the one last written. */
export function levelSection(levelRuns: readonly LevelRun[] | null, previousReport: string): string[] {
  if (!levelRuns) {
    const at = previousReport.indexOf(LEVELS_HEADING);
    return at >= 0 ? previousReport.slice(at).trimEnd().split('\n').concat('') : [];
  }
  return [
    LEVELS_HEADING,
    '',
    'Written by `npm run test:paths -- --screens`. The shortest paths again, against the real screens',
    '(App in happy-dom) or the real endpoints (customer and staff), with the in-process server on PGlite.',
    'A path with a step that cannot be produced there is skipped, and its test name says why',
    '(`npx vitest run test/paths --reporter=verbose` lists them).',
    '',
    '| Machine | Level | Paths run | Skipped | Failed |',
    '|---|---|---|---|---|',
    ...levelRuns.map((l) => `| ${l.machine} | ${l.level} | ${l.run} | ${l.skipped} | ${l.failed} |`),
    '',
  ];
}

/** The whole report: the machine-level table, what each machine left out, then the levels section. */
export function coverageReport(results: readonly MachineCoverage[], levels: readonly string[]): string {
  return [
    `<!-- Written by ${REPORT_WRITER} (npm run test:paths); do not edit by hand. -->`,
    '# Path-test coverage',
    '',
    'Every machine in `machines/index.ts`, walked by its path model in `test/paths/<machine>.paths.ts`:',
    'shortest paths (xstate/graph) until every state and transition is reached, plus every simple path',
    'while there are at most the model\'s limit of them. Each path runs against the machine alone, its',
    'actors settled with named sample data and time simulated; the state is checked after every step.',
    'Timings are printed by the run, not written here, so the file only changes when coverage does.',
    '',
    '| Machine | States reached | Transitions taken | Paths | Complete |',
    '|---|---|---|---|---|',
    ...results.map(coverageRow).map((r) => `| ${r.machine} | ${r.states} | ${r.transitions} | ${r.paths} | ${r.ok ? 'yes' : '**no**'} |`),
    '',
    ...results.flatMap((r) => [
      ...(r.paths.simpleSkipped ? [`- ${r.name}: simple paths skipped (${r.paths.simpleSkipped}).`] : []),
      ...r.unreachable.map((u) => `- ${r.name}: declared unreachable in its path model: \`${u.what}\` (${u.reason}).`),
      ...r.states.missing.map((s) => `- ${r.name}: state \`#${s}\` not reached.`),
      ...r.transitions.missing.map((t) => `- ${r.name}: transition \`${t}\` not taken.`),
    ]),
    '',
    ...levels,
  ].join('\n');
}
