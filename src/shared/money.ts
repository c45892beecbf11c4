/**
 * BRL money for the bill value (spec §2 create-account, §9): prefix 'R$', comma as decimal
 * separator, '.' between thousands, 2 decimals, at most 10 integer digits, never negative.
 * The input mask shifts typed digits in from the cents side ('1' -> 'R$ 0,01', '12345' ->
 * 'R$ 123,45'), so a person never types a separator.
 */
export const MAX_INTEGER_DIGITS = 10;
const DECIMALS = 2;
const MAX_DIGITS = MAX_INTEGER_DIGITS + DECIMALS;
export const CURRENCY_PREFIX = 'R$';

const groupThousands = (integer: string) => integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Cents as a digit string -> 'R$ 1.234,56'. */
function formatCentsDigits(cents: string): string {
  const padded = cents.padStart(DECIMALS + 1, '0');
  const integer = padded.slice(0, -DECIMALS).replace(/^0+(?=\d)/, '');
  return `${CURRENCY_PREFIX} ${groupThousands(integer)},${padded.slice(-DECIMALS)}`;
}

/** 1234.5 -> 'R$ 1.234,50'. Negative values are shown as their absolute value (there are none). */
export function formatBRL(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  return formatCentsDigits(String(cents));
}

/**
 * The mask as typed: keeps digits only (so '-' and letters vanish), drops leading zeros, keeps
 * at most 10 integer + 2 decimal digits (extra digits are ignored), and formats. '' stays ''.
 */
export function maskCurrencyInput(typed: string): string {
  const digits = typed.replace(/\D+/g, '').replace(/^0+/, '').slice(0, MAX_DIGITS);
  if (digits === '') return '';
  return formatCentsDigits(digits);
}

/** A masked text -> its value in reais ('R$ 1.234,56' -> 1234.56); '' or no digits -> null. */
export function parseCurrencyInput(masked: string): number | null {
  const digits = masked.replace(/\D+/g, '').replace(/^0+/, '').slice(0, MAX_DIGITS);
  if (digits === '') return masked.replace(/\D+/g, '') === '' ? null : 0;
  return Number(digits) / 100;
}

/**
 * Reads a money value written by a person or a URL (the landing page's `bill` query parameter,
 * the saved default): '250', '250.5', '250,50', '1.234,56', 'R$ 1.234,56', '1234.56'.
 * Returns null for empty, non-numeric, negative or over-long (more than 10 integer digits) values.
 */
export function parseMoney(text: string | null | undefined): number | null {
  if (text == null) return null;
  const trimmed = text.trim().replace(/^R\$\s*/i, '');
  if (trimmed === '' || trimmed.startsWith('-')) return null;
  let normalised: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(trimmed) || /^\d+(,\d{1,2})?$/.test(trimmed)) {
    // pt-BR: dots group thousands, comma is decimal
    normalised = trimmed.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+(\.\d{1,2})?$/.test(trimmed)) {
    // plain decimal point, as in '250.5' from a URL
    normalised = trimmed;
  } else {
    return null;
  }
  const [integer = ''] = normalised.split('.');
  if (integer.replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}
