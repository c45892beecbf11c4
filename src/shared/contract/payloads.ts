import * as v from 'valibot';
import { isValidEmail } from '@brazilian-utils/brazilian-utils/is-valid-email';
import { messages as m } from '../messages';
import { onlyDigits } from '../phone';
import {
  CONSUMER_NAME_MIN, CONTRACT_TYPES, MARITAL_STATUSES, OCCUPATION_MIN, birthDateParts, fromMonthDayYear, isBirthDate, isCpf, toMonthDayYear,
} from './rules';

/**
 * The holder form, the legal representative, the contracts and their signatures (spec §3, §5, §7).
 * One schema per payload: the form in the browser, the request on the server, the answer parsed.
 */

// ---- pieces -------------------------------------------------------------------------------------

const Name = v.pipe(v.string(), v.trim(), v.minLength(CONSUMER_NAME_MIN, m['consumer.error.name']), v.maxLength(120, m['consumer.error.name']));
const Cpf = v.pipe(v.string(), v.transform(onlyDigits), v.check(isCpf, m['consumer.error.cpf']));
const ConsumerEmail = v.pipe(v.string(), v.trim(), v.check((s) => isValidEmail(s), m['consumer.error.email']), v.toLowerCase());
/** 11 digits (DDD and number), punctuation dropped before sending (spec §5) */
const CellPhone = v.pipe(v.string(), v.transform(onlyDigits), v.regex(/^[1-9]\d9\d{8}$/, m['consumer.error.phone']));
const Occupation = v.pipe(v.string(), v.trim(), v.minLength(OCCUPATION_MIN, m['consumer.error.occupation']), v.maxLength(80, m['consumer.error.occupation']));
const Marital = v.picklist(MARITAL_STATUSES, m['consumer.error.marital']);
/** month-day-year as sent (spec §5), a real day in the past */
const BirthSent = v.pipe(
  v.string(m['consumer.error.birth']),
  v.regex(/^\d{2}-\d{2}-\d{4}$/, m['consumer.error.birth']),
  v.check((s) => isBirthDate(fromMonthDayYear(s), new Date()), m['consumer.error.birth']),
);

// ---- holder form ------------------------------------------------------------------------------

/** The holder form as typed (masks of spec §5); the identity fields only when the form asks them. */
export const ConsumerFormInput = v.object({
  date_of_birth: v.pipe(v.string(), v.check((s) => birthDateParts(s) !== null && isBirthDate(s, new Date()), m['consumer.error.birth'])),
  occupation: Occupation,
  marital_status: Marital,
});
export const ConsumerIdentityInput = v.object({ name: Name, document_value: Cpf, email: ConsumerEmail, phone: CellPhone });

/**
 * PATCH /portal/customers/bills/owners: the consumer (holder) data. The identity fields are
 * required when the bill is someone else's, or for a company's legal representative (the server
 * checks it against the customer: `asksIdentity`).
 */
export const ConsumerData = v.object({
  name: v.optional(v.nullable(Name)),
  document_value: v.optional(v.nullable(Cpf)),
  email: v.optional(v.nullable(ConsumerEmail)),
  phone: v.optional(v.nullable(CellPhone)),
  date_of_birth: BirthSent,
  occupation: Occupation,
  marital_status: Marital,
});
export type ConsumerData = v.InferOutput<typeof ConsumerData>;
export const ConsumerResponse = v.object({ is_holder: v.nullable(v.boolean()), owner: v.nullable(ConsumerData) });
export type ConsumerResponse = v.InferOutput<typeof ConsumerResponse>;

/** POST portal/customers/legitimates: who signs for a company (spec §7). */
export const LegalRepresentative = v.object({ name: Name, document_value: Cpf, email: ConsumerEmail, phone: CellPhone });
export type LegalRepresentative = v.InferOutput<typeof LegalRepresentative>;
export const LegalRepresentativeResponse = v.object({ legitimate: LegalRepresentative });

/** POST portal/customers/create_contracts (spec §3 "Contract creation input"). */
export const CreateContractsRequest = v.object({ occupation: Occupation, marital_status: Marital, date_of_birth: BirthSent });
export type CreateContractsRequest = v.InferOutput<typeof CreateContractsRequest>;

// ---- contracts --------------------------------------------------------------------------------

/** One contract to sign (spec §3 contract item and signature entry). */
export const ContractItem = v.object({
  id: v.string(),
  type: v.picklist(CONTRACT_TYPES),
  name: v.string(),
  /** the signature key the frame opens (spec §7 check_signers/{key}) */
  key: v.string(),
  /** the signing frame, posting 'signed' back to the portal's origin */
  url: v.string(),
  is_client_signed: v.boolean(),
  signed_at: v.nullable(v.string()),
  /** the PDF (the signed one once signed), to its owner */
  file_url: v.string(),
});
export type ContractItem = v.InferOutput<typeof ContractItem>;

/** GET /portal/customers/contracts: the contracts, the terms of use and the origin the frame is served from. */
export const ContractsResponse = v.object({
  contracts: v.array(ContractItem),
  /** the terms of use accepted (spec §4: recorded for the contract id), or null */
  terms_of_use: v.object({ contract_id: v.nullable(v.string()), accepted_at: v.nullable(v.string()) }),
  /** the origin that serves the frame and whose 'signed' message counts (ours, or the provider's) */
  frame_origin: v.string(),
});
export type ContractsResponse = v.InferOutput<typeof ContractsResponse>;

/** GET portal/check_signers/{key} (spec §7). */
export const CheckSignersResponse = v.object({ is_sign: v.boolean() });

/** PUT /portal/customers/contracts/{contractId}/terms-of-use: the customer accepts the terms of use. */
export const TermsOfUseAcceptance = v.object({ accepted: v.literal(true) });

// ---- signing page (outside the API prefix) ------------------------------------------------------

/** POST /sign/{key}/code: send a fresh SMS code to the signer's verified phone. */
export const SigningCodeRequest = v.object({ secret: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,128}$/)) });
/** POST /sign/{key}: sign with the code and the consent (spec §5 "Signature"). */
export const SigningRequest = v.object({
  secret: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,128}$/)),
  code: v.pipe(v.string(), v.regex(/^\d{6}$/, m['common.access.form.maxCode'])),
  consent: v.literal(true, m['signing.consent.required']),
});
export const SigningResult = v.object({ signed: v.literal(true), signed_at: v.string(), signed_sha256: v.string() });

/** POST /portal/signatures/verify: what a signed PDF proves. */
export const SignatureCheck = v.object({
  valid: v.boolean(),
  signed_sha256: v.string(),
  original_sha256: v.nullable(v.string()),
  contract: v.nullable(v.object({ id: v.string(), name: v.string(), signed_at: v.string() })),
});
export type SignatureCheck = v.InferOutput<typeof SignatureCheck>;

// ---- staff ------------------------------------------------------------------------------------

/** A contract with its signature evidence (staff). */
export const StaffContract = v.object({
  id: v.string(),
  type: v.picklist(CONTRACT_TYPES),
  name: v.string(),
  created_at: v.string(),
  original_sha256: v.string(),
  signed_at: v.nullable(v.string()),
  signed_sha256: v.nullable(v.string()),
  terms_of_use_accepted_at: v.nullable(v.string()),
  evidence: v.nullable(v.object({ ip: v.string(), user_agent: v.string(), phone_last4: v.string(), consent: v.string() })),
});
export const StaffContractsResponse = v.object({ data: v.array(StaffContract) });

// ---- the holder form's sending ------------------------------------------------------------------

/** The holder form's fields as typed, masks included. */
export interface ConsumerFormValues {
  name: string;
  document_value: string;
  email: string;
  phone: string;
  date_of_birth: string;
  occupation: string;
  marital_status: string;
  terms: boolean;
}

/** What the form sends (spec §4 "Consumer data save"): the owner data, and for a company the legitimate too. */
export interface ConsumerSubmission {
  consumer: v.InferInput<typeof ConsumerData>;
  legitimate: v.InferInput<typeof LegalRepresentative> | null;
}

/**
 * The form's values as sent (spec §5): CPF and phone lose their punctuation and the date goes to
 * month-day-year; the identity fields only when the form asks them.
 */
export function toConsumerSubmission(form: 'holder' | 'other' | 'company', values: ConsumerFormValues): ConsumerSubmission {
  const base = { date_of_birth: toMonthDayYear(values.date_of_birth), occupation: values.occupation.trim(), marital_status: values.marital_status as MaritalStatusIn };
  if (form === 'holder') return { consumer: base, legitimate: null };
  const identity = {
    name: values.name.trim(), document_value: onlyDigits(values.document_value), email: values.email.trim().toLowerCase(), phone: onlyDigits(values.phone),
  };
  return { consumer: { ...identity, ...base }, legitimate: form === 'company' ? identity : null };
}
type MaritalStatusIn = v.InferInput<typeof ConsumerData>['marital_status'];
