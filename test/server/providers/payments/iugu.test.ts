import { describe, expect, test } from 'vitest';
import { iuguPayments } from '../../../../src/server/providers/payments/iugu';
import { PaymentProviderError, type PreAuthorization } from '../../../../src/server/providers/payments/index';

/** The Iugu adapter against a fake fetch: the requests it sends and how it reads the answers. */
function fakeIugu(...answers: { status?: number; body: unknown }[]) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method), headers: new Headers(init.headers), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift() ?? { body: {} };
    return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), { status: answer.status ?? 200 });
  };
  return { calls, fetch };
}

const iugu = (fake: ReturnType<typeof fakeIugu>) => iuguPayments({ apiToken: 'tok123', accountId: 'ACC', testMode: true, fetch: fake.fetch });

const request: PreAuthorization = {
  token: 'A1B2C3', amountCents: 34_990, customer: { id: 'c1', name: 'Maria da Silva', email: 'maria@example.com' }, description: 'Primeira mensalidade',
};

/** Iugu's direct-charge answer for an authorised card (fields per dev.iugu.com). */
const authorised = {
  message: 'Autorizado', success: true, LR: '00', invoice_id: 'INV77', url: 'https://faturas.iugu.com/inv77', pdf: 'https://faturas.iugu.com/inv77.pdf',
  identification: null, brand: 'VISA', bin: '411111', last4: '1111', token: 'TR1', reversible: true, status: 'authorized',
};

describe('Iugu adapter', () => {
  test('pre-authorisation: POST /v1/charge with the token, e-mail, one item and card only, Basic auth with the API token', async () => {
    const fake = fakeIugu({ body: authorised });
    const r = await iugu(fake).preAuthorize(request);
    expect(r).toEqual({ ok: true, chargeId: 'INV77', card: { brand: 'VISA', last4: '1111', holder: null, month: null, year: null } });
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call?.url).toBe('https://api.iugu.com/v1/charge');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Authorization')).toBe(`Basic ${Buffer.from('tok123:').toString('base64')}`);
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toEqual({
      token: 'A1B2C3', email: 'maria@example.com',
      items: [{ description: 'Primeira mensalidade', quantity: 1, price_cents: 34_990 }],
      restrict_payment_method: true,
      payer: { name: 'Maria da Silva', email: 'maria@example.com' },
    });
  });

  test('a refusal (success false, with its LR) is a decline, not an error', async () => {
    const fake = fakeIugu({ body: { message: 'Transação negada', success: false, LR: '05', invoice_id: 'INV78', url: 'u', pdf: 'p', identification: null } });
    expect(await iugu(fake).preAuthorize(request)).toEqual({ ok: false, reason: 'declined', message: 'Transação negada - LR 05' });
    // Iugu cancels the failed invoice itself: nothing more is sent
    expect(fake.calls).toHaveLength(1);
    const asError = fakeIugu({ status: 400, body: { message: 'Saldo insuficiente', success: false, LR: '51' } });
    expect(await iugu(asError).preAuthorize(request)).toEqual({ ok: false, reason: 'declined', message: 'Saldo insuficiente - LR 51' });
  });

  test('token errors map to invalid_token / token_used; other failures throw', async () => {
    expect(await iugu(fakeIugu({ status: 422, body: { errors: { token: ['não é válido'] } } })).preAuthorize(request))
      .toMatchObject({ ok: false, reason: 'invalid_token' });
    expect(await iugu(fakeIugu({ status: 422, body: { errors: 'Esse token já foi usado.' } })).preAuthorize(request))
      .toMatchObject({ ok: false, reason: 'token_used' });
    await expect(iugu(fakeIugu({ status: 401, body: { errors: 'Unauthorized' } })).preAuthorize(request)).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(iugu(fakeIugu({ status: 502, body: '<html>bad gateway</html>' })).preAuthorize(request)).rejects.toThrow(/502/);
    // an answer that is neither an authorisation nor a refusal is not read as either
    await expect(iugu(fakeIugu({ body: { invoice_id: 'INV9' } })).preAuthorize(request)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  test('a brand we do not take is released at once and declined', async () => {
    const fake = fakeIugu({ body: { ...authorised, brand: 'HIPERCARD' } }, { body: { id: 'INV77', status: 'canceled' } });
    expect(await iugu(fake).preAuthorize(request)).toEqual({ ok: false, reason: 'declined', message: 'brand not accepted: HIPERCARD' });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST https://api.iugu.com/v1/charge', 'PUT https://api.iugu.com/v1/invoices/INV77/cancel']);
  });

  test('capture and cancel act on the invoice; a refusal throws', async () => {
    const fake = fakeIugu({ body: { id: 'INV77', status: 'paid' } }, { body: { id: 'INV78', status: 'canceled' } }, { status: 422, body: { errors: 'Fatura não pode ser capturada' } });
    const p = iuguPayments({ apiToken: 't', accountId: null, testMode: false, baseUrl: 'https://sandbox.example/', fetch: fake.fetch });
    await p.capture('INV77');
    await p.cancel('INV78');
    await expect(p.capture('INV79')).rejects.toThrow(/capture INV79 \(422\): Fatura não pode ser capturada/);
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST https://sandbox.example/v1/invoices/INV77/capture', 'PUT https://sandbox.example/v1/invoices/INV78/cancel', 'POST https://sandbox.example/v1/invoices/INV79/capture',
    ]);
  });

  test('the browser gets the account id and test mode for iugu.js', () => {
    expect(iugu(fakeIugu()).tokenizerConfig()).toEqual({ provider: 'iugu', accountId: 'ACC', testMode: true });
  });
});

describe('Iugu adapter: the card replaced (the profile\'s card update)', () => {
  const replacing = (previousChargeId: string | null) => ({ ...request, token: 'NEWTOKEN', previousChargeId });

  test('a charge on the new token, then the old invoice cancelled', async () => {
    const fake = fakeIugu({ body: { ...authorised, invoice_id: 'INV90', brand: 'MASTER', last4: '4444' } }, { body: { id: 'INV77', status: 'canceled' } });
    const r = await iugu(fake).replaceCard(replacing('INV77'));
    expect(r).toEqual({ ok: true, chargeId: 'INV90', previousReleased: true, card: { brand: 'MASTER', last4: '4444', holder: null, month: null, year: null } });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST https://api.iugu.com/v1/charge', 'PUT https://api.iugu.com/v1/invoices/INV77/cancel']);
    expect(fake.calls[0]?.body).toMatchObject({ token: 'NEWTOKEN', items: [{ price_cents: 34_990, quantity: 1 }], restrict_payment_method: true });
  });

  test('a refused new card cancels nothing', async () => {
    const fake = fakeIugu({ body: { message: 'Transação negada', success: false, LR: '05', invoice_id: 'INV91' } });
    expect(await iugu(fake).replaceCard(replacing('INV77'))).toEqual({ ok: false, reason: 'declined', message: 'Transação negada - LR 05' });
    expect(fake.calls).toHaveLength(1);
  });

  test('an old authorisation Iugu already dropped (7 days) does not undo the new card', async () => {
    const fake = fakeIugu({ body: authorised }, { status: 422, body: { errors: 'Fatura não pode ser cancelada' } });
    expect(await iugu(fake).replaceCard(replacing('INV70'))).toMatchObject({ ok: true, chargeId: 'INV77', previousReleased: false });
    const none = fakeIugu({ body: authorised });
    expect(await iugu(none).replaceCard(replacing(null))).toMatchObject({ ok: true, previousReleased: false });
    expect(none.calls).toHaveLength(1);
  });

  test('the provider not answering the new charge is an error, not a refusal', async () => {
    await expect(iugu(fakeIugu({ status: 502, body: '<html>bad gateway</html>' })).replaceCard(replacing('INV77'))).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
