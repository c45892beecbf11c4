import * as v from 'valibot';
// per-function entry points: the package root is one 600 KB module that bundlers cannot split
import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidEmail } from '@brazilian-utils/brazilian-utils/is-valid-email';
import { messages as m } from '../messages';
import { isBrazilianMobile, onlyDigits } from '../phone';
import { MarketingAttribution } from '../customer/payloads';

/**
 * Auth and sign-up payloads (spec §3, §5, §7). One schema per payload, used to validate forms in the
 * browser, requests in the server, and to parse responses in the browser.
 */

// ---- pieces -------------------------------------------------------------------------------------

/** Canonical phone: 2-digit country code + 11-digit cell phone, digits only. */
export const CanonicalPhone = v.pipe(
  v.string(),
  v.regex(/^\d{13}$/, m['code.PHONE_NUMBER_INVALID']),
  v.check(isBrazilianMobile, m['code.PHONE_NUMBER_INVALID']),
);

export const CountryCodeInput = v.pipe(
  v.string(),
  v.transform(onlyDigits),
  v.nonEmpty(m['code.COUNTRY_CODE_REQUIRED']),
  v.regex(/^\d{2}$/, m['code.COUNTRY_CODE_INVALID']),
);

/** Cell phone as typed, '(11) 98765-4321': 11 digits, DDD first digit 1-9, then a 9. */
export const CellPhoneInput = v.pipe(
  v.string(),
  v.transform(onlyDigits),
  v.nonEmpty(m['common.form.required']),
  v.regex(/^\d{11}$/, m['code.PHONE_NUMBER_INVALID']),
  v.regex(/^[1-9]\d/, m['code.AREA_CODE_INVALID']),
  v.check((cell) => isBrazilianMobile(`55${cell}`), m['code.PHONE_NUMBER_INVALID']),
);

/** The six-digit SMS code (spec §5: required, six digits). */
export const AccessCode = v.pipe(
  v.string(m['common.access.form.requiredCode']),
  v.nonEmpty(m['common.access.form.requiredCode']),
  v.regex(/^\d{6}$/, m['common.access.form.maxCode']),
);

export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(m['common.form.required']),
  v.check((s) => isValidEmail(s), m['common.form.email.invalid']),
  v.toLowerCase(),
);

/**
 * The phone-code request's `secret` (spec §3): made by the browser for each code request (at least
 * 128 random bits, URL-safe base64) and sent with the request, its resends and the code. The server
 * keeps only its hash; a code can be tried only with the secret of the request that asked for it.
 */
export const RequestSecret = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{22,128}$/, m['common.error.generic']),
);

// ---- Queue_sms ----------------------------------------------------------------------------------

export const SmsType = v.picklist(['SIGN_IN', 'SIGN_UP']);
export type SmsType = v.InferOutput<typeof SmsType>;

/**
 * POST /api/v1/queue/sms: the spec's Queue_sms message. A first request carries the bot-check
 * payload in `recaptcha`; a resend (resend true) with the `secret` of a live request of that phone
 * needs none (any other resend does, and is a new request). `origin: 'REQUEST_WHATSAPP'` sends
 * through WhatsApp.
 */
export const SmsQueueRequest = v.object({
  phone: CanonicalPhone,
  coupon: v.optional(v.nullable(v.string())),
  secret: RequestSecret,
  recaptcha: v.optional(v.string()),
  type: SmsType,
  resend: v.boolean(),
  origin: v.optional(v.literal('REQUEST_WHATSAPP')),
  node_env: v.optional(v.string()),
});
export type SmsQueueRequest = v.InferOutput<typeof SmsQueueRequest>;

export const SmsQueueResponse = v.object({
  queued: v.literal(true),
  retry_after_s: v.number(),
});
export type SmsQueueResponse = v.InferOutput<typeof SmsQueueResponse>;

/** GET /api/v1/altcha/challenge: the ALTCHA proof-of-work challenge the bot-check widget solves. */
export const BotCheckChallenge = v.object({
  algorithm: v.string(), challenge: v.string(), maxnumber: v.optional(v.number()), salt: v.string(), signature: v.string(),
});

// ---- login / confirm-number ---------------------------------------------------------------------

/** The code with the secret of the request that asked for it. */
export const CodeCheckRequest = v.object({ phone: CanonicalPhone, code: AccessCode, secret: RequestSecret });
export type CodeCheckRequest = v.InferOutput<typeof CodeCheckRequest>;

/** POST /portal/login: 200 {access_token}. A valid code for a phone with no account answers
 * 404 {code: 5000, message, phone_proof} (see PhoneNotFoundBody). */
export const LoginResponse = v.object({ access_token: v.string() });
export type LoginResponse = v.InferOutput<typeof LoginResponse>;

export const PhoneNotFoundBody = v.object({
  code: v.literal(5000),
  message: v.string(),
  phone_proof: v.string(),
});

/** How long a phone_proof stays usable: the browser keeps it that long (a reload of the form keeps it). */
export const PHONE_PROOF_TTL_S = 30 * 60;

/** POST /portal/confirm-number: an existing customer gets an access_token; a new one a
 * short-lived phone_proof (PHONE_PROOF_TTL_S) to send with the sign-up payload. */
export const ConfirmNumberResponse = v.object({
  access_token: v.nullable(v.string()),
  phone_proof: v.optional(v.string()),
});
export type ConfirmNumberResponse = v.InferOutput<typeof ConfirmNumberResponse>;

/**
 * The code to the account's e-mail, for the request with this `secret`; without a live request of
 * that secret it needs the bot check (`recaptcha`), like a first request.
 */
export const ResendByEmailRequest = v.object({ phone: CanonicalPhone, secret: RequestSecret, recaptcha: v.optional(v.string()) });
export const SuccessResponse = v.object({ success: v.boolean() });

// ---- sign-up ------------------------------------------------------------------------------------

export const PERSONAL_UNIT_TYPES = ['RESIDENCIAL', 'COMERCIAL', 'APARTAMENTO'] as const;
export const BUSINESS_UNIT_TYPES = ['CONDOMINIO', 'EMPRESA'] as const;
export const UNIT_TYPE_LABELS: Record<string, string> = {
  RESIDENCIAL: 'Residencial (casa)',
  COMERCIAL: 'Comercial',
  APARTAMENTO: 'Apartamento',
  CONDOMINIO: 'Condomínio',
  EMPRESA: 'Empresa',
};

const StateCode = v.pipe(v.string(), v.nonEmpty(m['common.form.required']), v.regex(/^[A-Z]{2}$/, m['common.form.required']));
const CityId = v.pipe(v.number(m['common.form.required']), v.integer(m['common.form.required']), v.minValue(1, m['common.form.required']));
/** Bill in reais (number), at least 1 (spec §5). */
const BillValue = v.pipe(
  v.number(m['common.form.bill.required']),
  v.minValue(1, m['common.form.bill.required']),
  v.maxValue(9_999_999_999.99, m['common.form.bill.required']),
);
const Coupon = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.toUpperCase())));
const TermsAccepted = v.literal(true, m['common.form.terms.required']);

export const PersonalSignUp = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(m['common.form.required']), v.minLength(3, m['common.form.name.min'])),
  email: Email,
  state: StateCode,
  city: CityId,
  unit_type: v.pipe(
    v.picklist(PERSONAL_UNIT_TYPES, m['common.form.required']),
    v.check((u) => u !== 'APARTAMENTO', m['common.form.unit.valid']),
  ),
  bill: BillValue,
  phone: CanonicalPhone,
  coupon: Coupon,
  hasPartnership: v.optional(v.boolean(), false),
  terms: TermsAccepted,
  phone_proof: v.string(),
  /** the marketing-attribution cookie's content, when the visitor came with one */
  attribution: v.optional(MarketingAttribution),
});
export type PersonalSignUp = v.InferOutput<typeof PersonalSignUp>;

export const Cnpj = v.pipe(
  v.string(),
  v.transform((s) => s.replace(/[^0-9A-Za-z]/g, '').toUpperCase()),
  v.nonEmpty(m['common.form.required']),
  v.maxLength(14, m['common.form.cnpj.max']),
  v.check((s) => isValidCnpj(s, { version: 2 }), m['common.form.cnpj.invalid']),
);

export const BusinessSignUp = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(m['common.form.required']), v.minLength(3, m['common.form.razaoSocial.min'])),
  email: Email,
  state: StateCode,
  city: CityId,
  unit_type: v.picklist(BUSINESS_UNIT_TYPES, m['common.form.required']),
  bill: BillValue,
  phone: CanonicalPhone,
  coupon: Coupon,
  document_type: v.literal('CNPJ'),
  document_value: Cnpj,
  terms: TermsAccepted,
  phone_proof: v.string(),
  attribution: v.optional(MarketingAttribution),
});
export type BusinessSignUp = v.InferOutput<typeof BusinessSignUp>;

/** POST /portal/customers: personal and business share the path; `document_type` tells them apart. */
export const SignUpRequest = v.union([BusinessSignUp, PersonalSignUp]);
export type SignUpRequest = v.InferOutput<typeof SignUpRequest>;

/** The sign-up form a body is checked against: a `document_type` makes it the company's form. */
export const signUpFormOf = (body: unknown): typeof BusinessSignUp | typeof PersonalSignUp =>
  (typeof body === 'object' && body !== null && 'document_type' in body ? BusinessSignUp : PersonalSignUp);

export const SignUpResponse = v.object({ access_token: v.string() });

// ---- reference data -----------------------------------------------------------------------------

export const City = v.object({ city_id: v.number(), name: v.string() });
export type City = v.InferOutput<typeof City>;
export const CitiesResponse = v.object({ success: v.boolean(), data: v.array(City) });
