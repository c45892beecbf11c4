import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../../src/server/app';
import { createTestServer, type TestServer } from '../support/server';
import { call, newPhone, requestCode } from '../support/flows';

let s: TestServer;
const webRoot = mkdtempSync(join(tmpdir(), 'portal-web-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
beforeAll(async () => { s = await createTestServer({ webRoot }); });
afterAll(async () => { await s.close(); });

describe('the API surface', () => {
  test('an unknown API path answers 404 JSON', async () => {
    const res = await call(s, 'GET', '/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 4040, message: 'Serviço não encontrado.', request_id: res.headers.get('X-Request-Id') });
  });

  test('a wrong method on a known path answers 405 with Allow', async () => {
    const res = await call(s, 'GET', '/portal/login');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect((await call(s, 'DELETE', '/portal/customers')).headers.get('Allow')).toBe('POST, GET, PATCH');
  });

  test('malformed JSON is a 400 in the error shape', async () => {
    const res = await s.fetch('/api/v1/portal/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 4000 });
  });

  test('API answers are not cached and carry nosniff', async () => {
    const res = await s.fetch('/api/v1/altcha/challenge');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

describe('GET /api/v1/portal/cities/:state', () => {
  test('answers every municipality of the state with its IBGE code', async () => {
    const res = await call(s, 'GET', '/portal/cities/SP');
    expect(res.body.success).toBe(true);
    const data = res.body.data as { city_id: number; name: string }[];
    expect(data).toHaveLength(645);
    expect(data).toContainEqual({ city_id: 3550308, name: 'São Paulo' });
    expect((await call(s, 'GET', '/portal/cities/DF')).body.data).toEqual([{ city_id: 5300108, name: 'Brasília' }]);
  });

  test('an unknown state answers 404', async () => {
    expect((await call(s, 'GET', '/portal/cities/XX')).status).toBe(404);
  });
});

describe('GET /api/v1/altcha/challenge', () => {
  test('answers a signed challenge at the configured cost', async () => {
    const res = await call(s, 'GET', '/altcha/challenge');
    expect(res.body).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    expect(typeof res.body.signature).toBe('string');
  });
});

describe('GET /dev/outbox', () => {
  test('lists what was sent to an address, newest first', async () => {
    const phone = newPhone();
    await requestCode(s, phone);
    s.clock.advance(31_000);
    await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, origin: 'REQUEST_WHATSAPP' });
    for (const path of [`/dev/outbox?to=${phone}`, `/api/v1/dev/outbox?to=${phone}`]) {
      const body = (await (await s.fetch(path)).json()) as { messages: { channel: string; to: string; code: string; created_at: string }[] };
      expect(body.messages.map((m) => m.channel)).toEqual(['whatsapp', 'sms']);
      expect(body.messages[0]).toMatchObject({ to: phone });
      expect(body.messages[0]?.code).toMatch(/^\d{6}$/);
    }
  });

  test('answers only a client on this machine (the sign-in codes it holds are not for the network)', async () => {
    const from = (address: string, app = s.app, headers: Record<string, string> = {}) => app.request(
      '/dev/outbox?to=x', { headers }, { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: address.includes(':') ? 'IPv6' : 'IPv4' } } },
    );
    expect((await from('127.0.0.1')).status).toBe(200);
    expect((await from('::1')).status).toBe(200);
    expect((await from('::ffff:127.0.0.1')).status).toBe(200);
    for (const address of ['203.0.113.5', '192.168.0.10', '::ffff:10.0.0.2', '2001:db8::1']) expect((await from(address)).status).toBe(404);
    // behind a proxy on this machine, the client the proxy names counts
    const proxied = createApp({ ...s.deps, trustProxy: 1 });
    expect((await from('127.0.0.1', proxied, { 'X-Forwarded-For': '203.0.113.5' })).status).toBe(404);
    expect((await from('127.0.0.1', proxied, { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(200);
    // the sandbox's pay button is a development aid too
    const pay = await s.app.request('/api/v1/payments-sandbox/invoices/x/pay', { method: 'POST' }, { incoming: { socket: { remoteAddress: '203.0.113.5', remotePort: 1, remoteFamily: 'IPv4' } } });
    expect(pay.status).toBe(404);
  });

  test('does not exist in production', async () => {
    const prod = await createTestServer({ production: true });
    try {
      expect((await prod.fetch('/dev/outbox?to=x')).status).toBe(404);
      expect((await prod.fetch('/api/v1/dev/outbox?to=x')).status).toBe(404);
      const doc = (await (await prod.fetch('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).not.toContain('/api/v1/dev/outbox');
    } finally {
      await prod.close();
    }
  });
});

describe('GET /api/v1/openapi.json', () => {
  test('is OpenAPI 3.1 with every endpoint and the request schemas', async () => {
    const doc = (await (await s.fetch('/api/v1/openapi.json')).json()) as {
      openapi: string; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const [path, method] of [
      ['/api/v1/queue/sms', 'post'], ['/api/v1/portal/login', 'post'], ['/api/v1/portal/confirm-number', 'post'],
      ['/api/v1/portal/customers', 'post'], ['/api/v1/portal/customers', 'get'], ['/api/v1/portal/customers', 'patch'],
      ['/api/v1/portal/customers/steps', 'get'], ['/api/v1/portal/customers/resend-login-code-by-email', 'post'],
      ['/api/v1/portal/logout', 'post'], ['/api/v1/portal/cities/{state}', 'get'], ['/api/v1/altcha/challenge', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const sms = doc.paths['/api/v1/queue/sms']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(sms?.properties ?? {})).toEqual(expect.arrayContaining(['phone', 'recaptcha', 'type', 'resend', 'origin']));
  });
});

describe('the SPA', () => {
  test('deep links get index.html with a strict CSP', async () => {
    const res = await s.fetch('/pt/sign-up?type=business');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

describe('security headers (issue 29, F9)', () => {
  /** What any site could frame or sniff: the portal's headers on every answer that sets none of its own. */
  const portalHeaders = (res: Response) => ({
    frameAncestorsNone: (res.headers.get('Content-Security-Policy') ?? '').includes("frame-ancestors 'none'"),
    xFrameOptions: res.headers.get('X-Frame-Options'),
    nosniff: res.headers.get('X-Content-Type-Options'),
  });
  const strict = { frameAncestorsNone: true, xFrameOptions: 'DENY', nosniff: 'nosniff' };

  test.each([
    '/sign/x/y', '/sign/x/y/z', '/sign/', '/sign', '/sign/key/document.pdf/more', '/sign/key/code', '/pt/sign-in', '/nao-existe',
  ])('GET %s: a path under /sign/ that the signing page does not serve gets the portal\'s headers, as every other page', async (path) => {
    const res = await s.fetch(path);
    expect(portalHeaders(res), `${path} ${res.status}`).toEqual(strict);
  });

  test('the signing page\'s own answers keep their own policy (it may be framed by the portal only)', async () => {
    const res = await s.fetch('/sign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Security-Policy')).toContain('frame-ancestors');
    expect(res.headers.get('X-Frame-Options')).toBeNull();
  });
});

describe('docs/openapi.json', () => {
  test('is what the server serves (regenerate with `npm run openapi`)', async () => {
    const { readFileSync } = await import('node:fs');
    const { 'x-generated-by': by, ...committed } = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as Record<string, unknown>;
    expect(by).toContain('scripts/openapi.ts');
    expect(committed).toEqual(await (await s.fetch('/api/v1/openapi.json')).json());
  });
});

describe('request size', () => {
  test('a JSON body over 64 KiB is refused with 413 before it is parsed', async () => {
    const res = await s.fetch('/api/v1/portal/login', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: 'x'.repeat(70_000), code: '123456' }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 4132, message: 'O conteúdo enviado é grande demais. Revise os dados e tente novamente.' });
  });
});
