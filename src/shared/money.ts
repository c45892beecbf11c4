/**
 * BRL money for the bill value (spec §2 create-account, §9): prefix 'R$', comma as decimal
 * separator, '.' between thousands, 2 decimals, at most 10 integer digits, never negative.
 * The input mask reads what a person types as reais ('450' -> 'R$ 450'); a comma starts the
 * cents ('450,5' -> 'R$ 450,5'), and the field shows both decimals once it is left ('R$ 450,50').
 * (Digits shifting in from the cents turned a typed '450' into R$ 4,50: issue 10.)
 */
export const MAX_INTEGER_DIGITS = 10;
const DECIMALS = 2;
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
 * The mask as typed: digits before the comma are reais (leading zeros dropped, thousands grouped,
 * 10 digits at most), a comma starts the cents (2 digits at most), anything else ('-', letters,
 * the prefix) is ignored. A '.' typed last, with no comma, is read as the comma: the mask's own
 * dots always have three digits after them. '' stays ''.
 */
export function maskCurrencyInput(typed: string): string {
  let text = typed.replace(/^\s*R\$\s*/i, '');
  if (!text.includes(',')) text = text.replace(/\.$/, ',');
  const comma = text.indexOf(',');
  const integer = (comma < 0 ? text : text.slice(0, comma)).replace(/\D+/g, '').replace(/^0+(?=\d)/, '').slice(0, MAX_INTEGER_DIGITS);
  if (comma < 0) return integer === '' ? '' : `${CURRENCY_PREFIX} ${groupThousands(integer)}`;
  const cents = text.slice(comma + 1).replace(/\D+/g, '').slice(0, DECIMALS);
  return `${CURRENCY_PREFIX} ${groupThousands(integer || '0')},${cents}`;
}

/** A masked text -> its value in reais ('R$ 1.234,56' -> 1234.56, 'R$ 450' -> 450, 'R$ 450,5' -> 450.5); '' or no digits -> null. */
export function parseCurrencyInput(masked: string): number | null {
  const text = masked.replace(/^\s*R\$\s*/i, '');
  if (!/\d/.test(text)) return null;
  const comma = text.indexOf(',');
  const integer = (comma < 0 ? text : text.slice(0, comma)).replace(/\D+/g, '').slice(-MAX_INTEGER_DIGITS) || '0';
  const cents = (comma < 0 ? '' : text.slice(comma + 1).replace(/\D+/g, '')).slice(0, DECIMALS).padEnd(DECIMALS, '0');
  return (Number(integer) * 100 + Number(cents)) / 100;
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

/**
 * A number as a person types it in a pt-BR form (kWp, kWh, reais, years): '15.990,50', '7,5',
 * '1.234', and also '7.5' (a dot is a decimal point unless it groups thousands). Null when blank
 * or not a number, so the form leaves the field out and the server says what is wrong.
 */
export function parseTypedNumber(text: string): number | null {
  const t = text.trim();
  let normalised: string;
  // a group of thousands never starts with 0: '0.575' is a decimal point
  if (/^-?([1-9]\d{0,2}(\.\d{3})+|\d+)(,\d+)?$/.test(t) && (t.includes(',') || t.includes('.') === /^-?[1-9]\d{0,2}(\.\d{3})+$/.test(t))) {
    // pt-BR: dots group thousands, the comma is the decimal mark
    normalised = t.replace(/\./g, '').replace(',', '.');
  } else if (/^-?\d+\.\d+$/.test(t)) {
    normalised = t; // a decimal point, as on a keyboard without the comma
  } else {
    return null;
  }
  const n = Number(normalised);
  return Number.isFinite(n) ? n : null;
}
