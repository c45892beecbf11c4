import type { Clock } from '../../config';
import type { CardPayments } from './contract';
import { iuguPayments } from './iugu';
import { localPayments, type TokenClaim } from './local';
import type { Invoices } from './invoices';
import { iuguInvoices } from './iuguInvoices';
import { localInvoices } from './localInvoices';

/**
 * Card payments (ARCHITECTURE "Card payments and boleto"): the customer's card is tokenized in the
 * browser against the provider, so card numbers and security codes never reach our API; the server
 * only sees a single-use token. With it we pre-authorise the first monthly fee now and capture it
 * later (or cancel it when the contract falls through).
 *
 * - `local`: the offline sandbox (`./local`), speaking Iugu's payment_token contract so the browser
 *   code is the same for both;
 * - `iugu`: the vendor (`./iugu`), its "cobrança em duas etapas".
 */

export * from './contract';
export { createPaymentToken, localPayments, SANDBOX_APPROVED_NUMBERS, SANDBOX_DECLINED_NUMBERS, SANDBOX_TOKEN_URL, type TokenClaim } from './local';
export { iuguPayments } from './iugu';

export interface PaymentsDeps {
  clock: Clock;
  /**
   * The local sandbox's single-use check: records a token's nonce and answers false when it was
   * already recorded. Back it with a unique key (INSERT ... ON CONFLICT DO NOTHING RETURNING) so
   * two requests racing with the same token cannot both pass.
   */
  usedTokens: TokenClaim;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

/**
 * From the environment: PAYMENT_PROVIDER = `local` (default) or `iugu`. Iugu needs IUGU_API_TOKEN;
 * IUGU_ACCOUNT_ID (for the browser's tokenizer), IUGU_TEST_MODE (`true`/`1`) and IUGU_BASE_URL
 * (default https://api.iugu.com) are optional. `secret` (APP_SECRET) signs the sandbox's tokens.
 */
export function paymentsFromEnv(env: NodeJS.ProcessEnv, secret: string, deps: PaymentsDeps): CardPayments {
  const provider = env.PAYMENT_PROVIDER || 'local';
  if (provider === 'local') return localPayments({ secret, clock: deps.clock, usedTokens: deps.usedTokens });
  if (provider === 'iugu') {
    if (!env.IUGU_API_TOKEN) throw new Error('PAYMENT_PROVIDER=iugu needs IUGU_API_TOKEN');
    return iuguPayments({
      apiToken: env.IUGU_API_TOKEN,
      accountId: env.IUGU_ACCOUNT_ID || null,
      testMode: env.IUGU_TEST_MODE === 'true' || env.IUGU_TEST_MODE === '1',
      baseUrl: env.IUGU_BASE_URL || 'https://api.iugu.com',
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  }
  // a typo must not fall back to the sandbox silently
  throw new Error(`PAYMENT_PROVIDER must be 'local' or 'iugu', not '${provider}'`);
}

/**
 * Invoices for the cash purchase (boleto and Pix; ./invoices): `local` issues them offline
 * (./localInvoices: well-formed boleto and Pix codes that nobody can pay, a PDF served by the
 * sandbox route; its status lives only in our invoices table), `iugu` creates real ones
 * (./iuguInvoices: POST /v1/invoices, webhook `invoice.status_changed`).
 */
export type * from './invoices';
export {
  localInvoices, sandboxInvoicePdf, isSandboxInvoiceRef, SANDBOX_INVOICE_URL_PREFIX, SANDBOX_BANK_CODE, SANDBOX_PIX_KEY,
  type LocalInvoicesOptions, type SandboxInvoiceRow,
} from './localInvoices';
export { iuguInvoices, iuguWebhookAuthorized, mapIuguInvoiceStatus, parseIuguInvoiceWebhook, type IuguInvoiceWebhook } from './iuguInvoices';
export { formatDigitableLine, isValidBarcode, isValidDigitableLine, parseDigitableLine, BoletoError, type ParsedBoleto } from './boleto';
export { isValidPixCode, parsePixCode, PixCodeError, type ParsedPixCode } from './pix';
export { invoicePdf, InvoicePdfError, type InvoicePdfData } from './invoicePdf';

export interface InvoicesDeps {
  clock: Clock;
  /** APP_SECRET: keys the sandbox boleto's free field (optional) */
  secret?: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

/**
 * From the environment, as `paymentsFromEnv`: PAYMENT_PROVIDER = `local` (default) or `iugu`
 * (IUGU_API_TOKEN required, IUGU_BASE_URL optional).
 */
export function invoicesFromEnv(env: NodeJS.ProcessEnv, deps: InvoicesDeps): Invoices {
  const provider = env.PAYMENT_PROVIDER || 'local';
  if (provider === 'local') return localInvoices({ clock: deps.clock, ...(deps.secret ? { secret: deps.secret } : {}) });
  if (provider === 'iugu') {
    if (!env.IUGU_API_TOKEN) throw new Error('PAYMENT_PROVIDER=iugu needs IUGU_API_TOKEN');
    return iuguInvoices({
      apiToken: env.IUGU_API_TOKEN,
      baseUrl: env.IUGU_BASE_URL || 'https://api.iugu.com',
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  }
  throw new Error(`PAYMENT_PROVIDER must be 'local' or 'iugu', not '${provider}'`);
}
