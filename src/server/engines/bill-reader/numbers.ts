/**
 * Numbers, months and words as Brazilian bills print them. Pure functions: the field readers
 * decide where to look, these say what a run of text is worth.
 */

/**
 * Upper case without accents, one character for one character, so a match's offsets in the
 * folded text are offsets in the original.
 */
export function fold(s: string): string {
  return Array.from(s, (c) => (c.normalize('NFD')[0] ?? c).toUpperCase().slice(0, 1)).join('');
}

/**
 * BRL amount: '1.234,56', '1234,56', 'R$ 1.234,56', 'R$******42.830,76' (asterisk padding of
 * some printers), or '1234.56' (a dot is a decimal point only with exactly two digits after it).
 * A trailing or leading minus makes it negative ('40,51-' is a credit).
 */
export function parseMoney(s: string): number | null {
  let t = s.replace(/R\$|\*|\s/g, '');
  let sign = 1;
  if (/^-|-$/.test(t)) { sign = -1; t = t.replace(/^-|-$/g, ''); }
  let n: number;
  if (/^\d{1,3}(\.\d{3})+,\d{2}$/.test(t)) n = Number(t.replace(/\./g, '').replace(',', '.'));
  else if (/^\d+,\d{2}$/.test(t)) n = Number(t.replace(',', '.'));
  else if (/^\d+\.\d{2}$/.test(t)) n = Number(t);
  else return null;
  return Number.isFinite(n) ? sign * n : null;
}

/**
 * kWh quantity: '1.234' and '1.234,00' (dots group thousands), '312,00' or '312,000' (comma
 * decimals), '30.00' (a dot with two decimals, as some history tables print), '602 kWh'.
 * Rounded to 2 decimals (group B meters count whole kWh; some bills print averaged decimals).
 */
export function parseKwh(s: string): number | null {
  const t = s.trim().replace(/\s*kwh$/i, '');
  let n: number;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) n = Number(t.replace(/\./g, '').replace(',', '.'));
  else if (/^\d+(,\d+)?$/.test(t)) n = Number(t.replace(',', '.'));
  else if (/^\d+\.\d{1,2}$/.test(t)) n = Number(t);
  else return null;
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
}

/** A run that is an amount (with or without R$), anywhere in a text: the first one. */
export const MONEY_IN = /(?:R\$[\s*]*)?-?(\d{1,3}(?:\.\d{3})+,\d{2}|\d+,\d{2})-?(?![\d,])/;
/** A run that is a quantity, anywhere: the first one. */
export const QUANTITY_IN = /(?<![\d,./:])(\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?)(?![\d/:])/;

// Months --------------------------------------------------------------------------------------

export const MONTH_ABBR = ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'] as const;
const MONTH_FULL = ['JANEIRO', 'FEVEREIRO', 'MARCO', 'ABRIL', 'MAIO', 'JUNHO', 'JULHO', 'AGOSTO', 'SETEMBRO', 'OUTUBRO', 'NOVEMBRO', 'DEZEMBRO'];

/** A month as a number: year * 12 + (month - 1), so months sort and differ by subtraction. */
export type MonthKey = number;

export const monthKeyOf = (year: number, month1: number): MonthKey => year * 12 + month1 - 1;
export const monthText = (key: MonthKey): string => `${Math.floor(key / 12)}-${String((key % 12) + 1).padStart(2, '0')}`;

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
const plausibleYear = (y: number) => y >= 2000 && y <= 2099;

/**
 * A month with its year, written alone in a run: 'JAN/25', 'jan/2025', 'JAN25', 'JAN 2025',
 * 'JAN-25', 'Janeiro/2022', 'Dezembro / 2024', '01/2025'. With `shortNumeric`, also '01/25'
 * (only inside a history table: elsewhere it may be a day and month).
 */
export function parseMonth(s: string, shortNumeric = false): MonthKey | null {
  const t = fold(s.trim());
  const named = /^([A-Z]{3,9})\.?\s*[/ -]?\s*(\d{4}|\d{2})$/.exec(t);
  if (named) {
    const word = named[1]!;
    let m = MONTH_ABBR.indexOf(word as (typeof MONTH_ABBR)[number]);
    if (m < 0) m = MONTH_FULL.indexOf(word);
    const y = fullYear(named[2]!);
    return m >= 0 && plausibleYear(y) ? monthKeyOf(y, m + 1) : null;
  }
  const numeric = (shortNumeric ? /^(0[1-9]|1[0-2])\/(\d{4}|\d{2})$/ : /^(0[1-9]|1[0-2])\/(\d{4})$/).exec(t);
  if (numeric) {
    const y = fullYear(numeric[2]!);
    return plausibleYear(y) ? monthKeyOf(y, Number(numeric[1])) : null;
  }
  return null;
}

/** A month name without a year ('JUL', 'Jul'): its index 0..11, for bar-chart histories that print the year once. */
export function parseBareMonth(s: string): number | null {
  const i = MONTH_ABBR.indexOf(fold(s.trim()) as (typeof MONTH_ABBR)[number]);
  return i >= 0 ? i : null;
}

/** 'dd/mm/yyyy' (or dd.mm.yyyy): a day, not a month. */
export const DATE_RE = /^(0[1-9]|[12]\d|3[01])[/.](0[1-9]|1[0-2])[/.](\d{4})$/;

/** Mean to 2 decimals; null for none. */
export const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
