import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bodyCap, fillPath, pathParamNames, apiPath, type Endpoint } from '#shared/endpoint';
import { servedEndpoints } from '#shared/endpoints';
import { messages } from '#shared/messages';
import { refusedPayloads } from '../../../src/server/platform/metrics';
import { createTestServer, type TestServer } from '../../support/server';

/**
 * Issue 29, F1: every call's body is capped whatever its content type, and the cap is checked
 * before the body is read. Generated from the descriptors, so a new call cannot miss it. Over a
 * real socket, as an attacker sends it: the answer must come while the body is still unsent.
 */
let s: TestServer;
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  s = await createTestServer();
  server = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  (server as unknown as import('node:http').Server).closeAllConnections();
  await new Promise((r) => server.close(r));
  await s.close();
});

const withBodies = servedEndpoints({ production: false }).filter((e) => e.method !== 'get');
const concrete = (e: Endpoint) => apiPath({ path: fillPath(e.path, Object.fromEntries(pathParamNames(e.path).map((n) => [n, '1'])) as never) });

interface Answer { status: number; body: { code?: number; message?: string }; sentBytes: number }

/**
 * Sends the headers and then `chunks` of `chunkBytes` as fast as the socket takes them, stopping at
 * the first answer; `declared` sets Content-Length, else the body goes chunked.
 */
function send(e: Endpoint, contentType: string, opts: { declared?: number; total: number; chunkBytes?: number }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = request({
      host: '127.0.0.1', port, method: e.method.toUpperCase(), path: concrete(e),
      headers: { 'Content-Type': contentType, ...(opts.declared !== undefined ? { 'Content-Length': String(opts.declared) } : {}) },
    }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? JSON.parse(text) as Answer['body'] : {}, sentBytes });
      });
    });
    req.on('error', (err) => { if (!answered) reject(err); });
    const chunk = Buffer.alloc(opts.chunkBytes ?? 16 * 1024, 0x61);
    const pump = () => {
      while (!answered && sentBytes < opts.total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, opts.total - sentBytes));
        sentBytes += piece.length;
        if (!req.write(piece)) { req.once('drain', pump); return; }
      }
      if (!answered && sentBytes >= opts.total && opts.declared === undefined) req.end();
    };
    pump();
  });
}

describe('every call with a body has a cap, whatever the content type (F1)', () => {
  test('the descriptors give every such call a cap; uploads hold their files, forms 64 KiB', () => {
    expect(withBodies.length).toBeGreaterThan(40);
    for (const e of withBodies) {
      const cap = bodyCap(e);
      if (e.multipart) expect(cap, `${e.method} ${e.path}`).toBeGreaterThanOrEqual(10 * 1024 * 1024);
      else expect(cap, `${e.method} ${e.path}`).toBeLessThanOrEqual(64 * 1024);
    }
  });

  test.each(withBodies.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    '%s: a declared body one byte over the cap is refused with 413 before it is sent',
    async (_, e) => {
      // multipart is the type the old JSON-only limit skipped; the body never comes
      const a = await send(e, 'multipart/form-data; boundary=x', { declared: bodyCap(e) + 1, total: 1024 });
      expect(a.status).toBe(413);
      expect(a.body.code).toBe(e.multipart ? 4130 : 4132);
      if (!e.multipart) expect(a.body.message).toBe(messages['common.error.tooLarge']);
      expect(a.sentBytes).toBeLessThanOrEqual(1024);
    },
  );

  const anonymous = withBodies.filter((e) => e.auth === 'none' && !e.multipart);
  test.each(anonymous.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    '%s: with no login, a chunked body with no length is cut off past the cap, never read whole',
    async (_, e) => {
      const cap = bodyCap(e);
      // 300 MB offered; the server must answer long before, having read at most about the cap
      const a = await send(e, 'multipart/form-data; boundary=x', { total: 300 * 1024 * 1024, chunkBytes: 64 * 1024 });
      expect(a.status, 'an answer other than the cap means the body was not read, which is as safe').toBeGreaterThanOrEqual(400);
      expect(a.status).toBeLessThan(500);
      expect(a.sentBytes).toBeLessThan(cap + 8 * 1024 * 1024);
    },
  );

  const forms = withBodies.filter((e) => !e.multipart);
  test.each(forms.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    '%s: a body with no declared length, one byte over, is refused with 413, never read as an empty form',
    async (_, e) => {
      const res = await s.fetch(concrete(e), { method: e.method.toUpperCase(), headers: { 'Content-Type': 'application/json' }, body: `"${'a'.repeat(bodyCap(e) - 1)}"` });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { code: number }).code).toBe(4132);
    },
  );

  test('the signature webhook, the attack as found: 300 MB of multipart without a login get 413, unread, and counted for the operator', async () => {
    const counted = async () => (await refusedPayloads.get()).values.find((x) => x.labels.reason === 'body-too-large')?.value ?? 0;
    const before = await counted();
    const webhook = withBodies.find((e) => e.path === '/portal/webhooks/signature')!;
    const declared = await send(webhook, 'multipart/form-data; boundary=x', { declared: 300 * 1024 * 1024, total: 64 * 1024 });
    expect(declared.status).toBe(413);
    const chunked = await send(webhook, 'multipart/form-data; boundary=x', { total: 300 * 1024 * 1024, chunkBytes: 64 * 1024 });
    expect(chunked.status).toBe(413);
    expect(chunked.body.code).toBe(4132);
    expect(await counted()).toBe(before + 2);
  });

  test('a JSON form within its cap still goes through the cap untouched (chunked)', async () => {
    const login = withBodies.find((e) => e.path === '/portal/login' && e.method === 'post')!;
    const body = Buffer.from(JSON.stringify({ phone: '11999999999', code: '12' }));
    const a = await send(login, 'application/json', { total: body.length, chunkBytes: body.length });
    // read whole and checked by its schema: a validation answer, not the cap's
    expect(a.status).toBe(400);
    expect(a.body.code).toBe(4000);
  });
});
