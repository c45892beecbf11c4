import * as v from 'valibot';
import { isValidEmail } from '@brazilian-utils/brazilian-utils/is-valid-email';
import { RequestSecret } from '../auth/payloads';
import { messageKeyOfText, messages as m, type MessageKey } from '../messages';
import { isSixDigitCode, RETENTION_CATEGORIES } from './rules';

/**
 * The profile page's own calls (spec §3 "Card", §7 GET/PUT /portal/customers/cc) and the
 * customer's rights over their data (LGPD art. 18, 19): the export and the deletion confirmed by an
 * SMS code. The personal data itself goes through PATCH /portal/customers (src/shared/customer).
 */

/** spec §3 "Card": brand, masked number, holder, due (month/year); never the number itself. */
export const Card = v.object({
  /** as the provider spells it: VISA, MASTER, AMEX, DINERS, ELO */
  brand: v.string(),
  /** as the customer reads it: 'Mastercard' */
  brand_name: v.string(),
  number: v.string(),
  last4: v.string(),
  /** null when the provider does not tell it (Iugu's charge answer) */
  holder: v.nullable(v.string()),
  due: v.nullable(v.string()),
});
export type Card = v.InferOutput<typeof Card>;

/** GET /portal/customers/cc: the card on file, null without one (a company pays by boleto; before the checkout). */
export const CardResponse = v.object({ success: v.literal(true), data: v.nullable(Card) });
export type CardResponse = v.InferOutput<typeof CardResponse>;

/** PUT /portal/customers/cc: the single-use token the provider's tokenizer gave the browser. */
export const CardUpdate = v.object({ token: v.pipe(v.string(), v.minLength(8), v.maxLength(2000)) });
export const CardUpdated = v.object({ success: v.literal(true), data: Card });

/**
 * The personal data form (PATCH /portal/customers) with the sign-up's rules and messages (spec §5):
 * a person's name or a company's legal name, at least 3 letters; a valid e-mail, lower-cased.
 */
export const personalDataForm = (type: 'CPF' | 'CNPJ') => v.object({
  name: v.pipe(
    v.string(), v.trim(), v.nonEmpty(m['common.form.required']),
    v.minLength(3, m[type === 'CNPJ' ? 'common.form.razaoSocial.min' : 'common.form.name.min']), v.maxLength(120, m['profile.personal.name.max']),
  ),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty(m['common.form.required']), v.check((s) => isValidEmail(s), m['common.form.email.invalid']), v.toLowerCase()),
});
export type PersonalDataForm = v.InferOutput<ReturnType<typeof personalDataForm>>;
export type PersonalField = keyof PersonalDataForm;

/** The form's values as sent, or the first problem of each field as a catalogue key (what the field shows). */
export function checkPersonalData(type: 'CPF' | 'CNPJ', input: { name: string; email: string }):
  { ok: true; value: PersonalDataForm } | { ok: false; errors: Partial<Record<PersonalField, MessageKey>> } {
  const r = v.safeParse(personalDataForm(type), input, { abortPipeEarly: true });
  if (r.success) return { ok: true, value: r.output };
  const errors: Partial<Record<PersonalField, MessageKey>> = {};
  for (const issue of r.issues) {
    const field = issue.path?.[0]?.key as PersonalField | undefined;
    if (field && !errors[field]) errors[field] = messageKeyOfText(issue.message) ?? 'common.form.required';
  }
  return { ok: false, errors };
}

/** POST /portal/customers/deletion/code: the browser's secret for this code request (as the sign-in's). */
export const DeletionCodeRequest = v.object({ secret: RequestSecret });
export const DeletionCodeSent = v.object({ phone_last4: v.string(), retry_after_s: v.number() });
export type DeletionCodeSent = v.InferOutput<typeof DeletionCodeSent>;

/** POST /portal/customers/deletion: the code that came by SMS, with the request's secret. */
export const DeletionRequest = v.object({
  secret: RequestSecret,
  code: v.pipe(v.string(m['common.access.form.requiredCode']), v.regex(/^\d{6}$/, m['common.access.form.maxCode'])),
});

/** What the deletion kept, by category of RETENTION (the page says what and why). */
export const DeletionDone = v.object({ deleted: v.literal(true), kept: v.array(v.picklist(RETENTION_CATEGORIES)) });
export type DeletionDone = v.InferOutput<typeof DeletionDone>;

/** POST /portal/customers/email/code: the new e-mail, and the browser's secret for this request (issue 29, F15). */
export const EmailChangeCodeRequest = v.object({
  secret: RequestSecret,
  email: v.pipe(v.string(), v.trim(), v.nonEmpty(m['common.form.required']), v.check((s) => isValidEmail(s), m['common.form.email.invalid']), v.toLowerCase()),
});
export type EmailChangeCodeRequest = v.InferOutput<typeof EmailChangeCodeRequest>;
/**
 * The new e-mail as the change sends it, or why it cannot be asked for: empty, invalid, or the
 * account's e-mail already (the server answers 1005 for that, the form says it first).
 */
export function checkNewEmail(current: string, typed: string): { ok: true; email: string } | { ok: false; error: MessageKey } {
  const r = v.safeParse(EmailChangeCodeRequest.entries.email, typed, { abortPipeEarly: true });
  if (!r.success) return { ok: false, error: messageKeyOfText(r.issues[0].message) ?? 'common.form.email.invalid' };
  return r.output === current.toLowerCase() ? { ok: false, error: 'profile.email.same' } : { ok: true, email: r.output };
}

/** The two codes of an e-mail change, six digits each. */
export const areEmailChangeCodes = (codes: { emailCode: string; smsCode: string }): boolean => isSixDigitCode(codes.emailCode) && isSixDigitCode(codes.smsCode);

/** Where the codes went: the new address as typed, and the phone's last four digits. */
export const EmailChangeCodeSent = v.object({ email: v.string(), phone_last4: v.string(), retry_after_s: v.number() });
export type EmailChangeCodeSent = v.InferOutput<typeof EmailChangeCodeSent>;

const SixDigits = v.pipe(v.string(m['common.access.form.requiredCode']), v.regex(/^\d{6}$/, m['common.access.form.maxCode']));

/** POST /portal/customers/email: the code that came to the new address and the one that came by SMS, with the request's secret. */
export const EmailChangeRequest = v.object({ secret: RequestSecret, email_code: SixDigits, sms_code: SixDigits });
export type EmailChangeRequest = v.InferOutput<typeof EmailChangeRequest>;

/**
 * One live session of the customer as 'Aparelhos conectados' lists it (ASVS 5.0 7.5.2): the browser
 * and system it signed in from (null when its User-Agent says nothing we know), when it signed in and
 * was last used, and whether it is the one asking. `id` names it for ending it; never its token.
 */
export const SessionItem = v.object({
  id: v.string(),
  browser: v.nullable(v.string()),
  os: v.nullable(v.string()),
  created_at: v.string(),
  last_used_at: v.string(),
  current: v.boolean(),
});
export type SessionItem = v.InferOutput<typeof SessionItem>;
export const SessionList = v.object({ data: v.array(SessionItem) });

/** POST /portal/customers/sessions/code: the browser's secret for this code request (as the sign-in's). */
export const SessionsCodeRequest = DeletionCodeRequest;

/**
 * POST /portal/customers/sessions/end: the SMS code with the request's secret, and which session
 * ends: one of the others by its id, or every other one (null). The session asking goes on.
 */
export const SessionsEndRequest = v.object({
  secret: RequestSecret,
  code: SixDigits,
  session_id: v.nullable(v.pipe(v.string(), v.uuid())),
});
export type SessionsEndRequest = v.InferOutput<typeof SessionsEndRequest>;

/** How many sessions ended, and the live ones left. */
export const SessionsEnded = v.object({ ended: v.number(), data: v.array(SessionItem) });
export type SessionsEnded = v.InferOutput<typeof SessionsEnded>;
