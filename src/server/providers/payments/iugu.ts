import { CARD_BRANDS, PaymentProviderError, type CardBrand, type CardPayments, type PreAuthorizationResult } from './contract';

/**
 * Iugu adapter. Pre-authorisation is Iugu's "Cobrança em Duas Etapas (Captura Tardia)"
 * (https://dev.iugu.com/docs/cobrança-em-duas-etapas): it is an account setting, not a request
 * parameter (painel: Configurações > Cartão de Crédito > Fluxo de Pagamento em duas etapas). With it
 * on, a direct charge (POST /v1/charge, https://dev.iugu.com/reference/cobrança-direta-propriedades-do-response)
 * only authorises and leaves its invoice "in_analysis"; then
 * - capture: POST /v1/invoices/{id}/capture (https://dev.iugu.com/reference/capturar-fatura);
 * - cancel: PUT /v1/invoices/{id}/cancel (https://dev.iugu.com/reference/cancelar);
 * - Iugu cancels an authorisation left alone for 7 calendar days.
 * So our chargeId is the charge's `invoice_id`. Without the account setting the charge is captured at
 * once: turning it on is part of deploying with PAYMENT_PROVIDER=iugu.
 *
 * Charge answer (credit card): success, message, info_message, LR (the acquirer's return code),
 * brand, bin, last4, token, invoice_id, url, pdf. `success: false` is the issuer's refusal (Iugu
 * then cancels the invoice itself, unless keep_dunning). Tokens from iugu.js and /v1/payment_token
 * are single use, even when the charge fails, so a retried charge cannot authorise twice (after a
 * timeout the retry answers token_used while the first authorisation may exist; Iugu drops it in 7 days).
 */

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface IuguOptions {
  apiToken: string;
  /** the account id the browser's iugu.js needs (Iugu.setAccountID) */
  accountId: string | null;
  /** iugu.js test mode (Iugu.setTestMode) */
  testMode: boolean;
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** Iugu writes brands in capitals (`extra_info.brand`); the charge answer may differ in case or length. */
function brandOf(v: unknown): CardBrand | null {
  const b = String(v ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  const name = b === 'MASTERCARD' ? 'MASTER' : b === 'AMERICANEXPRESS' ? 'AMEX' : b === 'DINERSCLUB' ? 'DINERS' : b;
  return (CARD_BRANDS as readonly string[]).includes(name) ? (name as CardBrand) : null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The text of Iugu's `errors` (a string, a list or an object of field -> messages). */
function errorsText(errors: unknown): string {
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) return errors.map(errorsText).join('; ');
  if (errors && typeof errors === 'object') {
    return Object.entries(errors).map(([k, v]) => `${k}: ${errorsText(v)}`).join('; ');
  }
  return '';
}

export function iuguPayments(opts: IuguOptions): CardPayments {
  const doFetch = opts.fetch ?? fetch;
  const base = (opts.baseUrl ?? 'https://api.iugu.com').replace(/\/$/, '');
  const headers = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    // Iugu's API token is the Basic user, with an empty password
    Authorization: `Basic ${Buffer.from(`${opts.apiToken}:`).toString('base64')}`,
  };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await doFetch(`${base}${path}`, {
      method, headers, signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try { json = text ? (JSON.parse(text) as Record<string, unknown>) : {}; } catch { /* not JSON: judged by status */ }
    return { status: res.status, ok: res.ok, json, text };
  };
  const invoiceAction = async (method: 'POST' | 'PUT', chargeId: string, action: 'capture' | 'cancel') => {
    const r = await call(method, `/v1/invoices/${encodeURIComponent(chargeId)}/${action}`);
    if (!r.ok || r.json.errors) {
      throw new PaymentProviderError(`iugu refused to ${action} ${chargeId} (${r.status}): ${errorsText(r.json.errors) || r.text.slice(0, 200)}`, r.status);
    }
  };

  const provider: CardPayments = {
    name: 'iugu',
    async preAuthorize({ token, amountCents, customer, description }): Promise<PreAuthorizationResult> {
      if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error(`amountCents must be a positive integer, not ${amountCents}`);
      const r = await call('POST', '/v1/charge', {
        token,
        email: customer.email,
        items: [{ description, quantity: 1, price_cents: amountCents }],
        // the token pays by card only: no fallback to another method on this invoice
        restrict_payment_method: true,
        payer: { name: customer.name, email: customer.email },
      });
      if (r.json.errors !== undefined && r.json.success === undefined) {
        // a refused request rather than a refused card: usually the token (unknown, expired or spent)
        const message = errorsText(r.json.errors);
        if (/token/i.test(message)) {
          return { ok: false, reason: /(usad|utilizad|used)/i.test(message) ? 'token_used' : 'invalid_token', message };
        }
        throw new PaymentProviderError(`iugu refused the charge (${r.status}): ${message}`, r.status);
      }
      // the issuer's refusal, whatever the HTTP status it comes with
      if (r.json.success === false) {
        const lr = str(r.json.LR ?? r.json.lr);
        const message = [str(r.json.message) || str(r.json.info_message) || 'declined', lr && `LR ${lr}`].filter(Boolean).join(' - ');
        return { ok: false, reason: 'declined', message };
      }
      if (!r.ok || r.json.success !== true) throw new PaymentProviderError(`iugu answered ${r.status}: ${r.text.slice(0, 200)}`, r.status);
      const chargeId = str(r.json.invoice_id);
      if (!chargeId) throw new PaymentProviderError('iugu authorised a charge without invoice_id', r.status);
      const brand = brandOf(r.json.brand);
      if (!brand) {
        // iugu.js tokenizes brands we do not take (e.g. Hipercard): release the reservation at once
        await invoiceAction('PUT', chargeId, 'cancel');
        return { ok: false, reason: 'declined', message: `brand not accepted: ${str(r.json.brand) || 'unknown'}` };
      }
      return { ok: true, chargeId, card: { brand, last4: str(r.json.last4), holder: null, month: null, year: null } };
    },
    capture: (chargeId) => invoiceAction('POST', chargeId, 'capture'),
    cancel: (chargeId) => invoiceAction('PUT', chargeId, 'cancel'),
    /**
     * A charge on the new token (authorised only, as the first one was), then the old invoice
     * cancelled: Iugu drops an authorisation left alone for 7 days, so a refused cancel (already
     * cancelled or dropped), or one that timed out, is not a failure of the replacement: the new
     * card is authorised either way, and the caller is told the old one may still be.
     */
    async replaceCard(request) {
      const authorised = await provider.preAuthorize(request);
      if (!authorised.ok) return authorised;
      if (!request.previousChargeId) return { ...authorised, previousReleased: false };
      const previousReleased = await invoiceAction('PUT', request.previousChargeId, 'cancel').then(() => true, () => false);
      return { ...authorised, previousReleased };
    },
    tokenizerConfig: () => ({ provider: 'iugu', accountId: opts.accountId, testMode: opts.testMode }),
  };
  return provider;
}
