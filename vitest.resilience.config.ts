import { defineConfig, type UserConfig } from 'vite';
import base from './vite.config';

/**
 * `npm run test:resilience` (scripts/resilience.ts): the proofs of issue 15 (test/resilience), run
 * apart from `npm test`, which leaves them out. The same plugins, database template and timeouts
 * as the main suite; only the files differ.
 */
export default defineConfig(async (env) => {
  const main = (typeof base === 'function' ? await base(env) : base) as UserConfig;
  return { ...main, test: { ...main.test, include: ['test/resilience/**/*.test.ts'], exclude: ['node_modules/**'] } };
});
