/**
 * The FEBRABAN boleto de cobrança ("bloqueto", the bank kind: not the 48-digit convênio kind that
 * starts with 8): its 44-digit barcode, its 47-digit digitable line (linha digitável) and the
 * Interleaved 2 of 5 bars the barcode is printed with. Pure, no I/O.
 *
 * Barcode (código de barras), 44 digits:
 *   1-3 bank code (COMPE) | 4 currency (9 = real) | 5 general check digit (modulo 11) |
 *   6-9 due-date factor | 10-19 amount in centavos (10 digits) | 20-44 free field (campo livre, 25
 *   digits, laid out by each bank).
 * Digitable line, 47 digits in five fields:
 *   1: bank, currency, free field 1-5, check digit (modulo 10)   AAABC.CCCCX
 *   2: free field 6-15, check digit (modulo 10)                  DDDDD.DDDDDY
 *   3: free field 16-25, check digit (modulo 10)                 EEEEE.EEEEEZ
 *   4: the barcode's general check digit                         K
 *   5: due-date factor and amount                                UUUUVVVVVVVVVV
 *
 * The due-date factor counts days from 07/10/1997 (factor 1000 = 03/07/2000). It reached 9999 on
 * 21/02/2025, and FEBRABAN's rule for the rollover restarts it at 1000 on 22/02/2025 (so every
 * 9000 days: 9999 on 13/10/2049, 1000 again on 14/10/2049); factor 0000 means "no due date". A factor alone
 * names one date per cycle: `dueDateFromFactor` picks the one nearest to a reference date.
 */

import { formatDigitableLine as formatLine } from '#shared/payment/invoice';

/** The currency code of the real in barcodes. */
export const CURRENCY_REAL = '9';

/** The largest amount a barcode holds: 10 digits of centavos (R$ 99.999.999,99). */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

const DAY_MS = 86_400_000;
/** 07/10/1997, the day before factor 1 (day 0 of the count). */
const FACTOR_BASE = Date.UTC(1997, 9, 7);
/** After factor 9999 the count restarts at 1000, so the factors of a cycle cover 9000 days. */
const FACTOR_CYCLE = 9000;

export class BoletoError extends Error {}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'yyyy-mm-dd' -> days since 07/10/1997; throws for a malformed or impossible date. */
function daysSinceBase(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new BoletoError(`not a yyyy-mm-dd date: '${date}'`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) throw new BoletoError(`no such date: '${date}'`);
  return Math.round((utc - FACTOR_BASE) / DAY_MS);
}

const isoOfDays = (days: number): string => new Date(FACTOR_BASE + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The due-date factor of 'yyyy-mm-dd' (4 digits): days since 07/10/1997 up to 21/02/2025 (9999),
 * then 1000 on 22/02/2025 and counting on, restarting at 1000 after each 9999. Dates up to
 * 07/10/1997 have no factor (0000 is "no due date").
 */
export function dueDateFactor(dueDate: string): string {
  const days = daysSinceBase(dueDate);
  if (days < 1) throw new BoletoError(`a due date must be after 07/10/1997, not ${dueDate}`);
  const factor = days <= 9999 ? days : ((days - 10_000) % FACTOR_CYCLE) + 1000;
  return String(factor).padStart(4, '0');
}

/**
 * The date a factor names, of the cycles it could belong to, the one nearest `near` (yyyy-mm-dd,
 * e.g. today). Factors under 1000 belong to 1997-2000 only. 0 (no due date) gives null.
 */
export function dueDateFromFactor(factor: number, near: string): string | null {
  if (!Number.isInteger(factor) || factor < 0 || factor > 9999) throw new BoletoError(`not a due-date factor: ${factor}`);
  if (factor === 0) return null;
  if (factor < 1000) return isoOfDays(factor);
  const target = daysSinceBase(near);
  // the first cycle is days 1000..9999; each later one is 9000 days on
  const k = Math.max(0, Math.round((target - factor) / FACTOR_CYCLE));
  const candidates = [k - 1, k, k + 1].filter((c) => c >= 0).map((c) => factor + c * FACTOR_CYCLE);
  const best = candidates.reduce((a, b) => (Math.abs(b - target) < Math.abs(a - target) ? b : a));
  return isoOfDays(best);
}

const onlyDigits = (s: string, length: number, what: string): string => {
  if (!new RegExp(`^\\d{${length}}$`).test(s)) throw new BoletoError(`${what} must be ${length} digits`);
  return s;
};

/** Modulo 10 check digit (fields of the digitable line): weights 2,1,2,1... from the right, digits of products summed. */
export function modulo10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, w = 2; i >= 0; i--, w = w === 2 ? 1 : 2) {
    const p = Number(digits[i]) * w;
    sum += p > 9 ? p - 9 : p;
  }
  return (10 - (sum % 10)) % 10;
}

/** Modulo 11 check digit of the barcode (its 43 other digits): weights 2..9 from the right; 0, 10 and 11 become 1. */
export function modulo11(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, w = 2; i >= 0; i--, w = w === 9 ? 2 : w + 1) sum += Number(digits[i]) * w;
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

export interface BoletoInput {
  /** the bank's COMPE code, 3 digits */
  bankCode: string;
  amountCents: number;
  /** yyyy-mm-dd; null: no due date (factor 0000) */
  dueDate: string | null;
  /** the bank's 25-digit campo livre */
  freeField: string;
}

export interface Boleto {
  /** 44 digits */
  barcode: string;
  /** 47 digits, without punctuation */
  digitableLine: string;
}

/** The barcode and digitable line of a boleto in reais. */
export function makeBoleto(input: BoletoInput): Boleto {
  const bank = onlyDigits(input.bankCode, 3, 'the bank code');
  if (bank[0] === '8') throw new BoletoError('a bank code cannot start with 8: that marks convênio (utility and tax) barcodes');
  const free = onlyDigits(input.freeField, 25, 'the free field');
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0 || input.amountCents > MAX_AMOUNT_CENTS) {
    throw new BoletoError(`the amount must be 0 to ${MAX_AMOUNT_CENTS} centavos, not ${input.amountCents}`);
  }
  const factor = input.dueDate === null ? '0000' : dueDateFactor(input.dueDate);
  const amount = String(input.amountCents).padStart(10, '0');
  const withoutDv = `${bank}${CURRENCY_REAL}${factor}${amount}${free}`;
  const barcode = `${withoutDv.slice(0, 4)}${modulo11(withoutDv)}${withoutDv.slice(4)}`;
  return { barcode, digitableLine: barcodeToDigitableLine(barcode) };
}

const withDv10 = (digits: string) => `${digits}${modulo10(digits)}`;

/** The digitable line of a barcode (its general check digit is checked). */
export function barcodeToDigitableLine(barcode: string): string {
  if (!isValidBarcode(barcode)) throw new BoletoError('not a valid 44-digit boleto barcode');
  const free = barcode.slice(19);
  return withDv10(barcode.slice(0, 4) + free.slice(0, 5)) + withDv10(free.slice(5, 15)) + withDv10(free.slice(15, 25))
    + barcode[4] + barcode.slice(5, 19);
}

/** A 44-digit bank boleto barcode whose general check digit is right. */
export function isValidBarcode(barcode: string): boolean {
  if (!/^\d{44}$/.test(barcode) || barcode[0] === '8') return false;
  return modulo11(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]);
}

/** 47 digits -> 'AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE'. Punctuation in the input is ignored. */
export function formatDigitableLine(line: string): string {
  // checked here (a printed boleto carries its 47 digits); the grouping is the screen's own
  return formatLine(onlyDigits(line.replace(/[\s.]/g, ''), 47, 'a digitable line'));
}

export interface ParsedBoleto {
  bankCode: string;
  currency: string;
  /** 4 digits as a number; 0: no due date */
  dueDateFactor: number;
  amountCents: number;
  freeField: string;
  barcode: string;
  /** 47 digits */
  digitableLine: string;
}

/**
 * Reads a digitable line (digits, optionally with the usual dots and spaces) and checks the three
 * field check digits (modulo 10) and the barcode's general one (modulo 11); throws BoletoError
 * saying which is wrong.
 */
export function parseDigitableLine(line: string): ParsedBoleto {
  if (!/^[\d\s.]+$/.test(line)) throw new BoletoError('a digitable line has only digits, dots and spaces');
  const d = onlyDigits(line.replace(/[\s.]/g, ''), 47, 'a digitable line');
  if (d[0] === '8') throw new BoletoError('a convênio (utility or tax) line, not a bank boleto');
  const fields = [d.slice(0, 10), d.slice(10, 21), d.slice(21, 32)];
  fields.forEach((f, i) => {
    if (modulo10(f.slice(0, -1)) !== Number(f.slice(-1))) throw new BoletoError(`field ${i + 1}'s check digit is wrong`);
  });
  const [f1 = '', f2 = '', f3 = ''] = fields;
  const freeField = f1.slice(4, 9) + f2.slice(0, 10) + f3.slice(0, 10);
  const barcode = d.slice(0, 4) + d[32] + d.slice(33) + freeField;
  if (!isValidBarcode(barcode)) throw new BoletoError("the barcode's general check digit is wrong");
  return {
    bankCode: d.slice(0, 3), currency: d[3] ?? '', dueDateFactor: Number(d.slice(33, 37)), amountCents: Number(d.slice(37)),
    freeField, barcode, digitableLine: d,
  };
}

export function isValidDigitableLine(line: string): boolean {
  try {
    parseDigitableLine(line);
    return true;
  } catch (e) {
    if (e instanceof BoletoError) return false;
    throw e;
  }
}

/** The barcode of a digitable line (every check digit checked). */
export const digitableLineToBarcode = (line: string): string => parseDigitableLine(line).barcode;

/**
 * Interleaved 2 of 5 (ITF), as boletos print their barcode: each digit is five elements, two of
 * them wide; digits go in pairs, the first drawn by the bars and the second by the spaces between
 * them, between the start pattern (narrow bar, space, bar, space) and the stop pattern (wide bar,
 * narrow space, narrow bar).
 */
const ITF_DIGITS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];

/**
 * The widths of the ITF elements of `digits` (an even count), bar first and alternating bar and
 * space, in narrow units: 1 narrow, `wide` (FEBRABAN: 3) wide. A boleto's 44 digits make 405 units
 * at 1:3: printed with a 0.254 mm narrow bar they are the standard's 103 mm.
 */
export function itfWidths(digits: string, wide = 3): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new BoletoError('ITF encodes an even, non-zero number of digits');
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_DIGITS[Number(digits[i])] ?? '';
    const spaces = ITF_DIGITS[Number(digits[i + 1])] ?? '';
    for (let k = 0; k < 5; k++) widths.push(bars[k] === '1' ? wide : 1, spaces[k] === '1' ? wide : 1);
  }
  widths.push(wide, 1, 1);
  return widths;
}
