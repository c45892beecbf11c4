import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { machineRegistry } from '../machines/index';
import { generateDocs } from './lib/docs';
import { REPORT_PATH } from './lib/report';

/**
 * npm run diagrams            writes docs/statecharts/ from machines/index.ts (and removes the files of
 *                             a machine no longer registered)
 * npm run diagrams -- --check regenerates in memory; exits 1 naming each machine whose files differ
 *                             and each file no machine writes any more
 */
const DIR = 'docs/statecharts';
const check = process.argv.includes('--check');
const files = await generateDocs(machineRegistry, DIR);

// coverage.md sits beside the diagrams but is scripts/test-paths.ts's to write.
const written = new Set([...files.map((f) => basename(f.path)), basename(REPORT_PATH)]);
const leftOver = (await readdir(DIR).catch(() => [] as string[])).filter((name) => !written.has(name)).map((name) => `${DIR}/${name}`);

if (check) {
  const stale = new Set<string>();
  for (const file of files) {
    const committed = await readFile(file.path, 'utf8').catch(() => null);
    if (committed !== file.text) stale.add(file.machine ?? file.path);
  }
  for (const path of leftOver) stale.add(`${path} (no registered machine writes it)`);
  if (stale.size) {
    console.error(`docs/statecharts is out of date for: ${[...stale].join(', ')}. Run \`npm run diagrams\` and commit the result.`);
    process.exit(1);
  }
  console.log(`docs/statecharts matches the ${machineRegistry.length} registered machines.`);
} else {
  for (const file of files) {
    await mkdir(dirname(file.path), { recursive: true });
    const before = await readFile(file.path, 'utf8').catch(() => null);
    if (before !== file.text) await writeFile(file.path, file.text);
  }
  for (const path of leftOver) await rm(path);
  console.log(`Wrote ${files.length} files for ${machineRegistry.map((m) => m.name).join(', ')} in ${DIR}/${leftOver.length ? `; removed ${leftOver.join(', ')}` : ''}.`);
}
