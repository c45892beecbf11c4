import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils/is-valid-mobile-phone';

/**
 * Canonical phone: digits only, country code first ('5511987654321'), as the profile stores it.
 * Country code is 2 digits (default 55); the cell phone 11 digits (DDD + 9 digits) (spec §5, §9).
 */
export const DEFAULT_COUNTRY_CODE = '55';

/**
 * The numbers the business serves: Brazilian mobiles (ANATEL Resolução 749/2022: a real DDD, then
 * nine digits starting 7, 8 or 9, not the 700 satellite series). Codes go only to these, so the
 * SMS budget cannot be pumped to foreign or made-up numbers (issue 29, F7).
 */
export const isBrazilianMobile = (canonical: string): boolean =>
  /^55\d{11}$/.test(canonical) && isValidMobilePhone(canonical.slice(2), { version: 2 });

export const onlyDigits = (value: string): string => value.replace(/\D+/g, '');

export function canonicalPhone(countryCode: string, cellPhone: string): string {
  return onlyDigits(countryCode) + onlyDigits(cellPhone);
}

/** Splits a canonical phone back into its country code and cell phone. */
export function splitPhone(canonical: string): { countryCode: string; cellPhone: string } {
  const digits = onlyDigits(canonical);
  return { countryCode: digits.slice(0, 2), cellPhone: digits.slice(2) };
}

/** '5511987654321' -> '+55 (11) 98765-4321', for showing the number on the code screen. */
export function formatPhone(canonical: string): string {
  const { countryCode, cellPhone } = splitPhone(canonical);
  if (cellPhone.length !== 11) return `+${countryCode} ${cellPhone}`;
  return `+${countryCode} (${cellPhone.slice(0, 2)}) ${cellPhone.slice(2, 7)}-${cellPhone.slice(7)}`;
}

/** Cell phone mask as typed: (11) 98765-4321 */
export function maskCellPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
