import { ANY_STAFF, DOCUMENT_READERS } from '../staff/roles';
import { endpoint, failure, staffFailures } from '../endpoint';
import { DocumentRecord, DocumentsResponse, StaffDocumentDecision } from './payloads';

/** The customer's documents on the booking screen, and staff's decision on each. */

export const documents = endpoint({
  method: 'get', path: '/portal/customers/documents', auth: 'customer', tag: 'documents',
  summary: 'The current record of each document type the customer sent: type, status (PENDING, DENIED, APPROVED) and, when denied, why.',
  responses: { 200: { description: 'documents', schema: DocumentsResponse }, 401: failure('no valid session') },
});

export const sendDocuments = endpoint({
  method: 'post', path: '/portal/customers/documents', auth: 'customer', tag: 'documents',
  multipart: { field: 'document', files: 4, description: "individual: document (ID front, required) and document_back (optional); company: card ('Cartão CNPJ'), receipt ('Representante legal') and document ('Documento legal'), all three. Each PDF, JPEG or PNG up to 10 MB, checked by content." },
  summary: 'Send documents for analysis (after the checkout); all files of the request are kept or none. A type in review or approved cannot be sent again; a denied one can.',
  responses: {
    201: { description: 'documents after the upload', schema: DocumentsResponse }, 400: failure('a required file is missing or empty (4003, 4005)'),
    401: failure('no valid session'), 409: failure('before the checkout, or the document is in review or approved (4090)'),
    413: failure('a file over 10 MB (4130)'), 415: failure('not a PDF, JPEG or PNG (4150)'), 429: failure('document quota reached (4294)'),
  },
});

export const documentFile = endpoint({
  method: 'get', path: '/portal/customers/documents/:documentId/:side', auth: 'customer', tag: 'documents',
  summary: "A document's file (side 'front' or 'back'), only to its owner, named by the server ('documento.pdf').",
  responses: { 200: { description: 'the file' }, 401: failure('no valid session'), 404: failure('no such document or side') },
});

// ---- staff --------------------------------------------------------------------------------------

export const staffDocuments = endpoint({
  method: 'get', path: '/admin/customers/:id/documents', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: "A customer's documents (staff), every record sent, newest first.",
  responses: { 200: { description: 'documents', schema: DocumentsResponse }, ...staffFailures, 404: failure('no such customer') },
});

export const staffDocumentFile = endpoint({
  method: 'get', path: '/admin/customers/:id/documents/:documentId/:side', auth: 'staff', roles: DOCUMENT_READERS, tag: 'admin',
  summary: "A customer's document file (side 'front' or 'back') for review, named by the server; only a document of that customer. Audited.",
  responses: { 200: { description: 'the file' }, ...staffFailures, 404: failure('no such document or side for this customer') },
});

export const decideDocument = endpoint({
  method: 'put', path: '/admin/customers/:id/documents/:documentId', auth: 'staff', roles: ['analyst'], tag: 'admin', body: StaffDocumentDecision,
  summary: "Approve a document, or deny it with the reason the customer reads (staff). Notifies the customer; audited.",
  responses: {
    200: { description: 'the decided document', schema: DocumentRecord }, 400: failure('a denial needs its reason (4000)'), ...staffFailures,
    404: failure('no such document'), 409: failure('already decided (4090)'),
  },
});

export const documentEndpoints = [documents, sendDocuments, documentFile, staffDocuments, decideDocument, staffDocumentFile];
