import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The four seams (ARCHITECTURE.md): machines import only src/shared; src/shared imports nothing of
 * web, server or machines; web and server never import each other. `#shared/...` and
 * `#machines/...` are the package's import aliases; a relative path that climbs into another
 * seam is caught by the same rules. test/lint/seams.test.ts proves each rule bites.
 */
const reachesWeb = { regex: '^(#web/|(\\.\\./)+(src/)?web(/|$))', message: 'The browser app is reached over HTTP only: move what both need to src/shared.' };
const reachesServer = { regex: '^(#server/|(\\.\\./)+(src/)?server(/|$))', message: 'The server is reached over HTTP only: move what both need to src/shared.' };
const reachesMachines = { regex: '^(#machines/|(\\.\\./)+machines(/|$))', message: 'src/shared is imported by machines, not the other way round.' };
const runtimeOnly = (where) => ({
  group: ['react', 'react-dom', 'react-dom/*', 'react-aria-components', '@tanstack/*', '@xstate/react', 'ky', 'hono', 'hono/*', '@hono/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'node:*'],
  message: `${where} are pure: no UI, no HTTP, no database, no Node APIs.`,
});

export const seamRules = [
  {
    files: ['machines/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [reachesWeb, reachesServer, runtimeOnly('Machines')] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [reachesWeb, reachesServer, reachesMachines, runtimeOnly('Shared rules and schemas')] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [reachesServer] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [reachesWeb] }] },
  },
];

export default tseslint.config(
  // .scratch*: local scratch work, gitignored
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'docs/**', 'drizzle/**', 'coverage/**', 'test-results/**', '.scratch*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...seamRules,
);
