import { ANY_STAFF, DOCUMENT_READERS } from '../staff/roles';
import * as v from 'valibot';
import { endpoint, failure, staffFailures } from '../endpoint';
import { ProcessView } from '../process/payloads';
import { ConsumerData, ConsumerResponse } from '../contract/payloads';
import { BillsResponse, BillValues, StaffBillDecision, StaffBillsResponse } from './payloads';

/** The electricity bill: sending it, its owner's data, its file, and staff's decision on it. */

const session401 = { 401: failure('no valid session') };

export const sendBill = endpoint({
  method: 'post', path: '/portal/customers/bills', auth: 'customer', tag: 'bills',
  multipart: { field: 'file', description: 'the bill: PDF, JPEG or PNG (by content), at most 10 MB' },
  query: {
    is_holder: { schema: v.picklist(['true', 'false'], 'is_holder deve ser true ou false'), required: true, description: 'is the customer the holder of the bill' },
  },
  summary: 'Send the electricity bill: stored, recorded PENDING, analysed by the virtual assistant on the queue (a notification tells the outcome).',
  responses: {
    201: { description: 'the new bill, PENDING', schema: BillValues },
    400: failure('no file (4003), empty file (4005), or the upload broke off'),
    401: failure('no valid session'),
    413: failure("over 10 MB (4130, 'Tamanho do arquivo excedido! Carregue um arquivo com até 10MB.'), or an image declaring more than 40 megapixels (4131)"),
    415: failure("not a PDF, JPEG or PNG by content: a PDF the PDF reader cannot open or with markup before its header, an image with no readable size (4150, 'Tipo de arquivo não suportado!')"),
    409: failure('upload locked: a bill is in analysis or was decided for a reason that allows no new one (4092)'),
    429: failure("the customer's bill files reached their quota: 20 files or 100 MB (4294)"),
  },
});

export const bills = endpoint({
  method: 'get', path: '/portal/customers/bills', auth: 'customer', tag: 'bills', summary: "The latest bill's values, holder flag and the bills sent so far.",
  responses: { 200: { description: 'bills', schema: BillsResponse }, ...session401 },
});

export const billOwner = endpoint({
  method: 'get', path: '/portal/customers/bills/owners', auth: 'customer', tag: 'bills', summary: "The bill owner's (consumer) data.",
  responses: { 200: { description: 'owner', schema: ConsumerResponse }, ...session401 },
});

export const saveBillOwner = endpoint({
  method: 'patch', path: '/portal/customers/bills/owners', auth: 'customer', tag: 'bills', body: ConsumerData, summary: "Save the consumer (holder) data for the contracts (spec §5 holder form): birth date (MM-DD-YYYY), occupation and marital status; name, CPF, e-mail and phone too when the bill is someone else's or for a company's legal representative.",
  responses: { 200: { description: 'owner', schema: ConsumerResponse }, 400: failure('invalid data, or a required field missing (4000)'), ...session401, 409: failure('the contracts were already generated (4090)') },
});

export const billFile = endpoint({
  method: 'get', path: '/portal/customers/bill', auth: 'customer', tag: 'bills',
  query: { client_bill_file_id: { required: true, description: 'the bill id (billInfo[].id)' } },
  summary: "Download one of the customer's own bill files (attachment named fatura.pdf, .jpg or .png after the type detected at upload).",
  responses: { 200: { description: 'the file (application/pdf, image/jpeg or image/png)' }, ...session401, 404: failure('no such bill of this customer (4041)') },
});

// ---- staff --------------------------------------------------------------------------------------

export const decideBill = endpoint({
  method: 'put', path: '/admin/customers/:id/bill', auth: 'staff', roles: ['analyst'], tag: 'admin', body: StaffBillDecision,
  summary: "Decide the customer's latest bill (PENDING or WAITING): APPROVED, DISAPPROVED or DENIED with a reason, or APP. Notifies the customer; audited.",
  responses: {
    200: { description: 'the process after the decision', schema: ProcessView }, ...staffFailures, 404: failure('no bill'),
    409: failure('the bill is already decided, or stale version (4091)'),
  },
});

export const anyBillFile = endpoint({
  method: 'get', path: '/admin/bills/:billId/file', auth: 'staff', roles: DOCUMENT_READERS, tag: 'admin',
  summary: 'Download any bill file (staff review), named fatura.<extension of the detected type>. Audited.',
  responses: { 200: { description: 'the file' }, ...staffFailures, 404: failure('no such bill') },
});

export const staffBills = endpoint({
  method: 'get', path: '/admin/customers/:id/bills', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: "Every bill of the customer with the virtual assistant's reading: each field's value, confidence and the text and page position it was read from, the overall confidence and why a person must look.",
  responses: { 200: { description: 'bills, oldest first', schema: StaffBillsResponse }, ...staffFailures, 404: failure('no such customer') },
});

export const billEndpoints = [sendBill, bills, billOwner, saveBillOwner, billFile, decideBill, anyBillFile, staffBills];
