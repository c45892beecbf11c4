/**
 * Bundles the server once, for `node dist/server/main.js` after `npm ci --omit=dev`:
 * - dist/server/main.js (the server), dist/server/migrate.js (the migrations alone) and dist/server/staff.js (the staff CLI), ESM for Node 24,
 *   with their shared code in chunks beside them (one folder, so code that finds files next to
 *   its own module finds the same ones from every chunk);
 * - dist/server/ocrWorker.mjs and pdfWorker.mjs, the worker files the bill reader starts as a child
 *   process and a worker thread (workerFile() looks for them next to the module that starts them);
 * - the `#shared/*` and `#machines/*` sources bundled in; every npm package stays external and must
 *   be a dependency (not a devDependency), which this script checks.
 * Files read at run time (drizzle/, dist/web) are found from the app's folder (platform/appRoot.ts).
 */
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build, type BuildOptions, type Metafile } from 'esbuild';

const outdir = 'dist/server';

const common = {
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: 'node24',
  packages: 'external' as const,
  outdir,
  sourcemap: 'linked' as const,
  legalComments: 'none' as const,
  logLevel: 'warning' as const,
  metafile: true as const,
} satisfies BuildOptions;

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
const [server, workers] = await Promise.all([
  build({
    ...common,
    entryPoints: { main: 'src/server/main.ts', migrate: 'src/server/migrate.ts', staff: 'src/server/staff/cli.ts' },
    splitting: true,
    chunkNames: 'chunk-[hash]',
  }),
  build({
    ...common,
    entryPoints: {
      ocrWorker: 'src/server/engines/bill-reader/ocr/ocrWorker.mjs',
      pdfWorker: 'src/server/engines/pdf/pdfWorker.mjs',
    },
    outExtension: { '.js': '.mjs' },
  }),
]);

/** The package an import path names (`@scope/name/sub` -> `@scope/name`), or null for Node's own modules. */
function packageOf(path: string): string | null {
  if (path.startsWith('node:') || builtinModules.includes(path.split('/')[0] ?? '')) return null;
  const parts = path.split('/');
  return path.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? null);
}

function externalPackages(metafile: Metafile): Set<string> {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external) continue;
      const name = packageOf(imported.path);
      if (name) names.add(name);
    }
  }
  return names;
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies?: Record<string, string> };
const used = new Set([...externalPackages(server.metafile), ...externalPackages(workers.metafile)]);
const missing = [...used].filter((name) => !(name in (pkg.dependencies ?? {}))).sort();
if (missing.length > 0) {
  console.error(`build-server: the bundled server imports ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not in "dependencies": \`npm ci --omit=dev\` would leave ${missing.length === 1 ? 'it' : 'them'} out.`);
  process.exit(1);
}
const bytes = Object.entries({ ...server.metafile.outputs, ...workers.metafile.outputs })
  .filter(([file]) => !file.endsWith('.map')).reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(`build-server: ${outdir}/ main.js, migrate.js, staff.js, ocrWorker.mjs, pdfWorker.mjs (${(bytes / 1024).toFixed(0)} KiB of code) in ${Math.round(performance.now() - started)} ms`);
console.log(`build-server: packages the server loads from node_modules: ${[...used].sort().join(', ')}`);
