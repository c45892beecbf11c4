import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { brasilApiCep, CepUnavailable, createCepLookup, viaCep } from '../../../src/server/providers/cep/index';
import { CEP_LOOKUPS_PER_WINDOW } from '../../../src/server/visit/routes';
import { messages } from '#shared/messages';
import { createTestServer, testClock, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { startFakeCepServer, type FakeCepServer } from '../../support/viacep';

/** The postal-code adapter against local servers that speak ViaCEP's and BrasilAPI's protocols. */
let primary: FakeCepServer;
let fallback: FakeCepServer;
beforeAll(async () => {
  primary = await startFakeCepServer();
  fallback = await startFakeCepServer();
});
afterAll(async () => { await primary.close(); await fallback.close(); });
beforeEach(() => {
  for (const f of [primary, fallback]) { f.mode = 'ok'; f.requests.length = 0; f.erroAsString = false; }
});

const lookupWith = (clock = testClock(), timeoutMs = 300) => createCepLookup({
  providers: [viaCep({ baseUrl: primary.url }), brasilApiCep({ baseUrl: fallback.url })], timeoutMs, ttlMs: 60_000, clock,
});

describe('postal-code lookup', () => {
  test('a known CEP: ViaCEP answers with its fields; the fallback is not asked', async () => {
    const r = await lookupWith().lookup('01310100');
    expect(r).toEqual({ found: true, address: { cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', complemento: 'de 612 a 1510 - lado par', localidade: 'São Paulo', uf: 'SP' } });
    expect(primary.requests).toEqual(['/ws/01310100/json/']);
    expect(fallback.requests).toEqual([]);
  });

  test('an unknown CEP ({"erro": true} or "true", and a 404 from the fallback) is not found', async () => {
    expect(await lookupWith().lookup('99999999')).toEqual({ found: false });
    primary.erroAsString = true;
    expect(await lookupWith().lookup('99999998')).toEqual({ found: false });
    expect(fallback.requests).toEqual(['/api/cep/v1/99999999', '/api/cep/v1/99999998']);
  });

  test('ViaCEP silent past the timeout: the fallback answers', async () => {
    primary.mode = 'hang';
    const started = Date.now();
    const r = await lookupWith(testClock(), 200).lookup('20040020');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(r).toEqual({ found: true, address: { cep: '20040-020', logradouro: 'Praça Floriano', bairro: 'Centro', complemento: '', localidade: 'Rio de Janeiro', uf: 'RJ' } });
    expect(fallback.requests).toEqual(['/api/cep/v1/20040020']);
  });

  test('no provider answers: unavailable (and nothing is cached)', async () => {
    primary.mode = 'hang';
    fallback.mode = 'down';
    const lookup = lookupWith(testClock(), 150);
    await expect(lookup.lookup('01310100')).rejects.toBeInstanceOf(CepUnavailable);
    primary.mode = 'ok';
    expect((await lookup.lookup('01310100')).found).toBe(true);
  });

  test('answers are cached for the TTL', async () => {
    const clock = testClock();
    const lookup = lookupWith(clock);
    await lookup.lookup('01310100');
    await lookup.lookup('01310100');
    expect(primary.requests).toHaveLength(1);
    clock.advance(61_000);
    await lookup.lookup('01310100');
    expect(primary.requests).toHaveLength(2);
  });
});

describe('GET /portal/cep/{cep}', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await createTestServer();
    s.deps.cep = createCepLookup({ providers: [viaCep({ baseUrl: primary.url }), brasilApiCep({ baseUrl: fallback.url })], timeoutMs: 200, ttlMs: 0, clock: s.clock });
    token = (await signUpNewCustomer(s)).token;
  });
  afterAll(async () => { await s.close(); });

  test('found, not found, unavailable, bad format, no session', async () => {
    const found = await call(s, 'GET', '/portal/cep/01310-100', undefined, { token });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' });
    expect(await call(s, 'GET', '/portal/cep/99999999', undefined, { token })).toMatchObject({ status: 404, body: { code: 4044, message: messages['cep.notFound'] } });
    expect((await call(s, 'GET', '/portal/cep/123', undefined, { token })).status).toBe(400);
    expect((await call(s, 'GET', '/portal/cep/01310100')).status).toBe(401);
    primary.mode = 'down';
    fallback.mode = 'hang';
    expect(await call(s, 'GET', '/portal/cep/01310100', undefined, { token })).toMatchObject({ status: 503, body: { code: 5030, message: messages['cep.unavailable'] } });
  });

  test('at most 30 lookups per customer in 10 minutes: the 31st answers 429, another customer is not held back', async () => {
    const own = (await signUpNewCustomer(s)).token;
    const other = (await signUpNewCustomer(s)).token;
    for (let i = 0; i < CEP_LOOKUPS_PER_WINDOW; i++) expect((await call(s, 'GET', '/portal/cep/01310100', undefined, { token: own })).status).toBe(200);
    const refused = await call(s, 'GET', '/portal/cep/01310100', undefined, { token: own });
    expect(refused).toMatchObject({ status: 429, body: { code: 4293, message: messages['cep.rateLimited'] } });
    expect((await call(s, 'GET', '/portal/cep/01310100', undefined, { token: other })).status).toBe(200);
    s.clock.advance(10 * 60_000 + 1);
    expect((await call(s, 'GET', '/portal/cep/01310100', undefined, { token: own })).status).toBe(200);
  });
});
