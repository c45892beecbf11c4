import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { generatePaths, isComplete, runModel, type MachineCoverage } from '../test/paths/engine';
import { pathModels } from '../test/paths/models';
import { coverageReport, coverageRow, levelSection, REPORT_PATH, type LevelRun } from './lib/report';

/**
 * npm run test:paths                     every machine's paths, coverage report, docs/statecharts/coverage.md
 * npm run test:paths -- --check          the same run, but docs/statecharts/coverage.md is compared, not written
 * npm run test:paths -- auth process     only these machines (coverage.md is left as it is)
 * npm run test:paths -- auth --list      list the paths without running them
 * npm run test:paths -- auth --path 3    run one path (by its number in --list)
 * npm run test:paths -- --bail           stop a machine at its first failing path
 * npm run test:paths -- --screens        also run the screen-level paths (test/paths/*.screens.test.tsx, vitest + happy-dom)
 *                                        and the API-level ones (test/paths/*.api.test.ts) against the in-process server
 * Timings are printed, never written: coverage.md changes only when coverage does.
 */
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const pathArg = args.indexOf('--path');
const only = pathArg >= 0 ? args[pathArg + 1]?.split(',').map(Number).filter(Number.isInteger) : undefined;
const names = args.filter((a, i) => !a.startsWith('--') && !(pathArg >= 0 && i === pathArg + 1));

const unknown = names.filter((n) => !pathModels.some((m) => m.name === n));
if (unknown.length) {
  console.error(`No path model for ${unknown.join(', ')}. Machines: ${pathModels.map((m) => m.name).join(', ')}.`);
  process.exit(2);
}
const models = names.length ? pathModels.filter((m) => names.includes(m.name)) : pathModels;

if (flag('--list')) {
  for (const model of models) {
    const generated = generatePaths(model);
    console.log(`\n${model.name}: ${generated.paths.length} paths (${generated.shortest} shortest, ${generated.simple} simple${generated.simpleSkipped ? `; simple paths skipped: ${generated.simpleSkipped}` : ''})`);
    for (const p of generated.paths) console.log(`  #${p.index} ${p.kind.padEnd(8)} ⇒ ${p.target}\n      ${p.title}`);
  }
  process.exit(0);
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const results: MachineCoverage[] = [];
const started = performance.now();
for (const model of models) {
  const result = await runModel(model, { ...(only ? { only } : {}), bail: flag('--bail') });
  results.push(result);
  for (const failure of result.failures) console.error(`\n✗ ${model.name} ${failure.message}\n`);
}
const total = performance.now() - started;

const rows = results.map((r) => ({ ...coverageRow(r), time: secs(r.ms) }));

console.log('\nPath coverage');
// each column as wide as its longest cell, so a long machine name does not push its row out of line
const width = (key: 'machine' | 'states' | 'transitions' | 'paths', title: string) => Math.max(title.length, ...rows.map((r) => r[key].length));
const widths = { machine: width('machine', 'machine'), states: width('states', 'states'), transitions: width('transitions', 'transitions'), paths: width('paths', 'paths') };
console.log(`  ${'machine'.padEnd(widths.machine)} ${'states'.padEnd(widths.states)} ${'transitions'.padEnd(widths.transitions)} ${'paths'.padEnd(widths.paths)} time`);
for (const r of rows) {
  console.log(`${r.ok ? '✓' : '✗'} ${r.machine.padEnd(widths.machine)} ${r.states.padEnd(widths.states)} ${r.transitions.padEnd(widths.transitions)} ${r.paths.padEnd(widths.paths)} ${r.time}`);
}
for (const r of results) {
  if (r.states.missing.length) console.error(`\n${r.name}: states not reached:\n${r.states.missing.map((s) => `  - #${s}`).join('\n')}`);
  if (r.transitions.missing.length) console.error(`\n${r.name}: transitions not taken:\n${r.transitions.missing.map((t) => `  - ${t}`).join('\n')}`);
  for (const u of r.unreachable) console.log(`  ${r.name}: declared unreachable: ${u.what} (${u.reason})`);
  if (r.paths.simpleSkipped) console.log(`  (${r.name}: simple paths skipped: ${r.paths.simpleSkipped})`);
}
console.log(`\n${results.reduce((n, r) => n + r.paths.run, 0)} paths in ${secs(total)}.`);

let screensOk = true;
let levelRuns: LevelRun[] | null = null;
if (flag('--screens')) {
  // Screen- and API-level runs need a DOM or the test server, so vitest runs them (a failure prints
  // the event sequence and the screen's text, or the server's answer, at the failing step).
  const files = readdirSync('test/paths').filter((f) => f.endsWith('.screens.test.tsx') || f.endsWith('.api.test.ts'))
    .filter((f) => !names.length || names.includes(f.split('.')[0]!)).map((f) => `test/paths/${f}`);
  if (files.length) {
    console.log(`\nScreen- and API-level paths: ${files.join(', ')}`);
    const report = 'node_modules/.cache/test-paths-levels.json';
    rmSync(report, { force: true });
    screensOk = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...files], { stdio: 'inherit' }).status === 0;
    if (existsSync(report)) {
      const json = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; assertionResults: { status: string }[] }[] };
      levelRuns = json.testResults.map((file) => {
        const base = file.name.split('/').at(-1) ?? '';
        const count = (status: string) => file.assertionResults.filter((a) => a.status === status).length;
        return {
          machine: base.split('.')[0] ?? base, level: base.includes('.screens.') ? 'screens' as const : 'API' as const,
          run: count('passed') + count('failed'), skipped: count('skipped') + count('pending'), failed: count('failed'),
        };
      }).sort((a, b) => a.machine.localeCompare(b.machine) || a.level.localeCompare(b.level));
      console.log('\nScreen- and API-level paths (shortest paths; a skipped one names its reason)');
      for (const l of levelRuns) {
        console.log(`${l.failed ? '✗' : '✓'} ${l.machine.padEnd(widths.machine)} ${l.level.padEnd(8)} ${l.run} run, ${l.skipped} skipped, ${l.failed} failed`);
      }
    }
  } else console.log('\nNo screen- or API-level paths for these machines.');
}

const partial = names.length > 0 || only !== undefined || flag('--bail');
let reportOk = true;
if (!partial) {
  const previous = existsSync(REPORT_PATH) ? readFileSync(REPORT_PATH, 'utf8') : '';
  const report = coverageReport(results, levelSection(levelRuns, previous));
  if (flag('--check')) {
    reportOk = report === previous;
    if (!reportOk) console.error(`\n${REPORT_PATH} is out of date. Run \`npm run test:paths\`${levelRuns ? ' -- --screens' : ''} and commit the result.`);
    else console.log(`\n${REPORT_PATH} matches this run${levelRuns ? '' : ' (its screen- and API-level section is compared with --screens only)'}.`);
  } else if (report !== previous) {
    await writeFile(REPORT_PATH, report);
  }
} else if (flag('--check')) {
  console.log(`\n${REPORT_PATH} is only compared on a run of every machine and path.`);
}

// A machine file nobody registered has no diagram and no paths: name it and fail.
const registered = new Set(pathModels.map((m) => m.machine));
const unregistered: string[] = [];
for (const dir of readdirSync('machines', { withFileTypes: true }).filter((d) => d.isDirectory())) {
  for (const file of readdirSync(`machines/${dir.name}`).filter((f) => /Machine\.ts$/.test(f))) {
    const module = (await import(`../machines/${dir.name}/${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object' && 'root' in value && 'getInitialSnapshot' in value && !registered.has(value as never)) {
        unregistered.push(`${name} (machines/${dir.name}/${file})`);
      }
    }
  }
}
if (unregistered.length) {
  console.error(`\nNot in machines/index.ts and test/paths/models.ts, so no diagram and no paths: ${unregistered.join(', ')}`);
}

process.exit(results.every(isComplete) && screensOk && reportOk && !unregistered.length ? 0 : 1);
