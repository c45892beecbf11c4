import { messageKeyOfText, messages, type MessageKey } from './messages';

/**
 * Error codes carried in `{code, message}` bodies. 1005..5004 are the spec's sign-up codes (§8);
 * the 3xxx/4xxx below are ours for the rules the spec leaves unshown (code expiry, tries, limits).
 */
export const ErrorCode = {
  EMAIL_IN_USE: 1005,
  CPF_INVALID: 1017,
  CNPJ_INVALID: 1018,
  WEAK_PASSWORD: 2002,
  CODE_INVALID: 3000,
  CODE_EXPIRED: 3001,
  CODE_TOO_MANY_TRIES: 3002,
  VALIDATION: 4000,
  BOT_CHECK_FAILED: 4001,
  COUPON_INVALID: 4002,
  RESEND_TOO_EARLY: 4290,
  SEND_LIMIT: 4291,
  ADDRESS_RATE_LIMIT: 4292,
  /** the portal's daily budget of code messages (all, or one area code's) is spent: an operator is alerted */
  SEND_BUDGET: 4297,
  /** too many profile changes (PATCH /portal/customers) by one customer in an hour */
  PROFILE_RATE_LIMIT: 4295,
  UNAUTHORIZED: 4010,
  PHONE_NOT_FOUND: 5000,
  CUSTOMER_IN_USE: 5001,
  CITY_NOT_FOUND: 5002,
  NUMBER_NOT_CONFIRMED: 5003,
  PHONE_IN_USE: 5004,
  /** unknown API path; 405 for a known path with another method */
  NOT_FOUND: 4040,
  METHOD_NOT_ALLOWED: 4050,
  /** uploads (ours): missing or empty file, over 10 MB, not a PDF/JPEG/PNG by content, file not found */
  UPLOAD_MISSING: 4003,
  UPLOAD_EMPTY: 4005,
  UPLOAD_TOO_LARGE: 4130,
  UPLOAD_UNSUPPORTED: 4150,
  FILE_NOT_FOUND: 4041,
  /** an image declaring more pixels than MAX_IMAGE_PIXELS (a decompression bomb) */
  UPLOAD_IMAGE_TOO_LARGE: 4131,
  /** a body over its call's cap (bodyCap in src/shared/endpoint.ts), refused before it is read */
  BODY_TOO_LARGE: 4132,
  /** the customer's files of one kind (bills, badges) reached UPLOAD_QUOTA (count or bytes) */
  UPLOAD_QUOTA: 4294,
  /** an employee badge from a customer without an employer partnership */
  PARTNERSHIP_REQUIRED: 4031,
  /** the customer's process does not accept this action now; stale version; bill upload locked */
  PROCESS_REFUSED: 4090,
  PROCESS_STALE: 4091,
  BILL_LOCKED: 4092,
  /** a staff route with a customer token (or none) */
  STAFF_ONLY: 4030,
  /** back-office: the member's roles do not allow the call (src/shared/staff/roles.ts) */
  STAFF_ROLE: 4032,
  /** back-office sign-in: e-mail or app code wrong (one answer for both); held after repeated failures */
  STAFF_SIGN_IN_FAILED: 4011,
  STAFF_SIGN_IN_HELD: 4296,
  /** back-office passkey: not confirmed (unknown e-mail, foreign or cloned passkey, stale challenge; one answer); the last way in kept */
  STAFF_PASSKEY_FAILED: 4012,
  STAFF_LAST_FACTOR: 4094,
  /** back-office enrolment: the invitation is unknown, used or expired */
  STAFF_INVITE_INVALID: 4046,
  /** technical visit (ours): one open visit, day or slot not bookable, within 24 h, no such visit */
  VISIT_ALREADY_OPEN: 4093,
  VISIT_TOO_CLOSE: 4095,
  /** staff: a visit's outcome before its booked start, without confirming an early visit */
  VISIT_NOT_STARTED: 4096,
  /** a plan that is not fit for the customer's bill cannot be chosen ('Não apto') */
  PLAN_NOT_FIT: 4097,
  /** the e-mail changes only with a code sent to the new address and an SMS code (POST /portal/customers/email), not by PATCH */
  EMAIL_NEEDS_CODES: 4099,
  /** checkout: a card from a company or a boleto day from an individual (spec §6) */
  CHECKOUT_METHOD: 4098,
  /** checkout: the issuer declined the card; the token was invalid, expired or used */
  PAYMENT_DECLINED: 4222,
  PAYMENT_TOKEN_INVALID: 4223,
  VISIT_DATE_UNAVAILABLE: 4220,
  VISIT_NOT_FOUND: 4043,
  /** postal-code lookup (ours): unknown CEP, or no provider answered */
  CEP_NOT_FOUND: 4044,
  CEP_UNAVAILABLE: 5030,
  CEP_RATE_LIMIT: 4293,
  /** the payments provider did not answer or refused to issue the invoice */
  PAYMENT_UNAVAILABLE: 5020,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

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

const byCode: Record<number, MessageKey> = {
  1005: 'api.1005',
  1017: 'api.1017',
  1018: 'api.1018',
  2002: 'api.2002',
  3000: 'access.code.invalid',
  3001: 'access.code.expired',
  3002: 'access.code.tooManyTries',
  4001: 'code.RECAPTCHA_REQUIRED',
  4002: 'signup.coupon.invalid',
  4290: 'access.code.resendTooEarly',
  4291: 'access.code.sendLimit',
  4292: 'access.code.rateLimited',
  4297: 'access.code.unavailable',
  4295: 'common.error.tooManyRequests',
  4010: 'common.error.unauthorized',
  4040: 'common.error.notFound',
  4050: 'common.error.notFound',
  4003: 'upload.file.missing',
  4005: 'upload.file.empty',
  4130: 'upload.file.tooLarge',
  4150: 'upload.file.unsupported',
  4041: 'upload.file.notFound',
  4131: 'upload.image.tooLarge',
  4132: 'common.error.tooLarge',
  4294: 'upload.quota',
  4031: 'partnership.badge.notPartner',
  4090: 'process.event.refused',
  4091: 'process.event.stale',
  4092: 'bill.upload.locked',
  4030: 'staff.forbidden',
  4032: 'staff.role.forbidden',
  4011: 'staff.signIn.failed',
  4296: 'staff.signIn.held',
  4012: 'staff.passkey.failed',
  4094: 'staff.passkey.lastFactor',
  4046: 'staff.invite.invalid',
  4093: 'visit.alreadyOpen',
  4095: 'visit.tooClose',
  4096: 'visit.outcomeTooEarly',
  4097: 'plan.notFit',
  4098: 'checkout.error',
  4099: 'profile.email.needsCodes',
  4222: 'checkout.card.declined',
  4223: 'checkout.card.tokenExpired',
  4220: 'visit.dateUnavailable',
  4043: 'visit.notFound',
  4044: 'cep.notFound',
  5030: 'cep.unavailable',
  4293: 'cep.rateLimited',
  5000: 'api.5000',
  5001: 'api.5001',
  5002: 'api.5002',
  5003: 'api.5003',
  5004: 'api.5004',
};

/** The catalogue key the server sends for a code (server side writes `message` from it). */
export function messageKeyForCode(code: number): MessageKey | undefined {
  return byCode[code];
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
