import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  clicksignSignatures, localSignatures, signaturesFromEnv, SignatureProviderError, type SignatureRequest,
} from '../../../src/server/providers/signature/index';

/**
 * The e-signature providers. Clicksign's adapter runs against a local server speaking its API v1
 * (https://developers.clicksign.com/v1.0/docs): documents, signers, lists, the document's JSON and a
 * signed file to download; the server records what it is sent.
 */

interface Recorded { method: string; path: string; accessToken: string | null; body: unknown }

const DOCUMENT_KEY = '55fea7c2-0e5b-40dc-bacf-50fb8529f866';
const SIGNER_KEY = '935be7d1-b181-444f-8adc-bbff0b9ba48b';
const LIST_KEY = '3921bce0-5975-4770-af78-127c517ff991';
const REQUEST_SIGNATURE_KEY = 'c08a5ed5-3c74-987c-830f-ae9b9ddd7b85';
const SIGNED_PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xc3, 0xa9]);

const fake = {
  requests: [] as Recorded[],
  /** the path that answers `failWith` instead of its usual answer */
  failPath: null as string | null,
  failWith: 500,
  documentStatus: 'running' as 'running' | 'closed' | 'canceled',
  signedFileReady: true,
  downloads: 0,
};

const app = new Hono();
app.use('*', async (c, next) => {
  const text = c.req.method === 'POST' ? await c.req.text() : '';
  fake.requests.push({ method: c.req.method, path: c.req.path, accessToken: c.req.query('access_token') ?? null, body: text ? JSON.parse(text) : undefined });
  if (c.req.path === fake.failPath) {
    // Clicksign's error bodies can echo what was sent: the adapter must not quote them
    return c.json({ errors: [`Documentation 123.456.789-09 inválido para Maria da Silva <maria@example.com> 11987654321: ${text}`] }, fake.failWith as 500);
  }
  await next();
});
app.post('/api/v1/documents', (c) => c.json({ document: { key: DOCUMENT_KEY, path: '/portal/x.pdf', status: 'running', signers: [] } }, 201));
app.post('/api/v1/signers', (c) => c.json({ signer: { key: SIGNER_KEY, email: 'maria@example.com', auths: ['sms'] } }, 201));
app.post('/api/v1/lists', (c) => c.json({
  list: { key: LIST_KEY, request_signature_key: REQUEST_SIGNATURE_KEY, document_key: DOCUMENT_KEY, signer_key: SIGNER_KEY, sign_as: 'contractor' },
}, 201));
app.get('/api/v1/documents/:key', (c) => {
  if (c.req.param('key') !== DOCUMENT_KEY) return c.json({ errors: ['Documento não encontrado'] }, 404);
  const origin = new URL(c.req.url).origin;
  return c.json({
    document: {
      key: DOCUMENT_KEY,
      status: fake.documentStatus,
      downloads: {
        original_file_url: `${origin}/files/original.pdf`,
        // Clicksign also links a "signed" file for a canceled document (one with some signatures)
        ...(fake.documentStatus !== 'running' && fake.signedFileReady ? { signed_file_url: `${origin}/files/signed.pdf?X-Amz-Signature=abc` } : {}),
      },
    },
  });
});
app.get('/files/signed.pdf', (c) => {
  fake.downloads += 1;
  return c.body(Buffer.from(SIGNED_PDF), 200, { 'Content-Type': 'application/pdf' });
});

let server: ReturnType<typeof serve>;
let base: string;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { await new Promise((r) => server.close(r)); });
beforeEach(() => {
  fake.requests.length = 0;
  fake.failPath = null;
  fake.failWith = 500;
  fake.documentStatus = 'running';
  fake.signedFileReady = true;
  fake.downloads = 0;
});

const SECRET = 'whsec-0123456789abcdef';
const clicksign = (overrides: Partial<Parameters<typeof clicksignSignatures>[0]> = {}) =>
  clicksignSignatures({ accessToken: 'tok-abc', baseUrl: base, webhookSecret: SECRET, ...overrides });

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0xff, 0x00, 0x10]);
const request: SignatureRequest = {
  contractId: '7d3f6a1e-2b4c-4d5e-8f90-123456789abc',
  title: 'Termo de Adesão',
  pdf: PDF,
  signer: { name: 'Maria da Silva', email: 'maria@example.com', phone: '5511987654321', cpf: '12345678909', birthday: '1983-03-31' },
};
/** every form the signer's personal data could take in a message */
const PERSONAL = ['Maria', 'Silva', 'maria@example.com', '5511987654321', '11987654321', '12345678909', '123.456.789-09', '1983-03-31'];

async function rejection(p: Promise<unknown>): Promise<SignatureProviderError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(SignatureProviderError);
  return e as SignatureProviderError;
}

describe('Clicksign: request', () => {
  test('documents, signers, lists in that order, each with the access token; the key is the request_signature_key', async () => {
    const r = await clicksign().request(request);
    expect(r).toEqual({ key: REQUEST_SIGNATURE_KEY, documentRef: DOCUMENT_KEY });
    expect(fake.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /api/v1/documents', 'POST /api/v1/signers', 'POST /api/v1/lists']);
    expect(fake.requests.map((q) => q.accessToken)).toEqual(['tok-abc', 'tok-abc', 'tok-abc']);
    const [doc, signer, list] = fake.requests.map((q) => q.body);
    expect(doc).toEqual({
      document: {
        path: `/portal/${request.contractId}.pdf`,
        content_base64: `data:application/pdf;base64,${Buffer.from(PDF).toString('base64')}`,
        auto_close: true,
        locale: 'pt-BR',
        sequence_enabled: false,
      },
    });
    // the PDF arrives byte for byte
    const sent = (doc as { document: { content_base64: string } }).document.content_base64.split(',')[1] ?? '';
    expect(new Uint8Array(Buffer.from(sent, 'base64'))).toEqual(PDF);
    expect(signer).toEqual({
      signer: {
        email: 'maria@example.com',
        phone_number: '11987654321',
        auths: ['sms'],
        name: 'Maria da Silva',
        documentation: '123.456.789-09',
        birthday: '1983-03-31',
        has_documentation: true,
        delivery: 'none',
      },
    });
    expect(list).toEqual({ list: { document_key: DOCUMENT_KEY, signer_key: SIGNER_KEY, sign_as: 'contractor', refusable: false } });
  });

  test('an unknown birthday is left for the signer to type; a 10-digit landline keeps its length', async () => {
    await clicksign().request({ ...request, signer: { ...request.signer, birthday: null, phone: '551133334444' } });
    const signer = (fake.requests[1]?.body as { signer: Record<string, unknown> }).signer;
    expect(signer).not.toHaveProperty('birthday');
    expect(signer.phone_number).toBe('1133334444');
  });

  test('a malformed CPF or a foreign phone is refused before anything is sent, without quoting it', async () => {
    await expect(clicksign().request({ ...request, signer: { ...request.signer, cpf: '1234567890' } })).rejects.toThrow(/^signer CPF must have 11 digits$/);
    await expect(clicksign().request({ ...request, signer: { ...request.signer, phone: '1' } })).rejects.toThrow(/^signer phone must be/);
    expect(fake.requests).toEqual([]);
  });

  test.each([
    ['/api/v1/documents', 'creating the document', 1],
    ['/api/v1/signers', 'creating the signer', 2],
    ['/api/v1/lists', 'adding the signer to the document', 3],
  ])('a 500 on %s rejects with SignatureProviderError naming the step and status, with no signer data', async (path, step, calls) => {
    fake.failPath = path;
    const e = await rejection(clicksign().request(request));
    expect(e.message).toBe(`clicksign refused ${step} (500)`);
    for (const p of PERSONAL) expect(e.message).not.toContain(p);
    expect(e.message).not.toContain('tok-abc');
    // nothing is sent after the failed step
    expect(fake.requests).toHaveLength(calls);
  });

  test('a 422 is a refusal too; an answer without the key is not taken as success', async () => {
    fake.failPath = '/api/v1/lists';
    fake.failWith = 422;
    expect((await rejection(clicksign().request(request))).message).toBe('clicksign refused adding the signer to the document (422)');
    const noKey = new Hono();
    noKey.all('*', (c) => c.json({ document: {} }, 201));
    const e = await rejection(clicksign({ fetch: async (input, init) => noKey.fetch(new Request(input, init)) }).request(request));
    expect(e.message).toBe('clicksign created a document without key');
  });

  test('a network failure rejects with SignatureProviderError, without the URL (it carries the token)', async () => {
    const closed = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => closed.once('listening', r));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    const e = await rejection(clicksign({ baseUrl: deadUrl }).request(request));
    expect(e.message).toBe('clicksign did not answer creating the document: ECONNREFUSED');
    expect(e.message).not.toContain('tok-abc');
    const thrown = await rejection(clicksign({ fetch: async () => { throw new TypeError('fetch failed'); } }).request(request));
    expect(thrown.message).toMatch(/^clicksign did not answer creating the document: /);
  });
});

describe('Clicksign: frame', () => {
  test('the frame is {baseUrl}/sign/{key}?embedded=true&origin=..., as embedded.js builds it; its origin feeds frame-src', () => {
    const p = clicksignSignatures({ accessToken: 't', baseUrl: 'https://sandbox.clicksign.com/', webhookSecret: 's' });
    expect(p.name).toBe('clicksign');
    expect(p.frameOrigin).toBe('https://sandbox.clicksign.com');
    expect(p.frameUrl(REQUEST_SIGNATURE_KEY, 'https://portal.example.com.br')).toBe(
      `https://sandbox.clicksign.com/sign/${REQUEST_SIGNATURE_KEY}?embedded=true&origin=https%3A%2F%2Fportal.example.com.br`,
    );
    expect(clicksignSignatures({ accessToken: 't', baseUrl: 'https://app.clicksign.com', webhookSecret: 's' }).frameOrigin).toBe('https://app.clicksign.com');
  });
});

/** A `sign` webhook as Clicksign documents it (evento-sign, exemplo-signers): the signer by key and list_key. */
function signEvent(signer: Record<string, unknown> = { key: SIGNER_KEY, list_key: LIST_KEY }) {
  return JSON.stringify({
    event: {
      name: 'sign',
      data: { signer: { ...signer, email: 'maria@example.com', name: 'Maria da Silva', sign_as: 'contractor', phone_number: '11987654321' } },
      occurred_at: '2024-05-02T14:27:34.150-03:00',
    },
    document: {
      key: DOCUMENT_KEY,
      status: 'running',
      signers: [
        { key: 'another-signer', list_key: 'another-list', request_signature_key: 'another-rsk', email: 'x@example.com' },
        { key: SIGNER_KEY, list_key: LIST_KEY, request_signature_key: REQUEST_SIGNATURE_KEY, email: 'maria@example.com', sign_as: 'contractor' },
      ],
    },
  });
}
const hmac = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const headers = (h: Record<string, string>) => new Headers({ 'Content-Type': 'application/json', Event: 'sign', ...h });

describe('Clicksign: webhook', () => {
  test('a sign event with a valid Content-Hmac: signed, with the request_signature_key found in the document\'s signers', () => {
    const body = signEvent();
    expect(clicksign().parseWebhook(body, headers({ 'Content-Hmac': hmac(body) }))).toEqual({ kind: 'signed', key: REQUEST_SIGNATURE_KEY, documentRef: DOCUMENT_KEY });
  });

  test('the signer is matched by list_key, else by signer key; unmatched, the key is null and the document remains', () => {
    const byList = signEvent({ key: 'unknown', list_key: LIST_KEY });
    expect(clicksign().parseWebhook(byList, headers({ 'Content-Hmac': hmac(byList) }))?.key).toBe(REQUEST_SIGNATURE_KEY);
    const bySigner = signEvent({ key: SIGNER_KEY });
    expect(clicksign().parseWebhook(bySigner, headers({ 'Content-Hmac': hmac(bySigner) }))?.key).toBe(REQUEST_SIGNATURE_KEY);
    const other = signEvent({ key: 'another-signer' });
    expect(clicksign().parseWebhook(other, headers({ 'Content-Hmac': hmac(other) }))?.key).toBe('another-rsk');
    const none = signEvent({ key: 'nobody', list_key: 'no-list' });
    expect(clicksign().parseWebhook(none, headers({ 'Content-Hmac': hmac(none) }))).toEqual({ kind: 'signed', key: null, documentRef: DOCUMENT_KEY });
  });

  test('one changed byte in the body, another secret, a missing or malformed header: null', () => {
    const body = signEvent();
    const good = hmac(body);
    const tampered = body.replace(REQUEST_SIGNATURE_KEY, `${REQUEST_SIGNATURE_KEY.slice(0, -1)}6`);
    expect(tampered).not.toBe(body);
    expect(tampered).toHaveLength(body.length);
    expect(clicksign().parseWebhook(tampered, headers({ 'Content-Hmac': good }))).toBeNull();
    expect(clicksign().parseWebhook(body, headers({ 'Content-Hmac': hmac(body, 'another-secret') }))).toBeNull();
    expect(clicksign().parseWebhook(body, headers({}))).toBeNull();
    expect(clicksign().parseWebhook(body, headers({ 'Content-Hmac': good.slice('sha256='.length) }))).toBeNull();
    expect(clicksign().parseWebhook(body, headers({ 'Content-Hmac': `${good}00` }))).toBeNull();
    expect(clicksign().parseWebhook(body, headers({ 'Content-Hmac': '' }))).toBeNull();
    // the same body and header pass: what failed above was the change
    expect(clicksign().parseWebhook(body, headers({ 'Content-Hmac': good }))).not.toBeNull();
  });

  test('auto_close and close are closed; other events are other; an authentic body that is not JSON is null', () => {
    const named = (name: string) => JSON.stringify({ event: { name, data: {} }, document: { key: DOCUMENT_KEY, status: 'closed', signers: [] } });
    for (const [name, kind] of [['auto_close', 'closed'], ['close', 'closed'], ['upload', 'other'], ['add_signer', 'other'], ['deadline', 'other']] as const) {
      const body = named(name);
      expect(clicksign().parseWebhook(body, headers({ 'Content-Hmac': hmac(body) })), name).toEqual({ kind, key: null, documentRef: DOCUMENT_KEY });
    }
    expect(clicksign().parseWebhook('not json', headers({ 'Content-Hmac': hmac('not json') }))).toBeNull();
  });
});

describe('Clicksign: signed file', () => {
  test('a running document has no signed file yet: null, nothing downloaded', async () => {
    expect(await clicksign().signedFile(DOCUMENT_KEY)).toBeNull();
    expect(fake.requests.map((q) => `${q.method} ${q.path} ${q.accessToken}`)).toEqual([`GET /api/v1/documents/${DOCUMENT_KEY} tok-abc`]);
    expect(fake.downloads).toBe(0);
  });

  test('a closed document: its signed_file_url is downloaded (without the access token) and its bytes returned', async () => {
    fake.documentStatus = 'closed';
    expect(await clicksign().signedFile(DOCUMENT_KEY)).toEqual(SIGNED_PDF);
    expect(fake.downloads).toBe(1);
    expect(fake.requests.map((q) => `${q.method} ${q.path} ${q.accessToken}`)).toEqual([`GET /api/v1/documents/${DOCUMENT_KEY} tok-abc`, 'GET /files/signed.pdf null']);
  });

  test('a canceled document is not signed, whatever file it links: null, nothing downloaded', async () => {
    fake.documentStatus = 'canceled';
    expect(await clicksign().signedFile(DOCUMENT_KEY)).toBeNull();
    expect(fake.downloads).toBe(0);
  });

  test('closed but the signed file not yet generated: null; a refused read throws', async () => {
    fake.documentStatus = 'closed';
    fake.signedFileReady = false;
    expect(await clicksign().signedFile(DOCUMENT_KEY)).toBeNull();
    expect((await rejection(clicksign().signedFile('missing-doc'))).message).toBe('clicksign refused reading the document (404)');
  });
});

describe('local signatures', () => {
  test('a fresh unguessable key per request (32 random bytes, base64url), no document', async () => {
    const p = localSignatures();
    expect(p.name).toBe('local');
    expect(p.frameOrigin).toBeNull();
    const a = await p.request(request);
    const b = await p.request(request);
    expect(a.documentRef).toBeNull();
    expect(a.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.key, 'base64url')).toHaveLength(32);
    expect(b.key).not.toBe(a.key);
  });

  test('the frame is our own relative page; no webhook, no signed file', async () => {
    const p = localSignatures();
    expect(p.frameUrl('a/b+c', 'https://portal.example.com.br')).toBe('/sign/a%2Fb%2Bc?embedded=true&origin=https%3A%2F%2Fportal.example.com.br');
    const body = signEvent();
    expect(p.parseWebhook(body, headers({ 'Content-Hmac': hmac(body) }))).toBeNull();
    expect(await p.signedFile(DOCUMENT_KEY)).toBeNull();
  });
});

describe('signaturesFromEnv', () => {
  const clicksignEnv = { SIGNATURE_PROVIDER: 'clicksign', CLICKSIGN_ACCESS_TOKEN: 'secret-token-1', CLICKSIGN_WEBHOOK_SECRET: 'secret-hmac-2' };

  test('local by default and by name', () => {
    expect(signaturesFromEnv({}).name).toBe('local');
    expect(signaturesFromEnv({ SIGNATURE_PROVIDER: '' }).name).toBe('local');
    expect(signaturesFromEnv({ SIGNATURE_PROVIDER: 'local', CLICKSIGN_ACCESS_TOKEN: 'x' }).name).toBe('local');
  });

  test('clicksign on the sandbox by default, or on CLICKSIGN_BASE_URL; the given fetch and settings are used', async () => {
    const sandbox = signaturesFromEnv(clicksignEnv);
    expect(sandbox.name).toBe('clicksign');
    expect(sandbox.frameOrigin).toBe('https://sandbox.clicksign.com');
    expect(signaturesFromEnv({ ...clicksignEnv, CLICKSIGN_BASE_URL: 'https://app.clicksign.com' }).frameOrigin).toBe('https://app.clicksign.com');

    const seen: string[] = [];
    const p = signaturesFromEnv({ ...clicksignEnv, CLICKSIGN_BASE_URL: base }, async (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    });
    expect(await p.request(request)).toEqual({ key: REQUEST_SIGNATURE_KEY, documentRef: DOCUMENT_KEY });
    expect(seen).toEqual([
      `${base}/api/v1/documents?access_token=secret-token-1`, `${base}/api/v1/signers?access_token=secret-token-1`, `${base}/api/v1/lists?access_token=secret-token-1`,
    ]);
    // the webhook secret is CLICKSIGN_WEBHOOK_SECRET
    const body = signEvent();
    expect(p.parseWebhook(body, headers({ 'Content-Hmac': hmac(body, 'secret-hmac-2') }))?.kind).toBe('signed');
    expect(p.parseWebhook(body, headers({ 'Content-Hmac': hmac(body) }))).toBeNull();
  });

  test('a missing setting or an unknown provider throws, naming the variable and never its value', () => {
    const message = (env: NodeJS.ProcessEnv) => {
      try { signaturesFromEnv(env); } catch (e) { return (e as Error).message; }
      throw new Error('did not throw');
    };
    const noToken = message({ ...clicksignEnv, CLICKSIGN_ACCESS_TOKEN: '' });
    expect(noToken).toMatch(/CLICKSIGN_ACCESS_TOKEN/);
    expect(noToken).not.toContain('secret-hmac-2');
    const noSecret = message({ ...clicksignEnv, CLICKSIGN_WEBHOOK_SECRET: undefined });
    expect(noSecret).toMatch(/CLICKSIGN_WEBHOOK_SECRET/);
    expect(noSecret).not.toContain('secret-token-1');
    expect(message({ ...clicksignEnv, CLICKSIGN_BASE_URL: 'not a url secret-x' })).toBe('CLICKSIGN_BASE_URL must be an http(s) URL');
    const unknown = message({ SIGNATURE_PROVIDER: 'docusign-secret-xyz' });
    expect(unknown).toMatch(/SIGNATURE_PROVIDER/);
    expect(unknown).not.toContain('docusign-secret-xyz');
  });
});
