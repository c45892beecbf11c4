import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../../support/server';

/**
 * The built SPA as the server sends it (issue 10, fast pages): the brotli or gzip twin the build
 * wrote, by Accept-Encoding; hashed assets cached a year as immutable; pages revalidated and
 * answered 304 when unchanged; a page rendered at build time for its own path, index.html for any
 * other SPA route. Against a tiny fake build in a temporary folder.
 */

const webRoot = mkdtempSync(join(tmpdir(), 'portal-static-'));
const SCRIPT = `export const portal = "${'sol de casa '.repeat(200)}";\n`;
const INDEX = '<!doctype html><title>Portal</title><div id="root"></div>';
const LOGIN = '<!doctype html><title>Entrar | Sol de Casa</title><div id="root"><h1>Acesse sua conta</h1></div>';

function withTwins(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text, { level: 9 }));
}

let s: TestServer;
beforeAll(async () => {
  mkdirSync(join(webRoot, 'assets'));
  mkdirSync(join(webRoot, 'pt', 'login'), { recursive: true });
  mkdirSync(join(webRoot, '.vite'));
  withTwins(join(webRoot, 'index.html'), INDEX);
  withTwins(join(webRoot, 'pt', 'login', 'index.html'), LOGIN);
  withTwins(join(webRoot, 'assets', 'index-B1a2C3d4.js'), SCRIPT);
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webRoot, '.vite', 'manifest.json'), '{}');
  s = await createTestServer({ webRoot });
});
afterAll(async () => { await s.close(); });

const get = (path: string, headers: Record<string, string> = {}) => s.fetch(path, { headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('GET a hashed asset', () => {
  test('a browser that accepts brotli gets the .br, as JavaScript, cached a year as immutable', async () => {
    const res = await get('/assets/index-B1a2C3d4.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  test('gzip without brotli (or brotli refused with q=0) gets the .gz', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await get('/assets/index-B1a2C3d4.js', { 'Accept-Encoding': accept });
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      expect(gunzipSync(await bytes(res)).toString()).toBe(SCRIPT);
    }
  });

  test('no Accept-Encoding gets the file itself, still marked as varying by it', async () => {
    const res = await get('/assets/index-B1a2C3d4.js', { 'Accept-Encoding': 'identity' });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Content-Length')).toBe(String(Buffer.byteLength(SCRIPT)));
    expect((await bytes(res)).toString()).toBe(SCRIPT);
  });
});

describe('GET a page', () => {
  test('a page rendered at build time is served for its path, compressed and revalidated', async () => {
    const res = await get('/pt/login', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('ETag')).toMatch(/^".+"$/);
    expect(res.headers.get('Last-Modified')).not.toBeNull();
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(LOGIN);
  });

  test('a revalidation with the ETag or the date it was given answers 304 without a body', async () => {
    const first = await get('/pt/login', { 'Accept-Encoding': 'gzip' });
    const etag = first.headers.get('ETag') ?? '';
    const again = await get('/pt/login', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(again.headers.get('Cache-Control')).toBe('no-cache');
    expect((await bytes(again)).length).toBe(0);
    const byDate = await get('/pt/login', { 'Accept-Encoding': 'gzip', 'If-Modified-Since': first.headers.get('Last-Modified') ?? '' });
    expect(byDate.status).toBe(304);
    // each encoding is its own representation: the gzip ETag does not validate the brotli one
    const otherEncoding = await get('/pt/login', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(otherEncoding.status).toBe(200);
    expect(await get('/pt/login', { 'If-None-Match': '"stale"' }).then((r) => r.status)).toBe(200);
  });

  test("a query picking another variant of a rendered page (?type=business) gets the SPA shell, not the default variant's markup", async () => {
    const res = await get('/pt/login?type=business', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(INDEX);
    // any other query (a campaign link) keeps the rendered page
    const campaign = await get('/pt/login?utm_source=google', { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(await bytes(campaign)).toString()).toBe(LOGIN);
  });

  test('any other SPA route (a private deep link) gets index.html with the same headers', async () => {
    const res = await get('/pt/technical-visit', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(res)).toString()).toBe(INDEX);
    const etag = res.headers.get('ETag') ?? '';
    expect((await get('/pt/technical-visit', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })).status).toBe(304);
  });

  test('HEAD answers the headers without a body', async () => {
    const res = await s.fetch('/pt/login', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect((await bytes(res)).length).toBe(0);
  });
});

describe('what is not served as a file', () => {
  test('a file without twins goes raw, revalidated; hidden build folders and paths outside the root are not files', async () => {
    const icon = await get('/favicon.svg', { 'Accept-Encoding': 'br' });
    expect(icon.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(icon.headers.get('Content-Encoding')).toBeNull();
    expect(icon.headers.get('Vary')).toBeNull();
    expect(icon.headers.get('Cache-Control')).toBe('no-cache');
    for (const path of ['/.vite/manifest.json', '/pt/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/assets/%00.js']) {
      const res = await get(path);
      expect((await bytes(res)).toString(), path).toBe(INDEX);
    }
  });

  test('the API is not shadowed: an unknown API path is still a JSON 404', async () => {
    const res = await get('/api/v1/nothing/here');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('application/json');
  });
});
