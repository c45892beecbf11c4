import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { clicksignSignatures } from '../../../src/server/providers/signature/clicksign';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtContracts } from '../../support/flows';

/**
 * SIGNATURE_PROVIDER=clicksign end to end on the API: the contracts are registered with Clicksign
 * (a fake of its documented API v1 answering in process), the page frames Clicksign's widget, and
 * only an authentic webhook records a signature.
 */
const SECRET = 'webhook-secret-0123456789';
let s: TestServer;
let n = 0;
const signers: Record<string, unknown>[] = [];
const fakeClicksign = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input));
  const json = (body: unknown, status = 201) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  n += 1;
  if (init?.method === 'POST' && url.pathname === '/api/v1/documents') return json({ document: { key: `doc-0000-${n}` } });
  if (init?.method === 'POST' && url.pathname === '/api/v1/signers') {
    signers.push((JSON.parse(String(init.body)) as { signer: Record<string, unknown> }).signer);
    return json({ signer: { key: `signer-${n}` } });
  }
  if (init?.method === 'POST' && url.pathname === '/api/v1/lists') {
    const list = (JSON.parse(String(init.body)) as { list: { document_key: string; signer_key: string } }).list;
    return json({ list: { key: `list-${n}`, document_key: list.document_key, signer_key: list.signer_key, request_signature_key: `rsk-${list.document_key}` } });
  }
  return json({ errors: ['not found'] }, 404);
}) as typeof fetch;

beforeAll(async () => {
  s = await createTestServer({ signatures: clicksignSignatures({ accessToken: 'token', baseUrl: 'https://sandbox.clicksign.com', webhookSecret: SECRET, fetch: fakeClicksign }) });
});
afterAll(async () => { await s.close(); });

const hook = (body: string, hmac: string | null) => s.fetch('/api/v1/portal/webhooks/signature', {
  method: 'POST', body, headers: { 'Content-Type': 'application/json', ...(hmac ? { 'Content-Hmac': hmac } : {}) },
});
const sign = (key: string) => JSON.stringify({
  event: { name: 'sign', data: { signer: { key: 'signer-x' } } },
  document: { key: key.replace(/^rsk-/, ''), signers: [{ key: 'signer-x', request_signature_key: key }] },
});
const hmac = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

test("the frame is Clicksign's; only an authentic 'sign' webhook records the signature; our own page does not open Clicksign's keys", async () => {
  const c = await customerAtContracts(s);
  const adhesion = c.contracts[0]!;
  expect(adhesion.key).toMatch(/^rsk-doc-0000-/);
  // the bill's holder has no CPF on record: Clicksign asks it on its page (documentation left out)
  expect(signers.at(-1)).toMatchObject({ auths: ['sms'], has_documentation: true, phone_number: c.phone.slice(2) });
  expect(signers.at(-1)).not.toHaveProperty('documentation');
  expect(adhesion.url).toBe(`https://sandbox.clicksign.com/sign/${adhesion.key}?embedded=true&origin=${encodeURIComponent('http://portal.test')}`);
  // the SPA may frame Clicksign
  expect((await s.fetch('/api/v1/openapi.json')).headers.get('Content-Security-Policy')).toContain('frame-src \'self\' https://sandbox.clicksign.com');
  expect((await s.fetch(`/sign/${adhesion.key}`)).status).toBe(404);

  const body = sign(adhesion.key);
  expect((await hook(body, null)).status).toBe(401);
  expect((await hook(body, hmac(body.replace('sign', 'sigm')))).status).toBe(401);
  expect((await call(s, 'GET', `/portal/check_signers/${adhesion.key}`, undefined, { token: c.token })).body).toEqual({ is_sign: false });
  expect((await hook(body, hmac(body))).status).toBe(200);
  expect((await call(s, 'GET', `/portal/check_signers/${adhesion.key}`, undefined, { token: c.token })).body).toEqual({ is_sign: true });
  // told again (Clicksign retries): nothing changes
  expect((await hook(body, hmac(body))).status).toBe(200);
  const contracts = (await call(s, 'GET', '/portal/customers/contracts', undefined, { token: c.token })).body.contracts as { is_client_signed: boolean }[];
  expect(contracts.map((x) => x.is_client_signed)).toEqual([true, false]);
});
