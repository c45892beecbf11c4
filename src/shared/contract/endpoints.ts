import { ANY_STAFF, CONTRACT_READERS } from '../staff/roles';
import { endpoint, failure, staffFailures } from '../endpoint';
import {
  CheckSignersResponse, ContractsResponse, CreateContractsRequest, LegalRepresentative, LegalRepresentativeResponse, SignatureCheck,
  StaffContractsResponse, TermsOfUseAcceptance,
} from './payloads';

/**
 * The contracts: the company's legal representative, their generation, the contracts page's reads,
 * the terms of use, the signature check, the public verification of a signed PDF, the e-signature
 * provider's webhook, and staff's view. The consumer (holder) data is sent to the bill's owner call
 * (src/shared/bill/endpoints.ts). The signing page itself (/sign/{key}) is HTML outside the API.
 */

export const saveLegitimate = endpoint({
  method: 'post', path: '/portal/customers/legitimates', auth: 'customer', tag: 'contracts', body: LegalRepresentative,
  summary: "A company's legal representative, who signs its contracts (spec §7). Saved again replaces it.",
  responses: {
    201: { description: 'saved', schema: LegalRepresentativeResponse }, 400: failure('invalid data (4000)'), 401: failure('no valid session'),
    409: failure('not a company, or the contracts were already generated (4090)'),
  },
});

export const createContracts = endpoint({
  method: 'post', path: '/portal/customers/create_contracts', auth: 'customer', tag: 'contracts', body: CreateContractsRequest,
  summary: "Generate the customer's contracts from their data. A subscription customer (after the checkout, the documents and the holder data): the adhesion term and the power of attorney, and the process moves to CONTRACT. A buyer at the payment screen (cash at once; financing once approved): the purchase contract and the power of attorney. Asking again returns the same contracts.",
  responses: {
    201: { description: 'the contracts', schema: ContractsResponse }, 400: failure('invalid data, or the holder data is missing (4000)'),
    401: failure('no valid session'), 409: failure('not at the booking step, no checkout, no documents, or no legal representative; a buyer not at CONTRACT or financing not approved (4090)'),
  },
});

export const contracts = endpoint({
  method: 'get', path: '/portal/customers/contracts', auth: 'customer', tag: 'contracts',
  summary: "The customer's contracts (empty before generation), each with its signing frame and state, and the terms of use.",
  responses: { 200: { description: 'contracts', schema: ContractsResponse }, 401: failure('no valid session') },
});

export const contractFile = endpoint({
  method: 'get', path: '/portal/customers/contracts/:contractId/file', auth: 'customer', tag: 'contracts',
  summary: "A contract's PDF to its owner: the signed one once signed, with the evidence page.",
  responses: { 200: { description: 'the PDF' }, 401: failure('no valid session'), 404: failure('no such contract') },
});

export const acceptTermsOfUse = endpoint({
  method: 'put', path: '/portal/customers/contracts/:contractId/terms-of-use', auth: 'customer', tag: 'contracts', body: TermsOfUseAcceptance,
  summary: 'The customer accepts the terms of use, recorded for the contract id (spec §4). With every contract signed, the process moves to INSTALATION.',
  responses: {
    200: { description: 'contracts', schema: ContractsResponse }, 400: failure('accepted must be true (4000)'), 401: failure('no valid session'),
    404: failure('no such contract'),
  },
});

export const checkSigners = endpoint({
  method: 'get', path: '/portal/check_signers/:key', auth: 'customer', tag: 'contracts',
  summary: 'Whether the signature of this key is recorded (spec §7): the frame\'s "signed" message is only a hint.',
  responses: { 200: { description: 'signed or not', schema: CheckSignersResponse }, 401: failure('no valid session'), 404: failure('no such key for this customer') },
});

export const verifySignature = endpoint({
  method: 'post', path: '/portal/signatures/verify', auth: 'none', tag: 'contracts',
  multipart: { field: 'file', description: 'the signed PDF as received (up to 10 MB)' },
  summary: 'Anyone holding a signed PDF checks it: valid only when its SHA-256 is one we recorded at signing (a changed byte fails).',
  responses: {
    200: { description: 'the check', schema: SignatureCheck }, 400: failure('no file (4003)'), 413: failure('over 10 MB (4130)'),
    429: failure('too many checks from this address (4292)'),
  },
});

export const signatureWebhook = endpoint({
  method: 'post', path: '/portal/webhooks/signature', auth: 'none', tag: 'contracts',
  summary: "The e-signature provider's news (Clicksign, SIGNATURE_PROVIDER=clicksign), authenticated by its HMAC header; a signature it reports is recorded.",
  responses: { 200: { description: 'taken' }, 401: failure('not authentic (4010)') },
});

// ---- staff --------------------------------------------------------------------------------------

export const staffContracts = endpoint({
  method: 'get', path: '/admin/customers/:id/contracts', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: "A customer's contracts with their signature evidence and hashes (staff).",
  responses: { 200: { description: 'contracts', schema: StaffContractsResponse }, ...staffFailures, 404: failure('no such customer') },
});

export const staffContractFile = endpoint({
  method: 'get', path: '/admin/customers/:id/contracts/:contractId/file', auth: 'staff', roles: CONTRACT_READERS, tag: 'admin',
  summary: "A customer's contract PDF (staff), the signed one once signed. Audited.",
  responses: { 200: { description: 'the PDF' }, ...staffFailures, 404: failure('no such contract') },
});

export const contractEndpoints = [
  saveLegitimate, createContracts, contracts, contractFile, acceptTermsOfUse, checkSigners, verifySignature, signatureWebhook, staffContracts, staffContractFile,
];
