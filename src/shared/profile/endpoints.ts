import { endpoint, failure } from '../endpoint';
import { CustomerProfile } from '../customer/payloads';
import {
  CardResponse, CardUpdate, CardUpdated, DeletionCodeRequest, DeletionCodeSent, DeletionDone, DeletionRequest, EmailChangeCodeRequest, EmailChangeCodeSent,
  EmailChangeRequest, SessionList, SessionsCodeRequest, SessionsEnded, SessionsEndRequest,
} from './payloads';

/**
 * The profile page's calls besides the profile itself (src/shared/customer): the card on file and
 * its replacement (spec §7), and the customer's rights over their data (LGPD art. 18 and 19): a
 * copy of everything, and the account's deletion confirmed by an SMS code.
 */

export const card = endpoint({
  method: 'get', path: '/portal/customers/cc', auth: 'customer', tag: 'profile',
  summary: 'The card on file (spec §3 "Card": brand, masked number, holder, due); data null without one (a company pays by boleto).',
  responses: { 200: { description: 'the card', schema: CardResponse }, 401: failure('no valid session') },
});

export const updateCard = endpoint({
  method: 'put', path: '/portal/customers/cc', auth: 'customer', tag: 'profile', body: CardUpdate,
  summary: "Replace the card with the one the provider's tokenizer gave the browser: the first monthly fee is pre-authorised on the new card and the old authorisation released; nothing is charged.",
  responses: {
    200: { description: 'the new card', schema: CardUpdated }, 400: failure('invalid request (4000)'), 401: failure('no valid session'),
    409: failure('no card on file: a company, or before the checkout (4090)'),
    422: failure('the card was declined (4222), or the token is invalid or used (4223)'),
    502: failure('the payments provider did not answer (5020)'),
  },
});

export const exportData = endpoint({
  method: 'get', path: '/portal/customers/export', auth: 'customer', tag: 'profile',
  summary: "A copy of everything the portal holds about the customer (LGPD art. 18 II and 19): a ZIP with dados.json (every row about them, by table; never a token, code or secret hash) and their files (bills, documents, badge, contracts and signed contracts). Other customers' data never.",
  responses: {
    200: { description: 'application/zip, as an attachment (meus-dados.zip)' }, 401: failure('no valid session'),
    429: failure('more than 10 copies in an hour (4295); retry_after_s says when'),
  },
});

export const requestDeletionCode = endpoint({
  method: 'post', path: '/portal/customers/deletion/code', auth: 'customer', tag: 'profile', body: DeletionCodeRequest,
  summary: "Send an SMS code to the account's phone to confirm its deletion; the sign-in code's rules (bound to the browser's secret, 30 s resend, 5 sends per 10 min per phone, 10 min validity).",
  responses: {
    202: { description: 'queued', schema: DeletionCodeSent }, 400: failure('invalid secret (4000)'), 401: failure('no valid session'),
    429: failure('resend too early (4290), send limit (4291) or address limit (4292)'),
  },
});

export const deleteAccount = endpoint({
  method: 'post', path: '/portal/customers/deletion', auth: 'customer', tag: 'profile', body: DeletionRequest,
  summary: "Delete the account with the SMS code (LGPD art. 18 VI): what no legal duty keeps is deleted or anonymised, every session ends; the answer says what was kept (signed contracts, payment records) and staff see only that the account was deleted.",
  responses: {
    200: { description: 'deleted', schema: DeletionDone }, 400: failure('wrong (3000) or expired (3001) code'), 401: failure('no valid session'),
    429: failure('too many wrong codes (3002)'),
  },
});

export const requestEmailChangeCodes = endpoint({
  method: 'post', path: '/portal/customers/email/code', auth: 'customer', tag: 'profile', body: EmailChangeCodeRequest,
  summary: "Start an e-mail change (issue 29, F15): a code to the new address and an SMS code to the account's phone, by the sign-in code's rules (bound to the browser's secret, 30 s resend, 5 sends per 10 min per phone, 10 min validity). The e-mail stays as it is until both codes confirm; a new request replaces the previous one.",
  responses: {
    202: { description: 'queued', schema: EmailChangeCodeSent }, 400: failure('invalid e-mail or secret, or the e-mail is already this account\'s (4000)'),
    401: failure('no valid session'), 409: failure('the e-mail belongs to another account (1005)'),
    429: failure('resend too early (4290), send limit (4291), address limit (4292), or more than 10 profile changes in an hour (4295)'),
  },
});

export const changeEmail = endpoint({
  method: 'post', path: '/portal/customers/email', auth: 'customer', tag: 'profile', body: EmailChangeRequest,
  summary: 'Confirm the e-mail change with both codes: the one sent to the new address and the SMS one (a code of any other purpose is a wrong code). Then the e-mail changes and the previous address is told, without the new one.',
  responses: {
    200: { description: 'the updated profile', schema: CustomerProfile }, 400: failure('a wrong (3000) or expired (3001) code; field says which (email_code or sms_code)'),
    401: failure('no valid session'), 409: failure('the e-mail now belongs to another account (1005)'), 429: failure('too many wrong codes (3002)'),
  },
});

export const sessionList = endpoint({
  method: 'get', path: '/portal/customers/sessions', auth: 'customer', tag: 'profile',
  summary: "'Aparelhos conectados' (ASVS 5.0 7.5.2): the customer's live sessions, newest use first: the browser and system each signed in from, when, its last use, and which is the one asking.",
  responses: { 200: { description: 'the live sessions', schema: SessionList }, 401: failure('no valid session') },
});

export const requestSessionsCode = endpoint({
  method: 'post', path: '/portal/customers/sessions/code', auth: 'customer', tag: 'profile', body: SessionsCodeRequest,
  summary: "Send an SMS code to the account's phone to confirm ending sessions (the customer proves it again, ASVS 5.0 7.5.2); the sign-in code's rules (bound to the browser's secret, 30 s resend, 5 sends per 10 min per phone, 10 min validity).",
  responses: {
    202: { description: 'queued', schema: DeletionCodeSent }, 400: failure('invalid secret (4000)'), 401: failure('no valid session'),
    429: failure('resend too early (4290), send limit (4291) or address limit (4292)'),
  },
});

export const endSessions = endpoint({
  method: 'post', path: '/portal/customers/sessions/end', auth: 'customer', tag: 'profile', body: SessionsEndRequest,
  summary: "End one other session (session_id) or every other one (null) with the SMS code ('Sair de todos os dispositivos'): their tokens answer 401 at once; the one asking goes on. A code of any other purpose is a wrong code.",
  responses: {
    200: { description: 'how many ended, and the live sessions left', schema: SessionsEnded }, 400: failure('wrong (3000) or expired (3001) code; invalid request (4000)'),
    401: failure('no valid session'), 404: failure('no other live session of the customer has that id (4040)'), 429: failure('too many wrong codes (3002)'),
  },
});

export const profileEndpoints = [card, updateCard, exportData, requestDeletionCode, deleteAccount, requestEmailChangeCodes, changeEmail, sessionList, requestSessionsCode, endSessions];
