import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * The built SPA (dist/web), as the build left it: every text file has a brotli (.br) and a gzip
 * (.gz) twin written at build time (vite.config.ts), so nothing is compressed per request.
 *
 * - the .br goes to a browser that accepts br, else the .gz to one that accepts gzip, else the file;
 *   always with `Vary: Accept-Encoding`
 * - hashed assets (assets/<name>-<hash>.<ext>) are cached a year as immutable; everything else
 *   (index.html, the public pages rendered at build time, the fallback) is revalidated (`no-cache`)
 *   through its ETag or Last-Modified, answered 304 when unchanged
 * - a path with a page rendered at build time (/pt/login -> pt/login/index.html) gets that page;
 *   any other SPA route gets index.html from `spaFallback`
 */

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/** Vite's output names: `assets/<name>-<8 or more url-safe characters>.<ext>`. */
const HASHED = /^assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

interface Encoding { name: 'br' | 'gzip'; suffix: string }
const ENCODINGS: readonly Encoding[] = [{ name: 'br', suffix: '.br' }, { name: 'gzip', suffix: '.gz' }];

/** The encodings the request accepts (q > 0), from Accept-Encoding. */
function accepted(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    out.add(name);
  }
  return out;
}

async function regularFile(path: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** The file of webRoot a URL path names (itself, or the page rendered at build time in its folder), or null. */
async function fileFor(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  // no NUL, and nothing hidden (a dot-folder such as .vite is the build's, not the site's)
  if (decoded.includes('\0') || /(^|\/)\./.test(decoded)) return null;
  const full = resolve(root, '.' + decoded);
  if (full !== root && !full.startsWith(root + sep)) return null;
  if (await regularFile(full)) return full;
  const page = join(full, 'index.html');
  if (await regularFile(page)) return page;
  return null;
}

/** Answers one file of webRoot with its cache headers, in the best encoding the request accepts. */
async function send(c: Context, root: string, file: string): Promise<Response> {
  const rel = file.slice(root.length + 1).split(sep).join('/');
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const wants = accepted(c.req.header('Accept-Encoding'));
  let chosen: { path: string; encoding: Encoding | null } = { path: file, encoding: null };
  let compressed = false;
  for (const encoding of ENCODINGS) {
    if (!(await regularFile(file + encoding.suffix))) continue;
    compressed = true;
    if (chosen.encoding === null && wants.has(encoding.name)) chosen = { path: file + encoding.suffix, encoding };
  }
  const info = await regularFile(chosen.path);
  if (!info) return c.notFound() as Response;

  const headers = new Headers({
    'Content-Type': type,
    'Cache-Control': HASHED.test(rel) ? IMMUTABLE : REVALIDATE,
    // each encoding is its own representation, so its own validator
    ETag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${chosen.encoding ? `-${chosen.encoding.name}` : ''}"`,
    'Last-Modified': new Date(Math.floor(info.mtimeMs / 1000) * 1000).toUTCString(),
  });
  if (compressed) headers.set('Vary', 'Accept-Encoding');
  if (chosen.encoding) headers.set('Content-Encoding', chosen.encoding.name);

  if (notModified(c, headers)) {
    headers.delete('Content-Type');
    headers.delete('Content-Encoding');
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(info.size));
  const body = c.req.method === 'HEAD' ? null : new Uint8Array(await readFile(chosen.path));
  return new Response(body, { status: 200, headers });
}

function notModified(c: Context, headers: Headers): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined) {
    const etag = headers.get('ETag') ?? '';
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim();
      return t === '*' || t === etag || t === `W/${etag}`;
    });
  }
  const since = c.req.header('If-Modified-Since');
  if (since === undefined) return false;
  const when = Date.parse(since);
  const modified = Date.parse(headers.get('Last-Modified') ?? '');
  return Number.isFinite(when) && Number.isFinite(modified) && modified <= when;
}

/** Query parameters that change what a public screen renders (spec §2: the sign-up's business variant). */
const VARIANT_PARAMS = ['type'] as const;

/** Serves the files of webRoot (GET and HEAD); anything else goes on to the next handler. */
export function serveWeb(webRoot: string): MiddlewareHandler {
  const root = resolve(webRoot);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const file = await fileFor(root, c.req.path);
    if (!file) return next();
    // A page rendered at build time shows the screen's default variant; a query that picks another
    // one (sign-up's type=business) gets the SPA shell, or React would paint the other form over the
    // one the customer may already be typing in.
    if (file.endsWith(`${sep}index.html`) && VARIANT_PARAMS.some((name) => c.req.query(name) !== undefined)) return next();
    return send(c, root, file);
  };
}

/** index.html for the SPA's own routes (deep links, private pages), with the same headers as any page. */
export function spaFallback(webRoot: string, page = 'index.html'): (c: Context) => Promise<Response> {
  const root = resolve(webRoot);
  return (c) => send(c, root, join(root, page));
}
