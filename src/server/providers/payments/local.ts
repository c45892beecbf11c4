import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { checkCardNumber, cvvLength } from '#shared/checkout/rules';
import type { Clock } from '../../config';
import type { AuthorizedCard, CardBrand, CardPayments } from './contract';

/**
 * The offline card sandbox. It speaks Iugu's documented payment_token contract (POST
 * /v1/payment_token: `{account_id, method: 'credit_card', test, data: {number, verification_value,
 * first_name, last_name, month, year}}` -> `{id, method, test, extra_info}` or `{errors}`), so the
 * card form is the same for both providers; only the URL it posts to changes.
 *
 * Its tokens are stateless: the id is a signed description of the card (brand, last four digits,
 * holder, expiry, whether the test card declines, a nonce and when it was issued), never its number
 * or security code. It lives 30 minutes and is single use: `preAuthorize` asks the `usedTokens`
 * hook to record the nonce before using it, so a database unique key enforces single use across
 * processes.
 */

/** Where the browser posts the payment_token request (the route is registered by the caller). */
export const SANDBOX_TOKEN_URL = '/api/v1/payments-sandbox/payment_token';

export const TOKEN_TTL_MS = 30 * 60_000;

/**
 * Iugu's sandbox test cards (dev.iugu.com/docs/guide-cartoes-de-teste), which we mirror:
 * approved 4111 1111 1111 1111 and 4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Master),
 * 378282246310005 (Amex), 30569309025904 (Diners); declined 4012 8888 8888 1881 (Visa),
 * 371449635398431 (Amex), 38520000023237 (Diners), and 376411112222331 (Amex, "cartão inválido"
 * there). Iugu lists no Elo card: 6362 9700 0045 7013 and 36490102462661 (Diners) are approved here
 * too, as is any other valid card of an accepted brand.
 */
export const SANDBOX_DECLINED_NUMBERS: readonly string[] = [
  '4012888888881881', '371449635398431', '38520000023237', '376411112222331',
];
export const SANDBOX_APPROVED_NUMBERS: readonly string[] = [
  '4111111111111111', '4242424242424242', '5555555555554444', '378282246310005', '30569309025904',
  '36490102462661', '6362970000457013',
];

export type PaymentTokenField = 'number' | 'verification_value' | 'expiration' | 'first_name' | 'last_name';

export interface PaymentTokenSuccess {
  id: string;
  method: 'credit_card';
  test: true;
  extra_info: { bin: string; brand: CardBrand; holder_name: string; display_number: string; month: number; year: number };
}
export interface PaymentTokenFailure { errors: Partial<Record<PaymentTokenField, 'is_invalid'>> }


/** Card years are read on the calendar of Brazil (UTC-3 all year since 2019), where the card is used. */
const BRAZIL_OFFSET_MS = -3 * 3600_000;
const MAX_YEARS_AHEAD = 20;
const NAME = /^\p{L}[\p{L}\p{M} '.-]*$/u;

/** The fields of the card token, signed; deliberately without number and security code. */
interface TokenClaims {
  v: 1;
  brand: CardBrand;
  last4: string;
  holder: string;
  month: number;
  year: number;
  /** a sandbox test card the issuer declines (Iugu also tokenizes these, the charge fails) */
  declines: boolean;
  nonce: string;
  /** ms since the epoch */
  iat: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The expiry as written on the card, or null when it is not a month we accept at `now`. */
function expiry(monthIn: unknown, yearIn: unknown, now: Date): { month: number; year: number } | null {
  const m = text(monthIn).trim();
  const y = text(yearIn).trim();
  if (!/^\d{1,2}$/.test(m) || !/^(\d{2}|\d{4})$/.test(y)) return null;
  const month = Number(m);
  const year = y.length === 2 ? 2000 + Number(y) : Number(y);
  if (month < 1 || month > 12) return null;
  const local = new Date(now.getTime() + BRAZIL_OFFSET_MS);
  const thisMonth = local.getUTCFullYear() * 12 + local.getUTCMonth() + 1;
  const cardMonth = year * 12 + month;
  // a card is good through the last day of its expiry month
  if (cardMonth < thisMonth || cardMonth > thisMonth + MAX_YEARS_AHEAD * 12) return null;
  return { month, year };
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
/** A key of its own for these tokens, so APP_SECRET's other uses cannot produce one. */
const tokenKey = (secret: string) => createHmac('sha256', secret).update('payments-sandbox-token/v1').digest();
const sign = (payload: string, secret: string) => createHmac('sha256', tokenKey(secret)).update(payload).digest();

/**
 * Iugu's POST /v1/payment_token, offline: validates the card (Luhn, brand by BIN, security code
 * length of the brand, expiry, names) and answers a token or every invalid field at once.
 * `account_id` and `test` are accepted as sent (every sandbox token is a test token).
 */
export function createPaymentToken(body: unknown, secret: string, now: Date): PaymentTokenSuccess | PaymentTokenFailure {
  const req = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const data = (req.data && typeof req.data === 'object' ? req.data : {}) as Record<string, unknown>;
  const errors: PaymentTokenFailure['errors'] = {};

  const raw = text(data.number).replace(/[\s-]/g, '');
  const checked = /^\d{12,19}$/.test(raw) ? checkCardNumber(raw) : null;
  const brand = checked?.isValid ? checked.brand : null;
  if (!brand) errors.number = 'is_invalid';

  const cvv = text(data.verification_value).trim();
  const cvvSize = checked?.brand ? cvvLength(checked.brand) : undefined;
  // without a known brand only the shape can be checked (3 or 4 digits)
  if (!(cvvSize ? new RegExp(`^\\d{${cvvSize}}$`).test(cvv) : /^\d{3,4}$/.test(cvv))) errors.verification_value = 'is_invalid';

  const exp = expiry(data.month, data.year, now);
  if (!exp) errors.expiration = 'is_invalid';

  const first = text(data.first_name).trim().replace(/\s+/g, ' ');
  const last = text(data.last_name).trim().replace(/\s+/g, ' ');
  if (!NAME.test(first) || first.length > 50) errors.first_name = 'is_invalid';
  if (!NAME.test(last) || last.length > 50) errors.last_name = 'is_invalid';

  if (Object.keys(errors).length > 0 || !brand || !checked || !exp) return { errors };

  const holder = `${first} ${last}`;
  const claims: TokenClaims = {
    v: 1, brand, last4: raw.slice(-4), holder, month: exp.month, year: exp.year,
    declines: SANDBOX_DECLINED_NUMBERS.includes(raw), nonce: b64(randomBytes(16)), iat: now.getTime(),
  };
  const payload = b64(JSON.stringify(claims));
  return {
    id: `${payload}.${b64(sign(payload, secret))}`,
    method: 'credit_card',
    test: true,
    extra_info: {
      bin: raw.slice(0, 6), brand, holder_name: holder, display_number: displayNumber(raw, checked.gaps),
      month: exp.month, year: exp.year,
    },
  };
}

/** Iugu's masked number: X for every digit but the last four, grouped as printed on the card. */
function displayNumber(number: string, gaps: number[]): string {
  const masked = 'X'.repeat(number.length - 4) + number.slice(-4);
  const cuts = [0, ...gaps.filter((g) => g < number.length), number.length];
  return cuts.slice(1).map((end, i) => masked.slice(cuts[i], end)).join('-');
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; message: string };

/** Signature, shape and age of a sandbox token (not whether it was used). */
export function readPaymentToken(token: string, secret: string, now: Date): TokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, message: 'malformed token' };
  const expected = sign(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, message: 'bad signature' };
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return { ok: false, message: 'malformed token' };
  }
  if (claims.v !== 1 || typeof claims.nonce !== 'string' || typeof claims.iat !== 'number') return { ok: false, message: 'malformed token' };
  if (now.getTime() - claims.iat > TOKEN_TTL_MS) return { ok: false, message: 'token expired' };
  return { ok: true, claims };
}

/**
 * Records a token's nonce; resolves false when it had already been recorded (the token was used).
 * Called only for tokens whose signature and age check out, so forged tokens never reach storage.
 */
export type TokenClaim = (tokenNonce: string) => Promise<boolean>;

export interface LocalPaymentsOptions {
  secret: string;
  clock: Clock;
  usedTokens: TokenClaim;
}

const CHARGE_ID = /^ch_local_[0-9a-f]{32}$/;

/**
 * The sandbox provider. Charges are not stored here: the caller keeps their state, so capture and
 * cancel only check that the id is one of ours (a restart of the dev server loses nothing).
 */
export function localPayments(opts: LocalPaymentsOptions): CardPayments {
  const ours = (chargeId: string) => {
    if (!CHARGE_ID.test(chargeId)) throw new Error(`not a sandbox charge: ${chargeId}`);
  };
  const provider: CardPayments = {
    name: 'local',
    async preAuthorize({ token, amountCents }) {
      if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error(`amountCents must be a positive integer, not ${amountCents}`);
      const read = readPaymentToken(token, opts.secret, opts.clock.now());
      if (!read.ok) return { ok: false, reason: 'invalid_token', message: read.message };
      // claimed before the issuer's answer: like Iugu's, a token is spent even when the charge fails
      if (!(await opts.usedTokens(read.claims.nonce))) return { ok: false, reason: 'token_used' };
      if (read.claims.declines) return { ok: false, reason: 'declined', message: 'sandbox test card declined by the issuer' };
      const { brand, last4, holder, month, year } = read.claims;
      const card: AuthorizedCard = { brand, last4, holder, month, year };
      return { ok: true, chargeId: `ch_local_${randomBytes(16).toString('hex')}`, card };
    },
    async capture(chargeId) { ours(chargeId); },
    async cancel(chargeId) { ours(chargeId); },
    async replaceCard(request) {
      const authorised = await provider.preAuthorize(request);
      if (!authorised.ok) return authorised;
      // an authorisation of another provider (the deployment changed provider) is not ours to release
      const previous = request.previousChargeId;
      const previousReleased = previous !== null && CHARGE_ID.test(previous);
      if (previousReleased) await provider.cancel(previous);
      return { ...authorised, previousReleased };
    },
    tokenizerConfig: () => ({ provider: 'local', url: SANDBOX_TOKEN_URL }),
  };
  return provider;
}
