import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { RESULTS_DIR } from '../test/resilience/results';
import { main as quality } from './quality';

/**
 * `npm run test:resilience`: the suites of test/resilience (left out of `npm test`), on PGlite, or
 * on PostgreSQL when DATABASE_URL is set; prints how long they took, then writes docs/quality.md
 * from their figures (`-- --check`: fails instead when the committed one is stale). Other
 * arguments go to vitest.
 */
const args = process.argv.slice(2);
const check = args.includes('--check');
const vitestArgs = args.filter((a) => a !== '--check');
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

rmSync(RESULTS_DIR, { recursive: true, force: true });
const started = Date.now();
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.resilience.config.ts', ...vitestArgs], {
  stdio: 'inherit',
  env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`resilience suites on ${database}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
if (run.status !== 0) process.exit(run.status ?? 1);
// a partial run (a file or test filter) has partial figures: the document is left as it is
if (vitestArgs.length > 0) console.log('docs/quality.md left as it is: only part of the suites ran');
else process.exitCode = quality(check ? ['--check'] : []);
