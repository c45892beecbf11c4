import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { onlyDigits } from '../phone';

/**
 * The holder form and the contracts' rules (spec §3 "Consumer (holder) data", §4 "Signing", "Terms
 * of use", "'Acompanhe sua instalação'", §5 "Holder form"). One place for each: the form, the
 * server and the signing machine read them from here.
 */

/** spec §3: the five marital statuses, as sent */
export const MARITAL_STATUSES = ['solteiro', 'casado', 'viuvo', 'divorciado', 'uniao estavel'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/** spec §9: a non-holder's name has at least 5 letters, occupation at least 2 */
export const CONSUMER_NAME_MIN = 5;
export const OCCUPATION_MIN = 2;

/**
 * Which holder form the customer fills (spec §3): the bill's holder answers only birth date,
 * occupation and marital status; someone else's bill also asks the holder's name, CPF, e-mail and
 * phone; a company's contracts are signed by its legal representative, asked the same as a
 * non-holder (and sent as the legitimate, spec §7).
 */
export type ConsumerForm = 'holder' | 'other' | 'company';
export function consumerFormOf(documentType: 'CPF' | 'CNPJ', isHolder: boolean | null): ConsumerForm {
  if (documentType === 'CNPJ') return 'company';
  return isHolder === false ? 'other' : 'holder';
}
export const asksIdentity = (form: ConsumerForm): boolean => form !== 'holder';
/** What a form that asks the identity must carry (spec §5: name, CPF, e-mail, phone). */
export const CONSUMER_IDENTITY_FIELDS = ['name', 'document_value', 'email', 'phone'] as const;

/** dd/mm/yyyy as typed -> its parts when it names a real day (leap years honoured), else null */
export function birthDateParts(value: string): { day: number; month: number; year: number } | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return { day, month, year };
}

/**
 * A birth date the contracts can carry: a real day, not in the future and at most 120 years back.
 * `today` is the caller's (the form's clock, the server's clock).
 */
export function isBirthDate(value: string, today: Date): boolean {
  const p = birthDateParts(value);
  if (!p) return false;
  const at = Date.UTC(p.year, p.month - 1, p.day);
  return at <= today.getTime() && p.year >= today.getUTCFullYear() - 120;
}

/** spec §5: before sending, the date goes to month-day-year: 31/12/1990 -> 12-31-1990 */
export function toMonthDayYear(value: string): string {
  const p = birthDateParts(value);
  if (!p) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(p.month)}-${pad(p.day)}-${p.year}`;
}

/** 12-31-1990 (as sent) -> 31/12/1990 (as shown and printed) */
export function fromMonthDayYear(value: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  return m ? `${m[2]}/${m[1]}/${m[3]}` : value;
}

/** The masks of spec §5, applied as the customer types. */
export function maskCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

export function maskDate(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** A valid CPF (check digits by @brazilian-utils), with or without its punctuation. */
export const isCpf = (value: string): boolean => onlyDigits(value).length === 11 && isValidCpf(onlyDigits(value));

// ---- contracts --------------------------------------------------------------------------------

/**
 * The contracts a customer signs (spec §3 contract item): a subscription customer the adhesion term
 * then the power of attorney, or one unified contract, with the terms of use accepted beside them; a
 * buyer (cash or financing) the purchase contract ('Contrato de compra', sign type T) then the power
 * of attorney ('Procuração', sign type P) on the payment screen.
 */
export const CONTRACT_TYPES = ['ADHESION_TERM', 'POWER_OF_ATTORNEY', 'CONTRACT_UNIFIED', 'PURCHASE_CONTRACT'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export interface ContractSigning { type: ContractType; is_client_signed: boolean }

/**
 * The signing step (spec §4 "Signing"): 0 while the adhesion term (or the unified contract) waits,
 * 1 while the power of attorney waits, 2 once both are signed (the terms of use come next).
 */
export function signingStep(contracts: readonly ContractSigning[]): 0 | 1 | 2 {
  const unified = contracts.find((c) => c.type === 'CONTRACT_UNIFIED');
  if (unified) return unified.is_client_signed ? 2 : 0;
  // the main contract: the adhesion term, or the purchase contract of a buyer
  const adhesion = contracts.find((c) => c.type === 'ADHESION_TERM' || c.type === 'PURCHASE_CONTRACT');
  const procuration = contracts.find((c) => c.type === 'POWER_OF_ATTORNEY');
  if (!adhesion?.is_client_signed) return 0;
  if (!procuration?.is_client_signed) return 1;
  return 2;
}

/** A contract can be opened for signing: the power of attorney only after the adhesion term. */
export function canSign(contracts: readonly ContractSigning[], type: ContractType): boolean {
  const step = signingStep(contracts);
  const target = contracts.find((c) => c.type === type);
  if (!target || target.is_client_signed) return false;
  return type === 'POWER_OF_ATTORNEY' ? step === 1 : step === 0;
}

/**
 * spec §4: 'Acompanhe sua instalação' is enabled only when the adhesion term, the power of attorney
 * and the terms of use are signed, or the unified contract is.
 */
export function installationCanFollow(contracts: readonly ContractSigning[], termsAccepted: boolean): boolean {
  if (contracts.length === 0) return false;
  if (contracts.some((c) => c.type === 'CONTRACT_UNIFIED')) return signingStep(contracts) === 2;
  return signingStep(contracts) === 2 && termsAccepted;
}

/** The signing frame answers only to these messages (spec §7: it posts 'signed'). */
export const FRAME_SIGNED_MESSAGE = 'signed';

/** spec §7: 'Contratos gerados!' closes after 2 s */
export const CONTRACTS_GENERATED_TOAST_MS = 2000;

/**
 * In what capacity a contract's signer signs (issue 29, F13): the customer for themself, the
 * holder of someone else's bill, or a company's legal representative. Each proves it with a code
 * sent to their own phone, and the evidence page names the capacity.
 */
export const SIGNER_ROLES = ['customer', 'holder', 'representative'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
