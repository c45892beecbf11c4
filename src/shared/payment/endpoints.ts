import { ANY_STAFF } from '../staff/roles';
import { endpoint, failure, staffFailures } from '../endpoint';
import { DocumentsResponse } from '../document/payloads';
import {
  ClientLendingResponse, InvoiceResponse, InvoiceStatusResponse, StaffFinancingDecision, StaffInvoiceUpdate, StaffPaymentView,
  StepSupplyResponse,
} from './payloads';

/**
 * The purchase on the payment screen (cash or bank financing): the cash invoice, the financing
 * status, the purchase documents and the move to SUPPLY; staff's decisions; the local payments
 * sandbox's invoice page. The purchase contracts are generated and signed through the contracts'
 * calls (src/shared/contract/endpoints.ts).
 */

export const createInvoice = endpoint({
  method: 'patch', path: '/portal/customers/create/:profileId/invoice', auth: 'customer', tag: 'payment',
  summary: "The cash purchase's invoice (boleto and Pix) for the final proposal's value, once the purchase contract and the power of attorney are signed. Asking again returns the same invoice while it is open.",
  responses: {
    200: { description: 'the invoice; invoice_url opens in a new tab', schema: InvoiceResponse }, 401: failure('no valid session'),
    404: failure('profileId is not the signed-in customer'),
    409: failure('not a cash purchase, or a signature is missing (4090)'), 502: failure('the payments provider did not answer (5020)'),
  },
});

export const invoiceStatus = endpoint({
  method: 'get', path: '/portal/customer/invoice_status', auth: 'customer', tag: 'payment',
  summary: "The cash invoice's status (PENDING, PAID, CANCELED, EXPIRED), null before it exists.",
  responses: { 200: { description: 'status', schema: InvoiceStatusResponse }, 401: failure('no valid session') },
});

export const clientLending = endpoint({
  method: 'get', path: '/portal/client_lending', auth: 'customer', tag: 'payment',
  summary: 'The financing status (NOT_REQUESTED, IN_EVALUATION, APPROVED, DENIED); only staff change it.',
  responses: { 200: { description: 'status', schema: ClientLendingResponse }, 401: failure('no valid session'), 409: failure('not a financing customer (4090)') },
});

export const sendPurchaseDocuments = endpoint({
  method: 'post', path: '/portal/customers/documents/proposal', auth: 'customer', tag: 'payment',
  multipart: { field: 'document', files: 3, description: 'cash: document (a personal photo document for the utility\'s homologation); financing: document (CNH or RG with CPF), proof_of_address and proof_of_income, all three. Each PDF, JPEG or PNG up to 10 MB, checked by content.' },
  summary: 'The purchase documents, once the purchase contract and the power of attorney are signed; all files of the request are kept or none. A document in review or approved cannot be sent again; a denied one can.',
  responses: {
    201: { description: 'documents after the upload', schema: DocumentsResponse }, 400: failure('a required file is missing or empty (4003, 4005)'),
    401: failure('no valid session'), 409: failure('not a purchase, a signature is missing, or already sent (4090)'),
    413: failure('a file over 10 MB (4130)'), 415: failure('not a PDF, JPEG or PNG (4150)'), 429: failure('document quota reached (4294)'),
  },
});

export const stepSupply = endpoint({
  method: 'patch', path: '/portal/customers/step_supply', auth: 'customer', tag: 'payment',
  summary: "Move to SUPPLY when the server's records say so (spec §4): purchase contract signed and, cash, the invoice paid and the personal document sent; financing, the three documents sent and the financing APPROVED. Asking again after the move returns the steps.",
  responses: {
    200: { description: 'the steps after the move', schema: StepSupplyResponse }, 401: failure('no valid session'),
    409: failure('a condition is missing (4090, field says which: contract, invoice, documents, financing)'),
  },
});

export const staffPayment = endpoint({
  method: 'get', path: '/admin/customers/:id/payment', auth: 'staff', roles: ANY_STAFF, tag: 'payment',
  summary: "A customer's purchase: payment type, financing status and invoice.",
  responses: { 200: { description: 'the purchase', schema: StaffPaymentView }, ...staffFailures, 404: failure('no such customer') },
});

export const decideFinancing = endpoint({
  method: 'put', path: '/admin/customers/:id/financing', auth: 'staff', roles: ['sales'], tag: 'payment', body: StaffFinancingDecision,
  summary: "Set a financing customer's status (IN_EVALUATION, APPROVED, DENIED); the customer is notified.",
  responses: {
    200: { description: 'the purchase', schema: StaffPaymentView }, 400: failure('invalid status (4000)'), ...staffFailures,
    404: failure('no such customer'), 409: failure('not a financing customer, or already in SUPPLY (4090)'),
  },
});

export const reconcileInvoice = endpoint({
  method: 'put', path: '/admin/customers/:id/invoice', auth: 'staff', roles: ['sales'], tag: 'payment', body: StaffInvoiceUpdate,
  summary: "Mark the cash invoice paid (a payment seen at the bank) or cancelled; the customer is notified when paid.",
  responses: {
    200: { description: 'the purchase', schema: StaffPaymentView }, 400: failure('invalid status (4000)'), ...staffFailures,
    404: failure('no such customer or no invoice'), 409: failure('the invoice is not open (4090)'),
  },
});

export const sandboxInvoice = endpoint({
  method: 'get', path: '/payments-sandbox/invoices/:secureId', auth: 'none', tag: 'payment',
  summary: "The local payments sandbox's invoice (PAYMENT_PROVIDER=local): the boleto PDF with its digitable line, barcode and Pix copy-paste code. 404 with another provider.",
  responses: { 200: { description: 'application/pdf' }, 404: failure('no such invoice, or the sandbox is off') },
});

export const sandboxPayInvoice = endpoint({
  method: 'post', path: '/payments-sandbox/invoices/:secureId/pay', auth: 'none', tag: 'payment', development: true,
  summary: 'Development only: the sandbox pays its invoice, as a bank would (Iugu test mode has the same button).',
  responses: { 204: { description: 'paid' }, 404: failure('no such invoice, or the sandbox is off'), 409: failure('the invoice is not open (4090)') },
});

export const paymentWebhook = endpoint({
  method: 'post', path: '/portal/webhooks/payments', auth: 'none', tag: 'payment',
  summary: "The payments provider's news (Iugu's invoice.status_changed trigger, form-encoded), authenticated by the token configured for its triggers (IUGU_WEBHOOK_TOKEN). The provider is asked again before a payment is believed.",
  responses: { 200: { description: 'taken' }, 401: failure('not authentic (4010)') },
});

export const paymentEndpoints = [
  createInvoice, invoiceStatus, clientLending, sendPurchaseDocuments, stepSupply, staffPayment, decideFinancing, reconcileInvoice, sandboxInvoice,
  sandboxPayInvoice, paymentWebhook,
];
