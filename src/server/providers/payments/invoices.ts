import type { InvoiceStatus } from '#shared/payment/rules';

/**
 * Invoices (ARCHITECTURE "Card payments and boleto"): the cash purchase is paid by boleto or Pix on
 * an invoice the provider issues and hosts. `local` issues them offline (a boleto PDF with a
 * well-formed FEBRABAN digitable line and barcode, and a Pix copy-paste code, served by our own
 * sandbox route); `iugu` creates real ones (POST /v1/invoices). Our `invoices` table keeps what the
 * customer sees; the provider says when one is paid (webhook, staff reconciliation, or a poll).
 */

export interface InvoicePayer {
  name: string;
  /** CPF or CNPJ digits; null when the portal does not know it (Iugu then asks it on its page) */
  cpfCnpj: string | null;
  email: string;
  /** digits, country code first */
  phone: string;
  address: { street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string; cep: string } | null;
}

export interface InvoiceRequest {
  /** our invoice id, sent as the provider's custom reference */
  reference: string;
  amountCents: number;
  /** yyyy-mm-dd, on Brazil's calendar */
  dueDate: string;
  payer: InvoicePayer;
  /** the line the invoice shows */
  description: string;
}

export interface IssuedInvoice {
  /** the provider's id (Iugu's invoice id; the sandbox's own) */
  providerRef: string;
  /** the page (or PDF) the customer opens in a new tab; unguessable, needs no session */
  secureUrl: string;
  status: InvoiceStatus;
  /** 47 digits (linha digitável), without punctuation */
  digitableLine: string | null;
  /** 44 digits (código de barras) */
  barcode: string | null;
  /** Pix copia e cola (EMV BR Code) */
  pixCode: string | null;
}

export interface InvoiceState { status: InvoiceStatus; paidAt: Date | null }

export interface Invoices {
  readonly name: 'local' | 'iugu';
  /** Issues the invoice; rejects (PaymentProviderError) only when the provider cannot answer or refuses. */
  issue(request: InvoiceRequest): Promise<IssuedInvoice>;
  /** The provider's view of an invoice (to reconcile after a webhook or on demand). */
  state(providerRef: string): Promise<InvoiceState>;
  /** Cancels an open invoice. */
  cancel(providerRef: string): Promise<void>;
}
