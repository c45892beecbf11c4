import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { InvoiceStatus } from '#shared/payment/rules';
import { isValidBarcode } from './boleto';
import { PaymentProviderError } from './contract';
import type { InvoiceRequest, Invoices, IssuedInvoice } from './invoices';
import { isValidPixCode } from './pix';

/**
 * Iugu's invoices (faturas) for the cash purchase, payable by boleto or Pix:
 * - issue: POST /v1/invoices (https://dev.iugu.com/reference/criar-fatura) with `email`,
 *   `due_date` (AAAA-MM-DD), one item in centavos, `payable_with: ['bank_slip', 'pix']`, our
 *   reference as a custom variable, the payer (`cpf_cnpj`, `name`, `email`, `phone_prefix`,
 *   `phone`, `address`) as far as we know it, and `ensure_workday_due_date: true` (Iugu moves a
 *   due date on a Saturday or Sunday to the next weekday). The answer carries `id`, `secure_url`
 *   (the invoice's page), `status`, `bank_slip.digitable_line`, `bank_slip.barcode_data` and
 *   `pix.qrcode_text` (the copy-paste code); a field we cannot read as such is returned null. The
 *   digitable line is checked by `isValidBoleto` (@brazilian-utils/brazilian-utils: the three
 *   modulo 10 field digits and the modulo 11 general one); the barcode by its general check digit
 *   (./boleto: the library reads 44-digit barcodes of the convênio kind only); the Pix code by
 *   ./pix (the same library), static (a key) or dynamic (a PSP location, what Iugu's PSP issues).
 * - state: GET /v1/invoices/{id} ("Consultar Fatura"), its `status` and `paid_at`.
 * - cancel: PUT /v1/invoices/{id}/cancel (https://dev.iugu.com/reference/cancelar).
 * Auth is HTTP Basic with the API token as the user and no password, as for cards (./iugu).
 *
 * Statuses (https://dev.iugu.com/docs/faturas, "Status de Fatura") -> ours:
 *   pending, draft, in_analysis, authorized, partially_paid -> PENDING: still to be paid in full
 *     (draft is not yet generated; in_analysis/authorized are a card's first step; partially_paid:
 *     only part of a boleto was paid, staff settle the rest);
 *   paid, externally_paid -> PAID; in_protest -> PAID (a paid card payment under dispute: still
 *     paid until the dispute is lost);
 *   canceled, refunded, chargeback -> CANCELED (no money stays with us);
 *   expired -> EXPIRED.
 * Any other status is unknown: `state` and `issue` reject it, the webhook parser ignores it.
 *
 * Webhooks ("gatilhos", https://dev.iugu.com/docs/gatilhos) are POSTed form-encoded
 * (application/x-www-form-urlencoded): `event=invoice.status_changed&data[id]=...&data[status]=...`
 * (with data[account_id], data[subscription_id] and others). Iugu sends the token configured for
 * the trigger in the Authorization header: check it with `iuguWebhookAuthorized` before reading.
 */

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface IuguInvoicesOptions {
  apiToken: string;
  baseUrl?: string;
  fetch?: FetchLike;
  /** per request; 20 s by default */
  timeoutMs?: number;
}

const IUGU_STATUSES = new Map<string, InvoiceStatus>([
  ['pending', 'PENDING'], ['draft', 'PENDING'], ['in_analysis', 'PENDING'], ['authorized', 'PENDING'], ['partially_paid', 'PENDING'],
  ['paid', 'PAID'], ['externally_paid', 'PAID'], ['in_protest', 'PAID'],
  ['canceled', 'CANCELED'], ['refunded', 'CANCELED'], ['chargeback', 'CANCELED'],
  ['expired', 'EXPIRED'],
]);

/** Iugu's invoice status as ours; null for a status we do not know. */
export function mapIuguInvoiceStatus(status: unknown): InvoiceStatus | null {
  return typeof status === 'string' ? (IUGU_STATUSES.get(status.trim().toLowerCase()) ?? null) : null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function errorsText(errors: unknown): string {
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) return errors.map(errorsText).join('; ');
  if (errors && typeof errors === 'object') return Object.entries(errors).map(([k, v]) => `${k}: ${errorsText(v)}`).join('; ');
  return '';
}

/** Brazilian phone digits (country code first, or without it) -> Iugu's area code and number. */
export function splitPhone(phone: string): { phone_prefix: string; phone: string } | null {
  let d = phone.replace(/\D+/g, '');
  if (d.length >= 12 && d.startsWith('55')) d = d.slice(2);
  if (d.length !== 10 && d.length !== 11) return null;
  return { phone_prefix: d.slice(0, 2), phone: d.slice(2) };
}

/** The body of POST /v1/invoices for our request. */
export function iuguInvoiceBody(request: InvoiceRequest): Record<string, unknown> {
  const { payer } = request;
  const phone = splitPhone(payer.phone);
  const address = payer.address;
  return {
    email: payer.email,
    due_date: request.dueDate,
    ensure_workday_due_date: true,
    items: [{ description: request.description, quantity: 1, price_cents: request.amountCents }],
    payable_with: ['bank_slip', 'pix'],
    custom_variables: [{ name: 'reference', value: request.reference }],
    payer: {
      ...(payer.cpfCnpj ? { cpf_cnpj: payer.cpfCnpj.replace(/\D+/g, '') } : {}),
      name: payer.name,
      email: payer.email,
      ...(phone ?? {}),
      ...(address
        ? {
          address: {
            zip_code: address.cep.replace(/\D+/g, ''), street: address.street, number: address.number, district: address.neighborhood,
            city: address.city, state: address.state, ...(address.complement ? { complement: address.complement } : {}), country: 'Brasil',
          },
        }
        : {}),
    },
  };
}

const digitsOrNull = (v: unknown, ok: (d: string) => boolean): string | null => {
  const d = str(v).replace(/\D+/g, '');
  return d && ok(d) ? d : null;
};

/** Iugu dates are ISO 8601 with an offset ('2026-05-15T10:32:11-03:00'); anything else is null. */
function dateOrNull(v: unknown): Date | null {
  const s = str(v);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s)) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function iuguInvoices(opts: IuguInvoicesOptions): Invoices {
  const doFetch = opts.fetch ?? fetch;
  const base = (opts.baseUrl ?? 'https://api.iugu.com').replace(/\/$/, '');
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const headers = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Authorization: `Basic ${Buffer.from(`${opts.apiToken}:`).toString('base64')}`,
  };

  /** One request; a network failure or timeout and any non-2xx answer (or `errors`) reject with PaymentProviderError. */
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, what: string, body?: unknown) => {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}${path}`, {
        method, headers, signal: AbortSignal.timeout(timeoutMs),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      text = await res.text();
    } catch (e) {
      const name = (e as Error)?.name;
      const reason = name === 'TimeoutError' || name === 'AbortError' ? `no answer in ${timeoutMs} ms` : String((e as Error)?.message ?? e);
      throw new PaymentProviderError(`iugu did not answer (${what}): ${reason}`);
    }
    let json: Record<string, unknown> = {};
    try { json = text ? obj(JSON.parse(text)) : {}; } catch { /* not JSON: judged by status */ }
    if (!res.ok || json.errors !== undefined) {
      throw new PaymentProviderError(`iugu refused to ${what} (${res.status}): ${errorsText(json.errors) || text.slice(0, 200)}`, res.status);
    }
    return { status: res.status, json };
  };

  const statusOf = (raw: unknown, httpStatus: number, what: string): InvoiceStatus => {
    const status = mapIuguInvoiceStatus(raw);
    if (!status) throw new PaymentProviderError(`iugu answered an unknown invoice status to ${what}: '${str(raw)}'`, httpStatus);
    return status;
  };

  const idPath = (providerRef: string) => `/v1/invoices/${encodeURIComponent(providerRef)}`;

  return {
    name: 'iugu',
    async issue(request): Promise<IssuedInvoice> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new Error(`amountCents must be a positive integer, not ${request.amountCents}`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(request.dueDate)) throw new Error(`dueDate must be yyyy-mm-dd, not '${request.dueDate}'`);
      const r = await call('POST', '/v1/invoices', 'create the invoice', iuguInvoiceBody(request));
      const id = str(r.json.id);
      const secureUrl = str(r.json.secure_url);
      if (!id || !secureUrl) throw new PaymentProviderError('iugu created an invoice without id or secure_url', r.status);
      const bankSlip = obj(r.json.bank_slip);
      const pix = obj(r.json.pix);
      const pixText = str(pix.qrcode_text).trim();
      return {
        providerRef: id,
        secureUrl,
        status: statusOf(r.json.status, r.status, 'create the invoice'),
        digitableLine: digitsOrNull(bankSlip.digitable_line, (d) => d.length === 47 && isValidBoleto(d)),
        barcode: digitsOrNull(bankSlip.barcode_data, (d) => d.length === 44 && isValidBarcode(d)),
        pixCode: pixText && isValidPixCode(pixText) ? pixText : null,
      };
    },
    async state(providerRef) {
      const r = await call('GET', idPath(providerRef), `read invoice ${providerRef}`);
      const status = statusOf(r.json.status, r.status, `read invoice ${providerRef}`);
      return { status, paidAt: status === 'PAID' ? dateOrNull(r.json.paid_at) : null };
    },
    async cancel(providerRef) {
      await call('PUT', `${idPath(providerRef)}/cancel`, `cancel invoice ${providerRef}`);
    },
  };
}

export interface IuguInvoiceWebhook {
  /** Iugu's invoice id (our providerRef) */
  providerRef: string;
  status: InvoiceStatus;
  /** the status as Iugu wrote it */
  iuguStatus: string;
}

/**
 * Reads an Iugu trigger's form body. Returns the invoice and its new status for
 * `invoice.status_changed`; null for any other event, a status we do not know or a body without
 * an invoice id (answer those 200 all the same, or Iugu retries them). The webhook says what
 * changed; `state` can confirm it with Iugu before acting on money.
 */
export function parseIuguInvoiceWebhook(body: string | URLSearchParams): IuguInvoiceWebhook | null {
  const form = typeof body === 'string' ? new URLSearchParams(body) : body;
  if (form.get('event') !== 'invoice.status_changed') return null;
  const providerRef = (form.get('data[id]') ?? '').trim();
  const iuguStatus = (form.get('data[status]') ?? '').trim();
  const status = mapIuguInvoiceStatus(iuguStatus);
  if (!providerRef || !status) return null;
  return { providerRef, status, iuguStatus };
}

/**
 * Whether a trigger's Authorization header carries the token configured for it in Iugu (compared
 * in constant time). An empty expected token never matches.
 */
export function iuguWebhookAuthorized(authorization: string | null | undefined, expectedToken: string): boolean {
  if (!expectedToken || !authorization) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(authorization.trim()), digest(expectedToken));
}
