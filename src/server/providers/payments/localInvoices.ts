import { brazilDay } from '#shared/calendar';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { BRAND_NAME } from '#shared/brand';
import type { Clock } from '../../config';
import { MAX_AMOUNT_CENTS, dueDateFactor, makeBoleto, parseDigitableLine } from './boleto';
import { PaymentProviderError } from './contract';
import type { Invoices } from './invoices';
import { InvoicePdfError, invoicePdf } from './invoicePdf';
import { parsePixCode, pixCode } from './pix';

/**
 * The offline invoice sandbox (PAYMENT_PROVIDER=local). `issue` makes, with no network and no
 * storage of its own:
 * - a boleto with a well-formed FEBRABAN barcode and digitable line (./boleto): bank code 000,
 *   which no bank has (so no bank can take it), due date and amount of the request, and a free
 *   field of 25 digits derived from our reference (a SHA-256, or an HMAC with `secret`), so each
 *   invoice has its own line and issuing the same reference again gives the same one;
 * - a static Pix copy-paste code (./pix, written by @brazilian-utils/brazilian-utils'
 *   `generatePixPayload`, the library that also reads Iugu's) for the amount, to a fictitious random
 *   key (an EVP, the kind of key a bank draws at random: SANDBOX_PIX_KEY, registered to nobody), with
 *   a txid from our reference;
 * - a providerRef `sbx_` + 24 random bytes in base64url (192 bits). It is also the secure id of
 *   the invoice's page, `SANDBOX_INVOICE_URL_PREFIX + providerRef`: the sandbox route finds the
 *   invoice by the providerRef the caller stored, and nobody can guess another one.
 *
 * The sandbox keeps no state: the caller's invoices table is the truth for the local provider
 * (status, the sandbox's "pay" button, staff reconciliation). So `state` throws (read the table
 * instead) and `cancel` only checks the id is a sandbox one. The route renders the PDF from the
 * stored row with `sandboxInvoicePdf`.
 */

/** Where the sandbox serves an invoice; the caller registers the route (GET .../invoices/:secureId). */
export const SANDBOX_INVOICE_URL_PREFIX = '/api/v1/payments-sandbox/invoices/';
/** No bank's COMPE code: a boleto with it is well formed but payable nowhere. */
export const SANDBOX_BANK_CODE = '000';
/** A random EVP key drawn once for the sandbox; not registered to anyone (a random UUID never is). */
export const SANDBOX_PIX_KEY = 'ad8aeed5-7fce-4e4a-bb19-757cd10f82c7';
/** The Pix receiver's city: a placeholder until the company's address is settled. */
export const SANDBOX_PIX_CITY = 'SAO PAULO';

const SANDBOX_REF = /^sbx_[A-Za-z0-9_-]{32}$/;

/** Whether `s` has the shape of a sandbox providerRef (= secure id): check before looking it up. */
export const isSandboxInvoiceRef = (s: string): boolean => SANDBOX_REF.test(s);

/** The boleto's 25-digit free field for our reference. */
export function sandboxFreeField(reference: string, secret?: string): string {
  const digest = secret
    ? createHmac('sha256', secret).update(`payments-sandbox-boleto/v1:${reference}`).digest('hex')
    : createHash('sha256').update(`payments-sandbox-boleto/v1:${reference}`).digest('hex');
  return (BigInt(`0x${digest}`) % 10n ** 25n).toString().padStart(25, '0');
}

/**
 * The Pix txid (letters and digits, at most 25) for our reference: the reference itself when it
 * fits, else the first 25 hex digits of its SHA-256 (a UUID without its dashes is 32 characters;
 * cutting it could make two references one).
 */
export function sandboxTxid(reference: string): string {
  if (/^[A-Za-z0-9]{1,25}$/.test(reference)) return reference;
  return createHash('sha256').update(reference).digest('hex').slice(0, 25).toUpperCase();
}


export interface LocalInvoicesOptions {
  clock: Clock;
  /** APP_SECRET: keys the boleto's free field, so its digits tell nothing of our reference */
  secret?: string;
  /** the Pix key of the copy-paste code; SANDBOX_PIX_KEY when not given */
  pixKey?: string;
}

export function localInvoices(opts: LocalInvoicesOptions): Invoices {
  const ours = (providerRef: string) => {
    if (!isSandboxInvoiceRef(providerRef)) throw new Error(`not a sandbox invoice: ${providerRef}`);
  };
  return {
    name: 'local',
    async issue(request) {
      const { reference, amountCents, dueDate } = request;
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error(`amountCents must be a positive integer, not ${amountCents}`);
      // what Iugu would refuse, refused alike
      if (amountCents > MAX_AMOUNT_CENTS) throw new PaymentProviderError(`the sandbox refused the invoice: ${amountCents} centavos do not fit a boleto`, 422);
      try {
        dueDateFactor(dueDate);
      } catch {
        throw new PaymentProviderError(`the sandbox refused the invoice: due date '${dueDate}'`, 422);
      }
      if (dueDate < brazilDay(opts.clock.now())) throw new PaymentProviderError(`the sandbox refused the invoice: due date ${dueDate} is past`, 422);

      const providerRef = `sbx_${randomBytes(24).toString('base64url')}`;
      const boleto = makeBoleto({ bankCode: SANDBOX_BANK_CODE, amountCents, dueDate, freeField: sandboxFreeField(reference, opts.secret) });
      const pix = pixCode({
        key: opts.pixKey ?? SANDBOX_PIX_KEY, amountCents, merchantName: BRAND_NAME, merchantCity: SANDBOX_PIX_CITY, txid: sandboxTxid(reference),
      });
      return {
        providerRef,
        secureUrl: `${SANDBOX_INVOICE_URL_PREFIX}${providerRef}`,
        status: 'PENDING',
        digitableLine: boleto.digitableLine,
        barcode: boleto.barcode,
        pixCode: pix,
      };
    },
    async state(providerRef) {
      ours(providerRef);
      throw new Error('the payments sandbox keeps no state: read the invoice from the invoices table');
    },
    async cancel(providerRef) {
      ours(providerRef);
    },
  };
}

/** What the caller stored of a sandbox invoice, for its PDF. */
export interface SandboxInvoiceRow {
  reference: string;
  amountCents: number;
  /** yyyy-mm-dd */
  dueDate: string;
  payerName: string;
  description?: string | null;
  digitableLine: string;
  barcode: string;
  /** null or '': no Pix part */
  pixCode: string | null;
  /** when it was issued: the PDF's date (none when not given) */
  issuedAt?: Date | null;
}

/**
 * The sandbox invoice's PDF (./invoicePdf) from the stored row. Checks that the row is one
 * boleto: every check digit, the line's amount and due date against the row's, and the Pix code's
 * CRC and amount; a row that disagrees throws InvoicePdfError rather than printing a wrong boleto.
 */
export async function sandboxInvoicePdf(row: SandboxInvoiceRow): Promise<Uint8Array<ArrayBuffer>> {
  let line;
  try {
    line = parseDigitableLine(row.digitableLine);
  } catch (e) {
    throw new InvoicePdfError(`not a valid digitable line: ${(e as Error).message}`);
  }
  if (line.amountCents !== row.amountCents) throw new InvoicePdfError('the digitable line has another amount');
  let factor: string;
  try {
    factor = dueDateFactor(row.dueDate);
  } catch (e) {
    throw new InvoicePdfError(`not a due date: ${(e as Error).message}`);
  }
  if (String(line.dueDateFactor).padStart(4, '0') !== factor) throw new InvoicePdfError('the digitable line has another due date');
  if (row.pixCode) {
    let pix;
    try {
      pix = parsePixCode(row.pixCode);
    } catch (e) {
      throw new InvoicePdfError(`not a valid Pix code: ${(e as Error).message}`);
    }
    if (pix.amountCents !== row.amountCents) throw new InvoicePdfError('the Pix code has another amount');
  }
  return invoicePdf(row);
}
