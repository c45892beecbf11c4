/// <reference types="vitest/config" />
import { build, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { Plugin, UserConfig } from 'vite';
import { prerenderAndCompress } from './scripts/prerender-plugin';
import { SESSION_EARLY_START } from './src/shared/pageCode';

/**
 * The machines' `description:` sentences are for analysts: docs/statecharts is written from the
 * source (by tsx, not by this build), so the browser build leaves them out of its bundles. Only in
 * `vite build`; tests and `npm run dev` see the machines as written.
 */
function machineDescriptionsOut(): Plugin {
  const description = /\bdescription:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)\s*,?/g;
  return {
    name: 'machine-descriptions-out',
    apply: 'build',
    transform(code, id) {
      if (!/\/machines\/[^?]*\.ts$/.test(id)) return null;
      return { code: code.replace(description, ''), map: null };
    },
  };
}

/**
 * The portal speaks pt-BR only (App wraps everything in react-aria's I18nProvider locale="pt-BR"),
 * so react-aria's built-in texts keep pt-BR, and en-US, the library's own fallback: the other
 * 32 languages' dictionaries (~60 KB of the signed-in pages' JS, evaluated on load) are left out
 * of the build. What @react-aria/optimize-locales-plugin does, on the dictionaries' index files.
 */
const REACT_ARIA_LOCALES = ['pt-BR', 'en-US'] as const;
function reactAriaLocalesOut(): Plugin {
  const index = /\/(react-aria|react-stately|react-aria-components)\/dist\/private\/(?:[\w-]+\/)?intlStrings\.mjs$/;
  const locale = /^[a-z]{2}-[A-Z]{2}$/;
  return {
    name: 'react-aria-locales-out',
    apply: 'build',
    transform(code, id) {
      if (!index.test(id)) return null;
      const dropped = new Set<string>();
      // import $x from "../intl/dnd/ar-AE.mjs";  and  "ar-AE": $x,
      let out = code.replace(/^import (\S+) from "[^"]*\/([a-z]{2}-[A-Z]{2})\.mjs";\n/gm, (line, name: string, tag: string) => {
        if ((REACT_ARIA_LOCALES as readonly string[]).includes(tag)) return line;
        dropped.add(name);
        return '';
      });
      out = out.replace(/^\s*"([a-z]{2}-[A-Z]{2})": (\S+?),?\n/gm, (line, tag: string, name: string) => (locale.test(tag) && dropped.has(name) ? '' : line));
      // a dictionary still naming a dropped import would fail the build; one left with none is a changed format
      for (const name of dropped) if (out.includes(name)) throw new Error(`react-aria-locales-out: ${id} still uses ${name}`);
      if (dropped.size === 0) throw new Error(`react-aria-locales-out: ${id} has no locale imports this plugin knows`);
      return { code: out, map: null };
    },
  };
}

/** Every page's head starts a stored session's profile call before any bundle (src/shared/pageCode.ts). */
function sessionEarlyStart(): Plugin {
  return {
    name: 'session-early-start',
    // the customers' pages only: the back-office (staff/index.html) has no customer session
    transformIndexHtml: (_html, ctx) => (ctx.path.startsWith('/staff/') ? [] : [{ tag: 'script', children: SESSION_EARLY_START, injectTo: 'head' }]),
  };
}

/**
 * The back-office (/staff) is a build of its own into the same folder: built beside the portal as a
 * second input, the code both use was split into chunks shared by both, which changed the
 * customers' bundles whenever the back-office grew. Built apart, nothing of it touches them.
 */
async function buildBackOffice(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: '.',
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    plugins: appPlugins(),
    build: {
      outDir,
      emptyOutDir: false,
      sourcemap: false,
      modulePreload: { polyfill: false },
      rollupOptions: { input: { staff: 'staff/index.html' } },
    },
  });
}

/** The plugins the browser bundle and the pages rendered at build time are made with (the same CSS class names). */
const appPlugins = () => [vanillaExtractPlugin(), react(), machineDescriptionsOut(), reactAriaLocalesOut()];

// One config for the SPA build and the test runner.
// Tests: test/server and test/machines run in Node; test/web in happy-dom (per-file env comment).
export default defineConfig(({ command }) => {
  // The SPA build is always a production build (React's production bundle), whatever NODE_ENV the
  // shell has (`npm start` with NODE_ENV=development builds first). Vite reads NODE_ENV after this
  // file, so setting it here decides. `npm run dev` and the tests are not builds and keep theirs.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config(command);
});

const config = (command: 'build' | 'serve'): UserConfig => ({
  mode: command === 'build' ? 'production' : undefined,
  plugins: [...appPlugins(), sessionEarlyStart(), prerenderAndCompress({ entry: 'src/web/prerender.tsx', plugins: appPlugins, alsoBuild: buildBackOffice })],
  root: '.',
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // every browser the portal supports preloads modules itself (Chrome 66, Firefox 115, Safari 17);
    // on an older one, modules still load, only without the preload hint
    modulePreload: { polyfill: false },
    // the portal; the back-office (/staff) is built apart afterwards (buildBackOffice)
    rollupOptions: { input: { index: 'index.html' } },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' },
  },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // test/resilience runs apart (npm run test:resilience, vitest.resilience.config.ts)
    exclude: ['test/e2e/**', 'test/resilience/**', 'node_modules/**'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    globalSetup: ['test/support/global-setup.ts'],
  },
});
