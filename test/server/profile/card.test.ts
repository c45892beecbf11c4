import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DomainError } from '../../../src/server/errors';
import { checkouts } from '../../../src/server/platform/db/schema';
import { replaceCard } from '../../../src/server/profile/card';
import { PaymentProviderError, type CardPayments } from '../../../src/server/providers/payments/index';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtCheckout, signUpCustomerWithId } from '../../support/flows';

/**
 * The profile's card (spec §3 "Card", §7 GET/PUT /portal/customers/cc): the card the checkout kept,
 * masked; replaced by a new token from the card sandbox, which moves the first fee's
 * pre-authorisation to the new card and keeps the new brand, last digits, holder and expiry.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const year = () => s.clock.now().getUTCFullYear() + 4;
async function sandboxToken(number = '5555555555554444', cvv = '321', first = 'Bruna', last = 'Costa') {
  const r = await call(s, 'POST', '/payments-sandbox/payment_token', {
    method: 'credit_card', data: { number, verification_value: cvv, first_name: first, last_name: last, month: '08', year: String(year()) },
  });
  return String(r.body.id);
}
const chargeOf = async (id: number) => (await s.db.select({ chargeId: checkouts.chargeId }).from(checkouts).where(eq(checkouts.customerId, id)))[0]?.chargeId;

describe('GET /portal/customers/cc', () => {
  test('an individual\'s card as spec §3 has it: brand, masked number, holder, due; never the number', async () => {
    const c = await customerAtCheckout(s, { paid: true });
    const r = await call(s, 'GET', '/portal/customers/cc', undefined, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      data: { brand: 'VISA', brand_name: 'Visa', number: '•••• •••• •••• 1111', last4: '1111', holder: 'Ana Souza', due: `12/${s.clock.now().getUTCFullYear() + 5}` },
    });
    expect(JSON.stringify(r.body)).not.toContain('4111111111111111');
  });

  test('none before the checkout, and none for a company, which pays by boleto', async () => {
    const fresh = await signUpCustomerWithId(s);
    expect((await call(s, 'GET', '/portal/customers/cc', undefined, { token: fresh.token })).body).toEqual({ success: true, data: null });
    const company = await customerAtCheckout(s, { kind: 'business', paid: true });
    expect((await call(s, 'GET', '/portal/customers/cc', undefined, { token: company.token })).body).toEqual({ success: true, data: null });
    expect((await call(s, 'GET', '/portal/customers/cc')).status).toBe(401);
  });
});

describe('PUT /portal/customers/cc', () => {
  test('a new card replaces the one on file: its brand, last digits, holder and due; a new pre-authorisation', async () => {
    const c = await customerAtCheckout(s, { paid: true });
    const before = await chargeOf(c.id);
    const r = await call(s, 'PUT', '/portal/customers/cc', { token: await sandboxToken() }, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true, data: { brand: 'MASTER', brand_name: 'Mastercard', number: '•••• •••• •••• 4444', last4: '4444', holder: 'Bruna Costa', due: `08/${year()}` },
    });
    const after = await chargeOf(c.id);
    expect(after).toMatch(/^ch_local_[0-9a-f]{32}$/);
    expect(after).not.toBe(before);
    // the reload reads the new card
    expect((await call(s, 'GET', '/portal/customers/cc', undefined, { token: c.token })).body.data).toMatchObject({ last4: '4444', holder: 'Bruna Costa' });
  });

  test('a declined card, a used token or a forged one is refused and the card on file stays', async () => {
    const c = await customerAtCheckout(s, { paid: true });
    const before = await chargeOf(c.id);
    const declined = await call(s, 'PUT', '/portal/customers/cc', { token: await sandboxToken('4012888888881881', '123') }, { token: c.token });
    expect(declined.status).toBe(422);
    expect(declined.body).toMatchObject({ code: 4222, message: 'O cartão foi recusado pela operadora. Confira os dados ou use outro cartão.' });
    const token = await sandboxToken();
    expect((await call(s, 'PUT', '/portal/customers/cc', { token }, { token: c.token })).status).toBe(200);
    const reused = await call(s, 'PUT', '/portal/customers/cc', { token }, { token: c.token });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe(4223);
    expect((await call(s, 'PUT', '/portal/customers/cc', { token: 'forged.token-value' }, { token: c.token })).body.code).toBe(4223);
    expect((await call(s, 'GET', '/portal/customers/cc', undefined, { token: c.token })).body.data).toMatchObject({ last4: '4444' });
    expect(await chargeOf(c.id)).not.toBe(before);
  });

  test('a company (boleto) or a customer before the checkout has no card to replace: 409; no session: 401; a bad body: 400', async () => {
    const company = await customerAtCheckout(s, { kind: 'business', paid: true });
    expect((await call(s, 'PUT', '/portal/customers/cc', { token: await sandboxToken() }, { token: company.token })).status).toBe(409);
    const early = await customerAtCheckout(s);
    expect((await call(s, 'PUT', '/portal/customers/cc', { token: await sandboxToken() }, { token: early.token })).status).toBe(409);
    expect((await call(s, 'PUT', '/portal/customers/cc', { token: await sandboxToken() })).status).toBe(401);
    expect((await call(s, 'PUT', '/portal/customers/cc', { number: '4111111111111111' }, { token: early.token })).status).toBe(400);
  });

  test('a provider that does not answer is 502 (PAYMENT_UNAVAILABLE) and leaves the card as it was', async () => {
    const c = await customerAtCheckout(s, { paid: true });
    const before = await chargeOf(c.id);
    const down: CardPayments = {
      name: 'iugu', preAuthorize: async () => { throw new PaymentProviderError('iugu answered 503', 503); },
      capture: async () => {}, cancel: async () => {}, tokenizerConfig: () => ({ provider: 'iugu', accountId: null, testMode: true }),
      replaceCard: async () => { throw new PaymentProviderError('iugu answered 503', 503); },
    };
    const failed = await replaceCard({ db: s.db, payments: down }, c.id, 'any-token-123').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(DomainError);
    expect((failed as DomainError).refusal).toBe('PAYMENT_UNAVAILABLE'); // 502 at the edge
    expect(await chargeOf(c.id)).toBe(before);
  });

  test('two replacements racing: the one that finds the card changed releases its authorisation and is refused', async () => {
    const c = await customerAtCheckout(s, { paid: true });
    const cancelled: string[] = [];
    let n = 0;
    const slow: CardPayments = {
      name: 'local', preAuthorize: async () => { throw new Error('unused'); }, capture: async () => {},
      cancel: async (id) => { cancelled.push(id); }, tokenizerConfig: () => ({ provider: 'local', url: '' }),
      replaceCard: async () => {
        n += 1;
        const chargeId = `ch_local_${String(n).padStart(32, '0')}`;
        // the other request stores its card meanwhile
        if (n === 1) await replaceCard({ db: s.db, payments: slow }, c.id, 'second-token');
        return { ok: true, chargeId, previousReleased: true, card: { brand: 'ELO', last4: String(n).padStart(4, '0'), holder: null, month: null, year: null } };
      },
    };
    const first = await replaceCard({ db: s.db, payments: slow }, c.id, 'first-token').catch((e: unknown) => e);
    expect((first as DomainError).refusal).toBe('PROCESS_REFUSED'); // 409 at the edge
    expect(cancelled).toEqual([`ch_local_${'1'.padStart(32, '0')}`]);
    expect(await chargeOf(c.id)).toBe(`ch_local_${'2'.padStart(32, '0')}`);
  });
});
