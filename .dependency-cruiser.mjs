/**
 * The structure's rules beside the four seams of eslint.config.js, read by
 * test/lint/structure.test.ts (and `npx depcruise src machines --config .dependency-cruiser.mjs`):
 * - no runtime import cycle anywhere (type-only imports are erased and do not count);
 * - a customer feature imports no other feature, and the back-office imports no customer
 *   feature: what two of them need lives in src/web/ui (or src/shared).
 */
export default {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      comment: 'Modules that import each other at run time: pass the dependency in (the process host receives its reactions) or move what both need.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-imports-feature',
      comment: 'A feature folder imports no other feature: move what both need to src/web/ui or src/shared.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/([^/]+)/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'backoffice-imports-feature',
      comment: 'The back-office imports no customer feature: move what both need to src/web/ui or src/shared.',
      severity: 'error',
      from: { path: '^src/web/backoffice/' },
      to: { path: '^src/web/features/' },
    },
  ],
  options: {
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
