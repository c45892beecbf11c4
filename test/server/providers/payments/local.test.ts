import { describe, expect, test } from 'vitest';
import {
  createPaymentToken, localPayments, readPaymentToken, SANDBOX_APPROVED_NUMBERS, SANDBOX_DECLINED_NUMBERS, TOKEN_TTL_MS,
  type PaymentTokenFailure, type PaymentTokenSuccess, type TokenClaim,
} from '../../../../src/server/providers/payments/local';
import type { PreAuthorization } from '../../../../src/server/providers/payments/index';

/** The card sandbox: Iugu's payment_token contract offline, signed single-use tokens, pre-authorisation. */
const SECRET = 'x'.repeat(64);
const NOW = new Date('2026-05-15T12:00:00Z');

function clockAt(start: Date) {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms: number) => { t += ms; } };
}

/** A set standing in for the database's unique key on token nonces. */
function memoryClaims() {
  const seen = new Set<string>();
  const claim: TokenClaim = async (nonce) => {
    if (seen.has(nonce)) return false;
    seen.add(nonce);
    return true;
  };
  return { seen, claim };
}

/** Appends the Luhn check digit, to build valid numbers inside a BIN range. */
function withCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d++) {
    const n = partial + d;
    const sum = [...n].reverse().reduce((acc, ch, i) => {
      let v = Number(ch);
      if (i % 2 === 1) { v *= 2; if (v > 9) v -= 9; }
      return acc + v;
    }, 0);
    if (sum % 10 === 0) return n;
  }
  throw new Error('unreachable');
}

const request = (data: Partial<Record<'number' | 'verification_value' | 'first_name' | 'last_name' | 'month' | 'year', string>> = {}) => ({
  account_id: 'sandbox', method: 'credit_card', test: true,
  data: { number: '4111 1111 1111 1111', verification_value: '123', first_name: 'Maria', last_name: 'da Silva', month: '12', year: '2030', ...data },
});

function tokenFor(data: Parameters<typeof request>[0] = {}, now = NOW): PaymentTokenSuccess {
  const r = createPaymentToken(request(data), SECRET, now);
  if ('errors' in r) throw new Error(`unexpected errors ${JSON.stringify(r.errors)}`);
  return r;
}
const errorsOf = (data: Parameters<typeof request>[0], now = NOW) => (createPaymentToken(request(data), SECRET, now) as PaymentTokenFailure).errors;

const charge = (token: string): PreAuthorization => ({
  token, amountCents: 34_990, customer: { id: 'c1', name: 'Maria da Silva', email: 'maria@example.com' }, description: 'Primeira mensalidade',
});

describe('payment_token: card checks', () => {
  test('a valid card answers Iugu\'s success shape', () => {
    const r = tokenFor();
    expect(r).toMatchObject({
      method: 'credit_card', test: true,
      extra_info: { bin: '411111', brand: 'VISA', holder_name: 'Maria da Silva', display_number: 'XXXX-XXXX-XXXX-1111', month: 12, year: 2030 },
    });
    expect(typeof r.id).toBe('string');
  });

  test('each accepted brand is recognised by its BIN, with Iugu\'s names (Elo inside 4xxxxx and 5067 beats Visa and Master)', () => {
    const cases: [string, string, string][] = [
      ['4111111111111111', '123', 'VISA'],
      ['5555555555554444', '123', 'MASTER'],
      ['378282246310005', '1234', 'AMEX'],
      ['30569309025904', '123', 'DINERS'],
      ['36490102462661', '123', 'DINERS'],
      ['6362970000457013', '123', 'ELO'],
      [withCheckDigit('438935000000000'), '123', 'ELO'],
      [withCheckDigit('506776678388831'), '123', 'ELO'],
    ];
    for (const [number, cvv, brand] of cases) {
      expect(tokenFor({ number, verification_value: cvv }).extra_info.brand, number).toBe(brand);
    }
    expect(tokenFor({ number: '378282246310005', verification_value: '1234' }).extra_info.display_number).toBe('XXXX-XXXXXX-X0005');
  });

  test('a number failing Luhn, too short, or of a brand we do not take (Hipercard) is invalid', () => {
    expect(errorsOf({ number: '4111111111111112' })).toEqual({ number: 'is_invalid' });
    expect(errorsOf({ number: '411111' })).toEqual({ number: 'is_invalid' });
    expect(errorsOf({ number: '6062825624254001' })).toEqual({ number: 'is_invalid' });
    expect(errorsOf({ number: '4111 1111 1111 111a' })).toEqual({ number: 'is_invalid' });
  });

  test('security code length follows the brand: 4 digits for Amex, 3 for Visa', () => {
    expect(tokenFor({ number: '378282246310005', verification_value: '1234' }).extra_info.brand).toBe('AMEX');
    expect(errorsOf({ number: '378282246310005', verification_value: '123' })).toEqual({ verification_value: 'is_invalid' });
    expect(tokenFor({ verification_value: '123' }).extra_info.brand).toBe('VISA');
    expect(errorsOf({ verification_value: '1234' })).toEqual({ verification_value: 'is_invalid' });
    expect(errorsOf({ verification_value: '12a' })).toEqual({ verification_value: 'is_invalid' });
  });

  test('expiry: a past month is refused, the current month accepted, at most 20 years ahead, month 01-12', () => {
    expect(errorsOf({ month: '04', year: '2026' })).toEqual({ expiration: 'is_invalid' });
    expect(errorsOf({ month: '12', year: '2025' })).toEqual({ expiration: 'is_invalid' });
    expect(tokenFor({ month: '05', year: '2026' }).extra_info).toMatchObject({ month: 5, year: 2026 });
    expect(tokenFor({ month: '5', year: '26' }).extra_info).toMatchObject({ month: 5, year: 2026 });
    expect(tokenFor({ month: '05', year: '2046' }).extra_info.year).toBe(2046);
    expect(errorsOf({ month: '06', year: '2046' })).toEqual({ expiration: 'is_invalid' });
    expect(errorsOf({ month: '13', year: '2030' })).toEqual({ expiration: 'is_invalid' });
    expect(errorsOf({ month: '00', year: '2030' })).toEqual({ expiration: 'is_invalid' });
    // 1 June 01:00 UTC is still 31 May in Brazil: a card expiring 05/2026 is still good there
    expect(tokenFor({ month: '05', year: '2026' }, new Date('2026-06-01T01:00:00Z')).extra_info.month).toBe(5);
  });

  test('names must be letters; every invalid field is reported at once', () => {
    expect(tokenFor({ first_name: 'José', last_name: "D'Ávila-Souza" }).extra_info.holder_name).toBe("José D'Ávila-Souza");
    expect(createPaymentToken(request({ number: '4111111111111112', verification_value: '1', month: '13', first_name: '  ', last_name: 'Silva2' }), SECRET, NOW))
      .toEqual({ errors: { number: 'is_invalid', verification_value: 'is_invalid', expiration: 'is_invalid', first_name: 'is_invalid', last_name: 'is_invalid' } });
    expect(createPaymentToken({}, SECRET, NOW)).toEqual({
      errors: { number: 'is_invalid', verification_value: 'is_invalid', expiration: 'is_invalid', first_name: 'is_invalid', last_name: 'is_invalid' },
    });
  });

  test('the token never carries the card number or the security code', () => {
    const number = '5555555555554444';
    const { id } = tokenFor({ number, verification_value: '987' });
    const [payload] = id.split('.');
    const decoded = Buffer.from(payload ?? '', 'base64url').toString('utf8');
    const claims = JSON.parse(decoded) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['brand', 'declines', 'holder', 'iat', 'last4', 'month', 'nonce', 'v', 'year']);
    expect(claims).toMatchObject({ brand: 'MASTER', last4: '4444', holder: 'Maria da Silva', month: 12, year: 2030, declines: false, iat: NOW.getTime() });
    expect(id).not.toContain(number);
    expect(decoded).not.toContain(number);
    expect(Object.values(claims)).not.toContain('987');
  });
});

describe('local provider: pre-authorisation with sandbox tokens', () => {
  const provider = (clock = clockAt(NOW), claims = memoryClaims()) => ({ clock, claims, payments: localPayments({ secret: SECRET, clock, usedTokens: claims.claim }) });

  test('an approved card is authorised with its brand, last four digits, holder and expiry; charge ids are random', async () => {
    const { payments } = provider();
    const a = await payments.preAuthorize(charge(tokenFor().id));
    const b = await payments.preAuthorize(charge(tokenFor({ number: '378282246310005', verification_value: '1234' }).id));
    expect(a).toMatchObject({ ok: true, card: { brand: 'VISA', last4: '1111', holder: 'Maria da Silva', month: 12, year: 2030 } });
    expect(b).toMatchObject({ ok: true, card: { brand: 'AMEX', last4: '0005' } });
    if (!a.ok || !b.ok) throw new Error('expected approvals');
    expect(a.chargeId).toMatch(/^ch_local_[0-9a-f]{32}$/);
    expect(a.chargeId).not.toBe(b.chargeId);
    await expect(payments.capture(a.chargeId)).resolves.toBeUndefined();
    await expect(payments.cancel(b.chargeId)).resolves.toBeUndefined();
    await expect(payments.capture('in_123')).rejects.toThrow(/not a sandbox charge/);
  });

  test('every listed test card tokenizes; the declined ones are refused at pre-authorisation, like Iugu\'s sandbox', async () => {
    const { payments } = provider();
    for (const number of SANDBOX_APPROVED_NUMBERS) {
      const cvv = number.length === 15 ? '1234' : '123';
      expect((await payments.preAuthorize(charge(tokenFor({ number, verification_value: cvv }).id))).ok, number).toBe(true);
    }
    for (const number of SANDBOX_DECLINED_NUMBERS) {
      const cvv = number.length === 15 ? '1234' : '123';
      const token = tokenFor({ number, verification_value: cvv });
      expect(token.extra_info.display_number.endsWith(number.slice(-4))).toBe(true);
      expect(await payments.preAuthorize(charge(token.id)), number).toMatchObject({ ok: false, reason: 'declined' });
    }
  });

  test('a token is single use through the hook, also after a decline', async () => {
    const { payments, claims } = provider();
    const { id } = tokenFor();
    expect((await payments.preAuthorize(charge(id))).ok).toBe(true);
    expect(await payments.preAuthorize(charge(id))).toEqual({ ok: false, reason: 'token_used' });
    expect(claims.seen.size).toBe(1);

    const declined = tokenFor({ number: '4012888888881881' }).id;
    expect(await payments.preAuthorize(charge(declined))).toMatchObject({ ok: false, reason: 'declined' });
    expect(await payments.preAuthorize(charge(declined))).toEqual({ ok: false, reason: 'token_used' });
  });

  test('a tampered token is refused, and never reaches the hook', async () => {
    const { payments, claims } = provider();
    const { id } = tokenFor({ number: '4012888888881881' });
    const [payload, signature] = id.split('.') as [string, string];
    const claimsOf = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claimsOf, declines: false })).toString('base64url');
    expect(await payments.preAuthorize(charge(`${forged}.${signature}`))).toMatchObject({ ok: false, reason: 'invalid_token', message: 'bad signature' });
    expect(await payments.preAuthorize(charge(`${payload}.${'A'.repeat(43)}`))).toMatchObject({ ok: false, reason: 'invalid_token' });
    expect(await payments.preAuthorize(charge('nonsense'))).toMatchObject({ ok: false, reason: 'invalid_token' });
    // signed with another secret
    const other = createPaymentToken(request(), 'y'.repeat(64), NOW) as PaymentTokenSuccess;
    expect(await payments.preAuthorize(charge(other.id))).toMatchObject({ ok: false, reason: 'invalid_token' });
    expect(claims.seen.size).toBe(0);
  });

  test('a token expires 30 minutes after it was issued', async () => {
    const clock = clockAt(NOW);
    const { payments, claims } = provider(clock);
    const early = tokenFor().id;
    const late = tokenFor().id;
    clock.advance(TOKEN_TTL_MS);
    expect((await payments.preAuthorize(charge(early))).ok).toBe(true);
    clock.advance(1);
    expect(await payments.preAuthorize(charge(late))).toEqual({ ok: false, reason: 'invalid_token', message: 'token expired' });
    expect(claims.seen.size).toBe(1);
    expect(readPaymentToken(late, SECRET, NOW)).toMatchObject({ ok: true });
  });

  test('the browser is pointed at the sandbox tokenizer', () => {
    expect(provider().payments.tokenizerConfig()).toEqual({ provider: 'local', url: '/api/v1/payments-sandbox/payment_token' });
  });
});

describe('local provider: the card replaced (the profile\'s card update)', () => {
  const provider = () => localPayments({ secret: SECRET, clock: clockAt(NOW), usedTokens: memoryClaims().claim });
  const replacing = (token: string, previousChargeId: string | null) => ({ ...charge(token), previousChargeId });

  test('the new card is authorised and the sandbox authorisation it replaces released', async () => {
    const payments = provider();
    const first = await payments.preAuthorize(charge(tokenFor().id));
    if (!first.ok) throw new Error('expected an approval');
    const r = await payments.replaceCard(replacing(tokenFor({ number: '5555555555554444', first_name: 'Ana', last_name: 'Souza', month: '08', year: '2031' }).id, first.chargeId));
    expect(r).toMatchObject({ ok: true, previousReleased: true, card: { brand: 'MASTER', last4: '4444', holder: 'Ana Souza', month: 8, year: 2031 } });
    if (!r.ok) throw new Error('expected an approval');
    expect(r.chargeId).toMatch(/^ch_local_[0-9a-f]{32}$/);
    expect(r.chargeId).not.toBe(first.chargeId);
  });

  test('a declined, used or forged token leaves the old card as it was', async () => {
    const payments = provider();
    const declined = await payments.replaceCard(replacing(tokenFor({ number: '4012888888881881' }).id, 'ch_local_' + '0'.repeat(32)));
    expect(declined).toMatchObject({ ok: false, reason: 'declined' });
    const token = tokenFor().id;
    expect((await payments.replaceCard(replacing(token, null))).ok).toBe(true);
    expect(await payments.replaceCard(replacing(token, null))).toEqual({ ok: false, reason: 'token_used' });
    expect(await payments.replaceCard(replacing('forged.token', null))).toMatchObject({ ok: false, reason: 'invalid_token' });
  });

  test('nothing to release, or another provider\'s authorisation: the new card stands and says so', async () => {
    const payments = provider();
    expect(await payments.replaceCard(replacing(tokenFor().id, null))).toMatchObject({ ok: true, previousReleased: false });
    expect(await payments.replaceCard(replacing(tokenFor().id, 'INV77'))).toMatchObject({ ok: true, previousReleased: false });
  });
});
