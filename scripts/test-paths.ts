import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { generatePaths, isComplete, runModel, type MachineCoverage } from '../test/paths/engine/paths';
import { pathModels } from '../test/paths/models';

/**
 * npm run test:paths                     every machine's paths, coverage report, docs/statecharts/coverage.md
 * npm run test:paths -- auth process     only these machines (coverage.md is left as it is)
 * npm run test:paths -- auth --list      list the paths without running them
 * npm run test:paths -- auth --path 3    run one path (by its number in --list)
 * npm run test:paths -- --bail           stop a machine at its first failing path
 * npm run test:paths -- --screens        also run the screen-level paths (test/paths/*.screens.test.tsx, vitest + happy-dom)
 *                                        and the API-level ones (test/paths/*.api.test.ts) against the in-process server
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

const pct = (a: number, b: number) => (b === 0 ? '100%' : `${Math.floor((a / b) * 1000) / 10}%`);
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const results: MachineCoverage[] = [];
const started = performance.now();
for (const model of models) {
  const result = await runModel(model, { ...(only ? { only } : {}), bail: flag('--bail') });
  results.push(result);
  for (const failure of result.failures) console.error(`\n✗ ${model.name} ${failure.message}\n`);
}
const total = performance.now() - started;

const rows = results.map((r) => ({
  machine: r.name,
  states: `${r.states.reached}/${r.states.total} (${pct(r.states.reached, r.states.total)})`,
  transitions: `${r.transitions.taken}/${r.transitions.total} (${pct(r.transitions.taken, r.transitions.total)})${r.unreachable.length ? ` + ${r.unreachable.length} unreachable` : ''}`,
  paths: `${r.paths.run} run (${r.paths.shortest} shortest + ${r.paths.simple} simple), ${r.paths.failed} failed`,
  time: secs(r.ms),
  ok: isComplete(r),
}));

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
/** Per machine and level: the paths vitest ran, skipped (with the reason in the test name) and failed. */
interface LevelRun { machine: string; level: 'screens' | 'API'; run: number; skipped: number; failed: number }
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

const LEVELS_HEADING = '## Screen- and API-level runs';
/** The section on screen- and API-level runs: this run's, or the last one written when they were not run. */
function levelSection(): string[] {
  if (!levelRuns) {
    const previous = existsSync('docs/statecharts/coverage.md') ? readFileSync('docs/statecharts/coverage.md', 'utf8') : '';
    const at = previous.indexOf(LEVELS_HEADING);
    return at >= 0 ? previous.slice(at).trimEnd().split('\n').concat('') : [];
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

const partial = names.length > 0 || only !== undefined || flag('--bail');
if (!partial) {
  const md = [
    '<!-- Written by scripts/test-paths.ts (npm run test:paths); do not edit by hand. -->',
    '# Path-test coverage',
    '',
    'Every machine in `machines/index.ts`, walked by its path model in `test/paths/<machine>.paths.ts`:',
    'shortest paths (xstate/graph) until every state and transition is reached, plus every simple path',
    'while there are at most the model\'s limit of them. Each path runs against the machine alone, its',
    'actors settled with named sample data and time simulated; the state is checked after every step.',
    '',
    '| Machine | States reached | Transitions taken | Paths | Time | Complete |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.machine} | ${r.states} | ${r.transitions} | ${r.paths} | ${r.time} | ${r.ok ? 'yes' : '**no**'} |`),
    '',
    ...results.flatMap((r) => [
      ...(r.paths.simpleSkipped ? [`- ${r.name}: simple paths skipped (${r.paths.simpleSkipped}).`] : []),
      ...r.unreachable.map((u) => `- ${r.name}: declared unreachable in its path model: \`${u.what}\` (${u.reason}).`),
      ...r.states.missing.map((s) => `- ${r.name}: state \`#${s}\` not reached.`),
      ...r.transitions.missing.map((t) => `- ${r.name}: transition \`${t}\` not taken.`),
    ]),
    '',
    ...levelSection(),
  ];
  await writeFile('docs/statecharts/coverage.md', md.join('\n'));
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

process.exit(results.every(isComplete) && screensOk && !unregistered.length ? 0 : 1);
