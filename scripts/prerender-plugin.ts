/**
 * The SPA build's last steps (a Vite plugin of vite.config.ts, `vite build` only):
 * 1. the public pages rendered at build time: a server build of src/web/prerender.tsx renders each
 *    page of its PRERENDERED_PAGES with react-dom into a copy of index.html (markup inside #root, the
 *    page's title, its screen's CSS and JS linked), written to <outDir>/<url>/index.html;
 * 2. a brotli (quality 11) and a gzip (level 9) twin of every text file of the output, which the
 *    server sends by Accept-Encoding (src/server/http/static.ts).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import { EARLY_HEAD_PAINT, PAGE_CODE_ID, PAGE_LOADER, PRIVATE_CODE_ID, PRIVATE_HEADS_ID, SESSION_EARLY_START, type CodeFiles, type PageCode, type PrivateCode, type PrivateHeads } from '../src/shared/pageCode';
import { SCREENS } from '../src/shared/routes';

/** Extensions of the files that get compressed twins (images other than SVG and fonts are compressed already). */
const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

interface ManifestChunk { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>;

interface PrerenderModule {
  PRERENDERED_PAGES: ReadonlyArray<{ key: string; modules: readonly string[] }>;
  renderPage(key: string): Promise<{ key: string; url: string; title: string; html: string }>;
  renderLoading(): Promise<string>;
  renderPrivateHeads(): Promise<PrivateHeads>;
  PRIVATE_HEAD_MODULES: readonly string[];
  PRIVATE_SHELL_MODULES: readonly string[];
  PRIVATE_SCREEN_MODULES: Readonly<Record<string, string>>;
  PRIVATE_READS: Readonly<Record<string, string[]>>;
}

/** The id of the empty element after a prerendered page's markup, which its first paint waits for. */
const PAGE_END = 'page-end';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built JS and CSS a source module needs (its chunk and the chunks it imports, transitively), the entry's left out. */
export function linkedFiles(manifest: Manifest, sources: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest (renamed? update PRERENDERED_PAGES)`);
    if (chunk.isEntry) return; // index.html loads the entry and its CSS already
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return { js: [...js], css: [...css] };
}

/**
 * The entry and its chunks taken out of the parser's way: listed in the page's JSON block, which the
 * page's loader (src/shared/pageCode.ts) reads to add them after the first frame. Returns the HTML
 * without them and the tags that list and load them.
 */
export function codeAfterFirstFrame(template: string, morePreloads: readonly string[] = []): { html: string; tags: string } {
  let html = template;
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('prerender: index.html has no module entry script');
  html = html.replace(entry[0], '');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  for (const [tag] of preloads) html = html.replace(tag, '');
  const code: PageCode = { entry: entry[1]!, preload: [...preloads.map((m) => m[1]!), ...morePreloads] };
  const tags = [
    `<script type="application/json" id="${PAGE_CODE_ID}">${JSON.stringify(code).replace(/</g, '\\u003c')}</script>`,
    `<script>${PAGE_LOADER}</script>`,
  ].join('\n    ');
  return { html, tags };
}

/**
 * A stylesheet whose rules are inlined in the page, linked only so Vite's loader (which looks for
 * `link[rel=stylesheet]` by href) does not add it again when a chunk loads. Disabled, the browser
 * neither fetches nor parses it: linked for print instead, each file arrived after the first paint
 * and cost a style task on the main thread (40-60 ms each on a throttled phone).
 */
const knownStylesheet = (href: string) => `<link rel="stylesheet" crossorigin href="${href}" disabled>`;

/**
 * index.html with a page's markup, title and linked files. Its stylesheets (the entry's and the
 * screen's) are inlined, so the first paint waits for the HTML alone; each file stays linked,
 * disabled (knownStylesheet), which tells Vite's loader that the screen's chunks have their CSS.
 * Its code (the entry, its chunks and the screen's) is listed for the page's loader
 * (src/shared/pageCode.ts), which fetches it after the first frame.
 */
export function pageHtml(
  template: string,
  page: { key: string; title: string; html: string },
  files: { js: string[]; css: string[] },
  base: string,
  readCss: (file: string) => string,
): string {
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  const entryCss = [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\s*/g)].map((m) => ({ tag: m[0], href: m[1]! }));
  let html = template;
  for (const { tag } of entryCss) html = html.replace(tag, '');
  // what index.html links already (the entry and its chunks) is not linked twice
  const css = [...new Set([...entryCss.map((c) => c.href.slice(base.length)), ...files.css])];
  const js = files.js.filter((file) => !template.includes(`"${base}${file}"`));
  const style = css.map((file) => readCss(file).trim()).join('\n').replace(/<\/style/gi, '<\\/style');
  const loaded = codeAfterFirstFrame(html, js.map((file) => base + file));
  html = loaded.html;
  const links = [
    // a busy parser may paint what it has so far; each later chunk would then push the page about
    // (layout shift). Rendering waits for the end of the page's markup instead (HTML "expect" link).
    `<link rel="expect" href="#${PAGE_END}" blocking="render">`,
    `<style>${style}</style>`,
    ...css.map((file) => knownStylesheet(base + file)),
    loaded.tags,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `  ${links}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-screen="${escapeHtml(page.key)}">${page.html}</div><div id="${PAGE_END}" hidden></div>`);
}

/** The manifest with a key for every source module of the build, each to its chunk's entry. */
export function withModuleKeys(manifest: Manifest, fileOfModule: ReadonlyMap<string, string>): Manifest {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const keyed: Manifest = { ...manifest };
  for (const [module, file] of fileOfModule) {
    const chunk = byFile.get(file);
    if (chunk && !(module in keyed)) keyed[module] = chunk;
  }
  return keyed;
}

/**
 * The signed-in pages' code for index.html: the frame's files, and each screen's own (without the
 * frame's) under every path it is served at; none that index.html loads already (`loaded`).
 */
export function privateCode(
  manifest: Manifest,
  shellModules: readonly string[],
  screenModules: Readonly<Record<string, string>>,
  reads: Readonly<Record<string, string[]>>,
  base: string,
  loaded: (file: string) => boolean = () => false,
): PrivateCode {
  const rooted = (files: { js: string[]; css: string[] }, read: string[] = [], without?: CodeFiles): CodeFiles => {
    const listed = (file: string, before?: string[]) => !loaded(file) && !before?.includes(file);
    return {
      js: files.js.map((f) => base + f).filter((f) => listed(f, without?.js)),
      css: files.css.map((f) => base + f).filter((f) => listed(f, without?.css)),
      reads: read,
    };
  };
  const shell = rooted(linkedFiles(manifest, shellModules), reads.shell);
  const screens: Record<string, CodeFiles> = {};
  for (const [key, module] of Object.entries(screenModules)) {
    const row = (SCREENS as Record<string, { path: string; aliases?: readonly string[] }>)[key];
    if (!row) throw new Error(`prerender: no screen ${key} in src/shared/routes.ts`);
    const files = rooted(linkedFiles(manifest, [module]), reads[key], shell);
    for (const path of [row.path, ...(row.aliases ?? [])]) screens[path] = files;
  }
  return { shell, screens };
}

/**
 * index.html for every route without a page of its own: the loading screen inside #root (painted
 * from the HTML), and the signed-in pages' code listed before the head's early start, which reads it.
 * With `heads` (the frame once and each signed-in page's head by path) and their stylesheets' text: a stored session's
 * reload paints the asked-for page's head instead of the loading screen (EARLY_HEAD_PAINT, right
 * after #root), styled by the inlined CSS without waiting for any file.
 */
export function fallbackHtml(template: string, loading: string, code: PrivateCode, heads?: { markup: PrivateHeads; css: string; files?: readonly string[] }): string {
  const early = `<script>${SESSION_EARLY_START}</script>`;
  if (!template.includes(early)) throw new Error('prerender: index.html has no session early start script');
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  const block = `<script type="application/json" id="${PRIVATE_CODE_ID}">${JSON.stringify(code).replace(/</g, '\\u003c')}</script>`;
  // the loading screen paints from the HTML alone; the entry follows the first frame, as on the
  // public pages (the signed-in code the head asks for loads meanwhile)
  const loaded = codeAfterFirstFrame(template);
  const headTags = heads
    ? `<script type="application/json" id="${PRIVATE_HEADS_ID}">${JSON.stringify(heads.markup).replace(/</g, '\\u003c')}</script><script>${EARLY_HEAD_PAINT}</script>`
    : '';
  // the stylesheets inlined: each stays linked, disabled, which tells Vite's loader the chunks
  // have their CSS (nor does the early start add them again)
  const knownLinks = (heads?.files ?? []).map(knownStylesheet).join('\n    ');
  let html = loaded.html
    .replace(early, () => `${block}\n    ${early}\n    ${loaded.tags}`)
    .replace('<div id="root"></div>', () => `<div id="root">${loading}</div>${headTags}`);
  if (heads) html = html.replace('</head>', () => `  <style>${heads.css.replace(/<\/style/gi, '<\\/style')}</style>\n    ${knownLinks}\n  </head>`);
  return html;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes the .br and .gz twins of every text file under dir (a twin that would not be smaller is not written). */
export function compressTextFiles(dir: string): number {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file)) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) { writeFileSync(`${file}.br`, br); written++; }
    if (gz.length < raw.length) { writeFileSync(`${file}.gz`, gz); written++; }
  }
  return written;
}

/**
 * `plugins` are the ones the pages are rendered with (the same as the browser build's, so the CSS
 * class names match); `entry` is the prerender module, relative to the root; `alsoBuild` builds
 * other entries into the same folder before everything is compressed.
 */
export function prerenderAndCompress(options: { entry: string; plugins: () => PluginOption[]; alsoBuild?: (outDir: string) => Promise<void> }): Plugin {
  let config: ResolvedConfig;
  // the built file of every source module: a module that shares a chunk with others (the API
  // client) has no key of its own in Vite's manifest
  const fileOfModule = new Map<string, string>();
  return {
    name: 'prerender-and-compress',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({ build: { manifest: true } }),
    configResolved(resolved) { config = resolved; },
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) fileOfModule.set(relative(config.root, id).split(sep).join('/'), chunk.fileName);
      }
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const manifestFile = join(outDir, '.vite', 'manifest.json');
        const manifest = withModuleKeys(JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest, fileOfModule);
        rmSync(join(outDir, '.vite'), { recursive: true, force: true });

        // a server build of the prerender entry, next to dist/web so it finds node_modules
        const serverDir = resolve(config.root, 'dist', `prerender-${process.pid}`);
        await build({
          configFile: false,
          root: config.root,
          mode: 'production',
          logLevel: 'warn',
          plugins: options.plugins(),
          build: {
            ssr: options.entry,
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            rollupOptions: { output: { format: 'es', entryFileNames: 'prerender.mjs' } },
          },
        });
        const started = Date.now();
        try {
          const mod = (await import(pathToFileURL(join(serverDir, 'prerender.mjs')).href)) as PrerenderModule;
          const template = readFileSync(join(outDir, 'index.html'), 'utf8');
          for (const { key, modules } of mod.PRERENDERED_PAGES) {
            const page = await mod.renderPage(key);
            if (!page.html.trim()) throw new Error(`prerender: ${page.url} rendered nothing`);
            const dir = join(outDir, ...page.url.split('/').filter(Boolean));
            mkdirSync(dir, { recursive: true });
            const readCss = (file: string) => readFileSync(join(outDir, file), 'utf8');
            writeFileSync(join(dir, 'index.html'), pageHtml(template, page, linkedFiles(manifest, modules), config.base, readCss));
          }
          // what index.html loads already (the entry's chunks and CSS) is not listed again
          const inTemplate = (file: string) => template.includes(`"${file}"`);
          const code = privateCode(manifest, mod.PRIVATE_SHELL_MODULES, mod.PRIVATE_SCREEN_MODULES, mod.PRIVATE_READS, config.base, inTemplate);
          // every signed-in page's CSS inlined (~50 KB, ~9 KB brotli): a stylesheet arriving after the
          // painted head would restyle the whole page on the main thread
          const headFiles = linkedFiles(manifest, mod.PRIVATE_HEAD_MODULES).css.map((file) => config.base + file);
          // (not what index.html links already: the entry's own stylesheets)
          const privateCss = [...new Set([...headFiles, ...code.shell.css, ...Object.values(code.screens).flatMap((f) => f.css)])].filter((file) => !template.includes(`href="${file}"`));
          const css = privateCss.map((file) => readFileSync(join(outDir, file.slice(config.base.length)), 'utf8').trim()).join('\n');
          const inlined: PrivateCode = { shell: { ...code.shell, css: [] }, screens: Object.fromEntries(Object.entries(code.screens).map(([path, f]) => [path, { ...f, css: [] }])) };
          writeFileSync(join(outDir, 'index.html'), fallbackHtml(template, await mod.renderLoading(), inlined, { markup: await mod.renderPrivateHeads(), css, files: privateCss }));
          config.logger.info(`prerendered ${mod.PRERENDERED_PAGES.length} public pages in ${Date.now() - started} ms`);
        } finally {
          rmSync(serverDir, { recursive: true, force: true });
        }

        await options.alsoBuild?.(outDir);
        const twins = compressTextFiles(outDir);
        const size = filesUnder(outDir).filter((f) => f.endsWith('.br')).reduce((n, f) => n + statSync(f).size, 0);
        config.logger.info(`compressed ${twins} brotli/gzip twins in ${relative(config.root, outDir)} (${(size / 1024).toFixed(0)} KiB brotli)`);
      },
    },
  };
}
