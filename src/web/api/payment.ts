import { clientLending, createInvoice, invoiceStatus, sendPurchaseDocuments, stepSupply } from '#shared/payment/endpoints';
import type { DocumentRecord } from '#shared/document/payloads';
import type { ClientLendingResponse, Invoice, InvoiceStatusResponse } from '#shared/payment/payloads';
import type { PurchaseDocumentField } from '#shared/payment/rules';
import type { MenuStep } from '#shared/steps';
import type { Transport } from './transport';

/** The purchase on the payment screen: the cash invoice, the financing status, the purchase documents and the move to SUPPLY. */
export const paymentCalls = (t: Transport) => ({
  /** PATCH portal/customers/create/{profileId}/invoice: the invoice (boleto and Pix); its invoice_url opens in a new tab */
  async createInvoice(profileId: number): Promise<Invoice> {
    return (await t.call(createInvoice, { params: { profileId }, fallback: 'payment.invoice.error' })).data;
  },

  /** GET /portal/customer/invoice_status */
  async getInvoiceStatus(): Promise<InvoiceStatusResponse> {
    return (await t.call(invoiceStatus, {})).data;
  },

  /** GET /portal/client_lending: the financing status staff set */
  async getClientLending(): Promise<ClientLendingResponse> {
    return (await t.call(clientLending, { fallback: 'financing.status.error' })).data;
  },

  /** POST /portal/customers/documents/proposal: every chosen file in its field, in one request */
  async sendPurchaseDocuments(files: readonly { field: PurchaseDocumentField; file: Blob; name: string }[], onProgress?: (ratio: number) => void): Promise<DocumentRecord[]> {
    return (await t.sendFile(sendPurchaseDocuments, { files, fallback: 'bill.upload.error', onProgress })).data;
  },

  /** PATCH /portal/customers/step_supply (the server checks every condition again) */
  async stepSupply(): Promise<MenuStep[]> {
    return (await t.call(stepSupply, { fallback: 'payment.supply.error' })).data.data;
  },
});
