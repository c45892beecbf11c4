import type { ProcessReactions } from './process/host';
import { PHONE_PROOF_TTL_S } from '../shared/auth/payloads';
import type { CepLookup } from './providers/cep/index';
import type { CardPayments } from './providers/payments/index';
import type { Invoices } from './providers/payments/invoices';
import type { SignatureProvider } from './providers/signature/contract';
import type { Db } from './platform/db/index';
import type { Readiness } from './platform/health';
import type { Providers } from './providers/messaging/index';
import type { FileStorage } from './providers/storage/index';
import type { CompanyIdentity } from './settings';

/** Where services read the time; tests pass a clock they can move. */
export interface Clock { now(): Date }
export const systemClock: Clock = { now: () => new Date() };

/** The security numbers of ARCHITECTURE's baseline; tests may lower the per-address limit. */
export interface AuthLimits {
  codeTtlMs: number;
  /** wrong codes one code takes before it is worn out */
  triesPerCode: number;
  /**
   * wrong codes per phone (from callers holding a live request's secret; a resend does not reset the
   * count, a sign-in does) before a request that already guessed wrong has to wait between tries
   */
  failuresBeforeWait: number;
  /** the first wait; each further wrong code of the phone doubles it */
  failureWaitBaseMs: number;
  /** how long a phone's wrong codes are remembered */
  failureMemoryMs: number;
  /**
   * wrong codes in a row (since the phone's last right code) of one kind of request that hold that
   * kind for `failuresInARowHoldMs` (NIST SP 800-63B-4 §3.2.2's ceiling of 100): sign-in codes from a
   * browser that is not the owner's, from the owner's browsers, and each other purpose, count apart
   */
  failuresInARow: number;
  failuresInARowHoldMs: number;
  /**
   * code sends per phone inside `windowMs`, per purpose; sign-in codes asked from a browser that is
   * not the owner's count per network too (an IPv4 /24, an IPv6 /64)
   */
  sendsPerWindow: number;
  /** sign-in codes per phone in an hour from browsers that are not the owner's, all networks together */
  sendsPerPhoneHour: number;
  /** code requests per client address inside `windowMs` */
  sendsPerAddressWindow: number;
  /** code requests per IPv4 /24 inside `windowMs` (an IPv6 address counts by its /64 in `sendsPerAddressWindow`) */
  sendsPerPrefixWindow: number;
  /** code messages the portal sends in 24 hours, all phones together (SMS pumping stops here; CODE_SENDS_PER_DAY) */
  sendsPerDay: number;
  /** the same per area code (55 + DDD) (CODE_SENDS_PER_AREA_PER_DAY) */
  sendsPerAreaPerDay: number;
  windowMs: number;
  resendCooldownMs: number;
  phoneProofTtlMs: number;
  /** a session lives this long from its last use */
  sessionIdleMs: number;
  botCheckTtlMs: number;
  /** profile changes (PATCH /portal/customers) per customer inside `profileUpdateWindowMs` */
  profileUpdatesPerWindow: number;
  profileUpdateWindowMs: number;
}

export const DEFAULT_LIMITS: AuthLimits = {
  codeTtlMs: 10 * 60_000,
  triesPerCode: 5,
  failuresBeforeWait: 10,
  failureWaitBaseMs: 60_000,
  failureMemoryMs: 24 * 3600_000,
  failuresInARow: 100,
  failuresInARowHoldMs: 3600_000,
  sendsPerWindow: 5,
  sendsPerPhoneHour: 15,
  sendsPerAddressWindow: 30,
  sendsPerPrefixWindow: 120,
  sendsPerDay: 20_000,
  sendsPerAreaPerDay: 5_000,
  windowMs: 10 * 60_000,
  resendCooldownMs: 30_000,
  phoneProofTtlMs: PHONE_PROOF_TTL_S * 1000,
  sessionIdleMs: 30 * 24 * 3600_000,
  botCheckTtlMs: 10 * 60_000,
  profileUpdatesPerWindow: 10,
  profileUpdateWindowMs: 3600_000,
};

export interface AppDeps {
  db: Db;
  clock: Clock;
  /** what the customer's process does on a move (process/reactions.ts, handed in by the composition root) */
  reactions: ProcessReactions;
  /** APP_SECRET: keys the code HMAC and the bot-check challenges */
  secret: string;
  providers: Providers;
  /** ALTCHA challenge cost (largest number the browser may have to try) */
  altchaMaxNumber: number;
  /** production: no /dev routes */
  production: boolean;
  limits: AuthLimits;
  /**
   * TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For (0: none, the
   * socket's address counts); the client address is the entry that many from the right
   */
  trustProxy: number;
  /** uploaded files: DATA_DIR/uploads, or S3 when configured */
  storage: FileStorage;
  /** built SPA to serve (dist/web); absent in API-only tests */
  webRoot?: string;
  /** postal-code lookup (ViaCEP, fallback, cache); from the environment when absent */
  cep?: CepLookup;
  /** card payments (PAYMENT_PROVIDER); the local sandbox when absent */
  payments?: CardPayments;
  /** invoices of the cash purchase (PAYMENT_PROVIDER); the local sandbox when absent */
  invoices?: Invoices;
  /** IUGU_WEBHOOK_TOKEN: the Authorization Iugu's triggers carry; without it the payments webhook accepts nothing */
  paymentWebhookToken?: string;
  /** e-signature (SIGNATURE_PROVIDER); our own signing page when absent */
  signatures?: SignatureProvider;
  /**
   * PUBLIC_ORIGIN: the portal's origin as browsers see it (https://portal.example); the signing
   * frame posts 'signed' only to it. Absent, the request's own origin is taken.
   */
  publicOrigin?: string;
  /** the company on contracts and shown to customers (COMPANY_*); the example company when absent (tests) */
  company?: CompanyIdentity;
  /** the process's readiness (platform/health.ts): main.ts sets `draining` at shutdown; absent, never draining */
  readiness?: Readiness;
}
