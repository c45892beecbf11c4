import { messageKeyOfText, messages, type MessageKey } from './messages';

/**
 * Every refusal the API answers, by name: the `code` carried in its `{code, message}` body, the
 * HTTP status it answers with and the catalogue key of its message (none: the generic text). A
 * service throws a refusal by name (the server's DomainError); the HTTP edge reads its status and
 * message here, so a code's status and text are written once. 1005..5004 are the spec's sign-up
 * codes (§8); the 3xxx/4xxx are ours for the rules the spec leaves unshown (code expiry, tries, limits).
 */
export const ERRORS = {
  EMAIL_IN_USE: { code: 1005, status: 409, message: 'api.1005' },
  CPF_INVALID: { code: 1017, status: 400, message: 'api.1017' },
  CNPJ_INVALID: { code: 1018, status: 400, message: 'api.1018' },
  WEAK_PASSWORD: { code: 2002, status: 400, message: 'api.2002' },
  CODE_INVALID: { code: 3000, status: 400, message: 'access.code.invalid' },
  CODE_EXPIRED: { code: 3001, status: 400, message: 'access.code.expired' },
  CODE_TOO_MANY_TRIES: { code: 3002, status: 429, message: 'access.code.tooManyTries' },
  VALIDATION: { code: 4000, status: 400 },
  BOT_CHECK_FAILED: { code: 4001, status: 400, message: 'code.RECAPTCHA_REQUIRED' },
  COUPON_INVALID: { code: 4002, status: 422, message: 'signup.coupon.invalid' },
  RESEND_TOO_EARLY: { code: 4290, status: 429, message: 'access.code.resendTooEarly' },
  SEND_LIMIT: { code: 4291, status: 429, message: 'access.code.sendLimit' },
  ADDRESS_RATE_LIMIT: { code: 4292, status: 429, message: 'access.code.rateLimited' },
  /** the portal's daily budget of code messages (all, or one area code's) is spent: an operator is alerted */
  SEND_BUDGET: { code: 4297, status: 429, message: 'access.code.unavailable' },
  /** too many profile changes (PATCH /portal/customers) by one customer in an hour */
  PROFILE_RATE_LIMIT: { code: 4295, status: 429, message: 'common.error.tooManyRequests' },
  UNAUTHORIZED: { code: 4010, status: 401, message: 'common.error.unauthorized' },
  PHONE_NOT_FOUND: { code: 5000, status: 404, message: 'api.5000' },
  CUSTOMER_IN_USE: { code: 5001, status: 409, message: 'api.5001' },
  CITY_NOT_FOUND: { code: 5002, status: 422, message: 'api.5002' },
  NUMBER_NOT_CONFIRMED: { code: 5003, status: 403, message: 'api.5003' },
  PHONE_IN_USE: { code: 5004, status: 409, message: 'api.5004' },
  /** unknown API path; 405 for a known path with another method */
  NOT_FOUND: { code: 4040, status: 404, message: 'common.error.notFound' },
  METHOD_NOT_ALLOWED: { code: 4050, status: 405, message: 'common.error.notFound' },
  /** uploads (ours): missing or empty file, over 10 MB, not a PDF/JPEG/PNG by content, file not found */
  UPLOAD_MISSING: { code: 4003, status: 400, message: 'upload.file.missing' },
  UPLOAD_EMPTY: { code: 4005, status: 400, message: 'upload.file.empty' },
  UPLOAD_TOO_LARGE: { code: 4130, status: 413, message: 'upload.file.tooLarge' },
  UPLOAD_UNSUPPORTED: { code: 4150, status: 415, message: 'upload.file.unsupported' },
  FILE_NOT_FOUND: { code: 4041, status: 404, message: 'upload.file.notFound' },
  /** an image declaring more pixels than MAX_IMAGE_PIXELS (a decompression bomb) */
  UPLOAD_IMAGE_TOO_LARGE: { code: 4131, status: 413, message: 'upload.image.tooLarge' },
  /** a body over its call's cap (bodyCap in src/shared/endpoint.ts), refused before it is read */
  BODY_TOO_LARGE: { code: 4132, status: 413, message: 'common.error.tooLarge' },
  /** the customer's files of one kind (bills, badges) reached UPLOAD_QUOTA (count or bytes) */
  UPLOAD_QUOTA: { code: 4294, status: 429, message: 'upload.quota' },
  /** an employee badge from a customer without an employer partnership */
  PARTNERSHIP_REQUIRED: { code: 4031, status: 403, message: 'partnership.badge.notPartner' },
  /** the customer's process does not accept this action now; stale version; bill upload locked */
  PROCESS_REFUSED: { code: 4090, status: 409, message: 'process.event.refused' },
  PROCESS_STALE: { code: 4091, status: 409, message: 'process.event.stale' },
  BILL_LOCKED: { code: 4092, status: 409, message: 'bill.upload.locked' },
  /** a staff route with a customer token (or none) */
  STAFF_ONLY: { code: 4030, status: 403, message: 'staff.forbidden' },
  /** back-office: the member's roles do not allow the call (src/shared/staff/roles.ts) */
  STAFF_ROLE: { code: 4032, status: 403, message: 'staff.role.forbidden' },
  /** back-office sign-in: e-mail or app code wrong (one answer for both); held after repeated failures */
  STAFF_SIGN_IN_FAILED: { code: 4011, status: 401, message: 'staff.signIn.failed' },
  STAFF_SIGN_IN_HELD: { code: 4296, status: 429, message: 'staff.signIn.held' },
  /** back-office passkey: not confirmed (unknown e-mail, foreign or cloned passkey, stale challenge; one answer); the last way in kept */
  STAFF_PASSKEY_FAILED: { code: 4012, status: 401, message: 'staff.passkey.failed' },
  STAFF_LAST_FACTOR: { code: 4094, status: 409, message: 'staff.passkey.lastFactor' },
  /** back-office enrolment: the invitation is unknown, used or expired */
  STAFF_INVITE_INVALID: { code: 4046, status: 404, message: 'staff.invite.invalid' },
  /** technical visit (ours): one open visit, day or slot not bookable, within 24 h, no such visit */
  VISIT_ALREADY_OPEN: { code: 4093, status: 409, message: 'visit.alreadyOpen' },
  VISIT_TOO_CLOSE: { code: 4095, status: 409, message: 'visit.tooClose' },
  /** staff: a visit's outcome before its booked start, without confirming an early visit */
  VISIT_NOT_STARTED: { code: 4096, status: 409, message: 'visit.outcomeTooEarly' },
  /** a plan that is not fit for the customer's bill cannot be chosen ('Não apto') */
  PLAN_NOT_FIT: { code: 4097, status: 409, message: 'plan.notFit' },
  /** the e-mail changes only with a code sent to the new address and an SMS code (POST /portal/customers/email), not by PATCH */
  EMAIL_NEEDS_CODES: { code: 4099, status: 409, message: 'profile.email.needsCodes' },
  /** checkout: a card from a company or a boleto day from an individual (spec §6) */
  CHECKOUT_METHOD: { code: 4098, status: 409, message: 'checkout.error' },
  /** checkout: the issuer declined the card; the token was invalid, expired or used */
  PAYMENT_DECLINED: { code: 4222, status: 422, message: 'checkout.card.declined' },
  PAYMENT_TOKEN_INVALID: { code: 4223, status: 422, message: 'checkout.card.tokenExpired' },
  /** staff: the final proposal's power and price size no system */
  PROPOSAL_UNSIZED: { code: 4221, status: 422, message: 'proposal.final.unsized' },
  VISIT_DATE_UNAVAILABLE: { code: 4220, status: 422, message: 'visit.dateUnavailable' },
  VISIT_NOT_FOUND: { code: 4043, status: 404, message: 'visit.notFound' },
  /** postal-code lookup (ours): unknown CEP, or no provider answered */
  CEP_NOT_FOUND: { code: 4044, status: 404, message: 'cep.notFound' },
  CEP_UNAVAILABLE: { code: 5030, status: 503, message: 'cep.unavailable' },
  CEP_RATE_LIMIT: { code: 4293, status: 429, message: 'cep.rateLimited' },
  /** the payments provider did not answer or refused to issue the invoice */
  PAYMENT_UNAVAILABLE: { code: 5020, status: 502 },
} as const satisfies Record<string, { code: number; status: RefusalStatus; message?: MessageKey }>;

/** The statuses a refusal answers with. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 502 | 503;
export type ErrorName = keyof typeof ERRORS;

/** The codes by name (what callers compare a body's `code` with). */
export const ErrorCode = Object.fromEntries(Object.entries(ERRORS).map(([name, row]) => [name, row.code])) as { readonly [N in ErrorName]: (typeof ERRORS)[N]['code'] };
export type ErrorCode = (typeof ErrorCode)[ErrorName];
/** The body of every API error. `field` names the offending input when there is one. */
export interface ApiErrorBody {
  code: number;
  message: string;
  field?: string;
  /** seconds until the action may be tried again (resend cooldown, limits) */
  retry_after_s?: number;
  /** the request's id (also in the X-Request-Id header), for support to find its log lines */
  request_id?: string;
}

const byCode: Record<number, MessageKey> = Object.fromEntries(
  Object.values(ERRORS).flatMap((row): [number, MessageKey][] => ('message' in row ? [[row.code, row.message]] : [])),
);
const byNumber: Record<number, ErrorName> = Object.fromEntries(Object.entries(ERRORS).map(([name, row]) => [row.code, name as ErrorName]));

/** The name of a refusal's code, when it is one of ours. */
export function errorNameOfCode(code: number): ErrorName | undefined {
  return byNumber[code];
}

/**
 * The catalogue key of an API error body (spec §8): a message containing INVALID_COUPON is
 * 'Cupom inválido'; a validation refusal (4000) keeps the server's text when it is a catalogue text
 * (the shared schemas' messages); a known code its own key; anything else the fallback (a text
 * the catalogue does not know is never shown as it is).
 */
export function messageKeyForError(
  body: Partial<ApiErrorBody> | undefined,
  fallback: MessageKey = 'common.error.generic',
): MessageKey {
  if (body?.message && body.message.includes('INVALID_COUPON')) return 'signup.coupon.invalid';
  const known = body?.code === ErrorCode.VALIDATION && body.message ? messageKeyOfText(body.message) : null;
  if (known) return known;
  const key = body?.code !== undefined ? byCode[body.code] : undefined;
  return key ?? fallback;
}

/** What a person reads for an API error body: the text of its key (see messageKeyForError). */
export function userMessageForError(
  body: Partial<ApiErrorBody> | undefined,
  fallback: MessageKey = 'common.error.generic',
): string {
  return messages[messageKeyForError(body, fallback)];
}
