import { describe, expect, test } from 'vitest';
import { paymentsFromEnv } from '../../../../src/server/providers/payments/index';

/** Choosing the card-payments provider from the environment. */
describe('paymentsFromEnv', () => {
  const deps = { clock: { now: () => new Date() }, usedTokens: async () => true };
  const secret = 's'.repeat(64);

  test('the local sandbox by default, or when asked', () => {
    expect(paymentsFromEnv({}, secret, deps).name).toBe('local');
    expect(paymentsFromEnv({ PAYMENT_PROVIDER: 'local' }, secret, deps).tokenizerConfig())
      .toEqual({ provider: 'local', url: '/api/v1/payments-sandbox/payment_token' });
  });

  test('Iugu needs its API token; a misspelt provider is an error, not the sandbox', () => {
    expect(() => paymentsFromEnv({ PAYMENT_PROVIDER: 'iugu' }, secret, deps)).toThrow(/IUGU_API_TOKEN/);
    expect(() => paymentsFromEnv({ PAYMENT_PROVIDER: 'iugo' }, secret, deps)).toThrow(/'local' or 'iugu'/);
  });

  test('Iugu: account id and test mode reach the browser; IUGU_BASE_URL moves the API', async () => {
    expect(paymentsFromEnv({ PAYMENT_PROVIDER: 'iugu', IUGU_API_TOKEN: 'live', IUGU_ACCOUNT_ID: 'ACC9' }, secret, deps).tokenizerConfig())
      .toEqual({ provider: 'iugu', accountId: 'ACC9', testMode: false });
    expect(paymentsFromEnv({ PAYMENT_PROVIDER: 'iugu', IUGU_API_TOKEN: 'x', IUGU_TEST_MODE: 'true' }, secret, deps).tokenizerConfig())
      .toEqual({ provider: 'iugu', accountId: null, testMode: true });

    const urls: string[] = [];
    const fetch = async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ success: true, invoice_id: 'INV1', brand: 'MASTER', last4: '4444' }));
    };
    const p = paymentsFromEnv({ PAYMENT_PROVIDER: 'iugu', IUGU_API_TOKEN: 'x', IUGU_BASE_URL: 'http://127.0.0.1:9/' }, secret, { ...deps, fetch });
    expect(p.name).toBe('iugu');
    expect(await p.preAuthorize({ token: 't', amountCents: 100, customer: { id: 'c', name: 'N', email: 'e@x.com' }, description: 'd' }))
      .toMatchObject({ ok: true, chargeId: 'INV1', card: { brand: 'MASTER', last4: '4444' } });
    expect(urls).toEqual(['http://127.0.0.1:9/v1/charge']);
  });
});
