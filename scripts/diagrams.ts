import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { machineRegistry } from '../machines/index';
import { generateDocs } from './lib/docs';

/**
 * npm run diagrams            writes docs/statecharts/ from machines/index.ts
 * npm run diagrams -- --check regenerates in memory; exits 1 naming each machine whose files differ
 */
const check = process.argv.includes('--check');
const files = await generateDocs(machineRegistry);

if (check) {
  const stale = new Set<string>();
  for (const file of files) {
    const committed = await readFile(file.path, 'utf8').catch(() => null);
    if (committed !== file.text) stale.add(file.machine ?? file.path);
  }
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
  console.log(`Wrote ${files.length} files for ${machineRegistry.map((m) => m.name).join(', ')} in docs/statecharts/.`);
}
