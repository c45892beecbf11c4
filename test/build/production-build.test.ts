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

  test('the development server stays development', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'serve');
    expect(config.isProduction).toBe(false);
  });
});
