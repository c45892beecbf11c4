import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { apiOpenApiDocument } from '../src/shared/endpoints';

/**
 * `npm run openapi` writes docs/openapi.json from the shared endpoint descriptors (the document the
 * server serves at /api/v1/openapi.json outside production); `npm run openapi -- --check` writes
 * nothing and fails when the committed file differs from what the descriptors say.
 */

export const DOCUMENT_PATH = 'docs/openapi.json';

/** The file's whole text as the descriptors give it. */
export function openApiText(): string {
  const doc = {
    'x-generated-by': 'scripts/openapi.ts (npm run openapi); do not edit by hand',
    ...apiOpenApiDocument({ production: false }),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** Null when `committed` is the document the descriptors give, else what differs first (for the message). */
export function staleness(committed: string | null, expected = openApiText()): string | null {
  if (committed === null) return `${DOCUMENT_PATH} is missing`;
  if (committed === expected) return null;
  const have = committed.split('\n');
  const want = expected.split('\n');
  const line = want.findIndex((l, i) => l !== have[i]);
  const at = line === -1 ? want.length : line;
  return `${DOCUMENT_PATH} is stale at line ${at + 1}: has ${JSON.stringify(have[at] ?? '(end)')}, descriptors give ${JSON.stringify(want[at] ?? '(end)')}`;
}

function main(argv: string[]): number {
  const expected = openApiText();
  if (argv.includes('--check')) {
    let committed: string | null = null;
    try { committed = readFileSync(DOCUMENT_PATH, 'utf8'); } catch { /* missing: reported below */ }
    const stale = staleness(committed, expected);
    if (stale) {
      console.error(`${stale}\nRun \`npm run openapi\` and commit the result.`);
      return 1;
    }
    console.log(`${DOCUMENT_PATH} is up to date`);
    return 0;
  }
  mkdirSync('docs', { recursive: true });
  writeFileSync(DOCUMENT_PATH, expected);
  console.log(`${DOCUMENT_PATH}: ${Object.keys((JSON.parse(expected) as { paths: object }).paths).length} paths`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
