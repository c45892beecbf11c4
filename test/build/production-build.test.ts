import { afterEach, describe, expect, test } from 'vitest';
import { resolveConfig } from 'vite';

/**
 * Issue 10: `npm start` with NODE_ENV=development (a value the README documents) built React's
 * development bundle. The SPA build is a production build whatever NODE_ENV says; `npm run dev`
 * (serve) keeps development.
 */
const before = process.env.NODE_ENV;
afterEach(() => { process.env.NODE_ENV = before; });

describe('vite.config.ts', () => {
  test('a build under NODE_ENV=development is a production build (React production, process.env.NODE_ENV "production")', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build');
    expect(config.isProduction).toBe(true);
    expect(config.mode).toBe('production');
    // what the browser code reads (React picks its bundle by it)
    expect(process.env.NODE_ENV).toBe('production');
  });

  test('the portal\'s build has one input: the back-office is built apart, so it never changes the customers\' chunks', async () => {
    const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build');
    expect(config.build.rollupOptions.input).toEqual({ index: 'index.html' });
  });

  test('the development server stays development', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'serve');
    expect(config.isProduction).toBe(false);
  });
});

/**
 * The portal speaks pt-BR only, so the build keeps react-aria's built-in texts in pt-BR and en-US
 * (its fallback) and leaves the other languages out (vite.config.ts, react-aria-locales-out). Run
 * over every dictionary index react-aria ships: an upgrade that changes their shape fails here,
 * not silently in the bundle.
 */
describe('react-aria dictionaries in the build', () => {
  test('every index keeps pt-BR and en-US and nothing else, and still loads', async () => {
    const { readdirSync, readFileSync, writeFileSync, rmSync } = await import('node:fs');
    const { join, dirname } = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build');
    const plugin = config.plugins.find((p) => p.name === 'react-aria-locales-out');
    const transform = plugin?.transform as ((code: string, id: string) => { code: string } | null) | undefined;
    expect(transform).toBeTypeOf('function');
    const indexes = ['react-aria', 'react-stately', 'react-aria-components'].flatMap((pkg) => {
      const root = join('node_modules', pkg, 'dist', 'private');
      return (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('intlStrings.mjs')).map((f) => join(process.cwd(), root, f));
    });
    expect(indexes.length).toBeGreaterThan(15);
    for (const id of indexes) {
      const out = transform!.call({}, readFileSync(id, 'utf8'), id);
      expect(out, id).not.toBeNull();
      // the transformed index beside the original, so its imports of the kept languages resolve
      const copy = join(dirname(id), `.test-${process.pid}-intlStrings.mjs`);
      writeFileSync(copy, out!.code);
      try {
        const dictionary = ((await import(pathToFileURL(copy).href)) as { default: Record<string, unknown> }).default;
        expect(Object.keys(dictionary).sort(), id).toEqual(['en-US', 'pt-BR']);
      } finally {
        rmSync(copy);
      }
    }
  });
});
