import { generateBoleto, getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  BoletoError, MAX_AMOUNT_CENTS, barcodeToDigitableLine, digitableLineToBarcode, dueDateFactor, dueDateFromFactor, formatDigitableLine,
  isValidBarcode, isValidDigitableLine, itfWidths, makeBoleto, modulo10, modulo11, parseDigitableLine,
} from '../../../../src/server/providers/payments/boleto';

/**
 * The FEBRABAN boleto: barcode, digitable line, check digits, the due-date factor and its rollover
 * on 22/02/2025, and the ITF bars. Known-good pairs come from public sources and are recomputed
 * from their parts.
 */
const PUBLISHED = [
  // mrmgomes/boleto-utils' test vectors (a bank boleto due 10/05/2022, and one without due date or amount)
  { barcode: '10499898100000214032006561000100040099726390', line: '10492006506100010004200997263900989810000021403', due: '2022-05-10', amountCents: 21_403 },
  { barcode: '23797000000000000004150090019801673500021140', line: '23794150099001980167035000211405700000000000000', due: null, amountCents: 0 },
  // the Banco do Brasil example of many boleto tutorials (R$ 1,00 due 31/12/2007)
  { barcode: '00193373700000001000500940144816060680935031', line: '00190500954014481606906809350314337370000000100', due: '2007-12-31', amountCents: 100 },
  // QI Tech's API docs (R$ 9.910,00 due 29/03/2024)
  { barcode: '00193967000009910000000003615574000000002417', line: '00190000090361557400500000024174396700000991000', due: '2024-03-29', amountCents: 991_000 },
] as const;
/** Iugu's own (bank 401), from its changelog of 07/10/2024: a R$ 5,00 boleto with factor 9859. */
const IUGU_LINE = '40192024257800000000600002057180198590000000500';

/** Reads ITF element widths back into digits (the inverse of itfWidths), checking start and stop. */
function decodeItf(widths: number[]): string {
  const pattern = (units: number[]) => units.map((u) => (u === 3 ? '1' : '0')).join('');
  const table = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];
  expect(widths.slice(0, 4)).toEqual([1, 1, 1, 1]);
  expect(widths.slice(-3)).toEqual([3, 1, 1]);
  const body = widths.slice(4, -3);
  expect(body.length % 10).toBe(0);
  let out = '';
  for (let i = 0; i < body.length; i += 10) {
    const chunk = body.slice(i, i + 10);
    const bars = pattern(chunk.filter((_, k) => k % 2 === 0));
    const spaces = pattern(chunk.filter((_, k) => k % 2 === 1));
    out += String(table.indexOf(bars)) + String(table.indexOf(spaces));
  }
  return out;
}

describe('published boletos', () => {
  test.each(PUBLISHED)('$line: barcode <-> digitable line, every check digit right', ({ barcode, line }) => {
    expect(isValidBarcode(barcode)).toBe(true);
    expect(barcodeToDigitableLine(barcode)).toBe(line);
    expect(digitableLineToBarcode(line)).toBe(barcode);
    expect(isValidDigitableLine(line)).toBe(true);
    expect(isValidDigitableLine(formatDigitableLine(line))).toBe(true);
  });

  test.each(PUBLISHED)('$line: recomputed from bank, amount, due date and free field', ({ barcode, line, due, amountCents }) => {
    const parsed = parseDigitableLine(line);
    expect(parsed.amountCents).toBe(amountCents);
    expect(parsed.currency).toBe('9');
    expect(parsed.dueDateFactor === 0 ? null : dueDateFromFactor(parsed.dueDateFactor, due ?? '2020-01-01')).toBe(due);
    expect(makeBoleto({ bankCode: parsed.bankCode, amountCents, dueDate: due, freeField: parsed.freeField })).toEqual({ barcode, digitableLine: line });
  });

  test("Iugu's line reads as bank 401, R$ 5,00, and recomputes", () => {
    const p = parseDigitableLine(IUGU_LINE);
    expect(p).toMatchObject({ bankCode: '401', currency: '9', dueDateFactor: 9859, amountCents: 500 });
    const due = dueDateFromFactor(p.dueDateFactor, '2024-10-07');
    expect(due).toBe('2024-10-04');
    expect(makeBoleto({ bankCode: '401', amountCents: 500, dueDate: due, freeField: p.freeField }).digitableLine).toBe(IUGU_LINE);
  });

  test('the usual grouping: 5.5 5.6 5.6 1 14', () => {
    expect(formatDigitableLine('00190500954014481606906809350314337370000000100')).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
    expect(formatDigitableLine('00190.50095 40144.816069 06809.350314 3 37370000000100')).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
    expect(() => formatDigitableLine('123')).toThrow(BoletoError);
  });
});

describe('check digits', () => {
  test('modulo 10 and modulo 11 by hand', () => {
    // field 1 of the BB example: 001905009 -> 5
    expect(modulo10('001905009')).toBe(5);
    // a sum multiple of 10 gives 0
    expect(modulo10('0000000000')).toBe(0);
    expect(modulo11('0019373700000001000500940144816060680935031')).toBe(3);
    // remainders 0 and 1 (11 and 10) become 1: '1' weighs 2 -> 2, 11 - 2 = 9; '0' -> 11 -> 1
    expect(modulo11('1')).toBe(9);
    expect(modulo11('0')).toBe(1);
    // sum 10 (weight 2 x 5): 11 - 10 = 1
    expect(modulo11('5')).toBe(1);
    // sum 12 (weights 2,3: 3x2 + 2x3): remainder 1 -> 10 -> 1
    expect(modulo11('23')).toBe(1);
  });

  test('each wrong check digit is named', () => {
    const line = PUBLISHED[2].line;
    const bump = (i: number) => line.slice(0, i) + ((Number(line[i]) + 1) % 10) + line.slice(i + 1);
    expect(() => parseDigitableLine(bump(9))).toThrow("field 1's check digit is wrong");
    expect(() => parseDigitableLine(bump(20))).toThrow("field 2's check digit is wrong");
    expect(() => parseDigitableLine(bump(31))).toThrow("field 3's check digit is wrong");
    expect(() => parseDigitableLine(bump(32))).toThrow("the barcode's general check digit is wrong");
    expect(() => parseDigitableLine(bump(40))).toThrow("the barcode's general check digit is wrong");
  });

  test('any changed digit fails, except in field 5 of a line whose general check digit is 1 (modulo 11 folds 0, 10 and 11 into 1)', () => {
    for (const line of [...PUBLISHED.map((p) => p.line), IUGU_LINE]) {
      for (let i = 0; i < 47; i++) {
        for (let delta = 1; delta <= 9; delta++) {
          const changed = line.slice(0, i) + ((Number(line[i]) + delta) % 10) + line.slice(i + 1);
          const missed = isValidDigitableLine(changed);
          if (missed) {
            // only the amount/factor digits, only under the 0/10/11 -> 1 rule
            expect(i).toBeGreaterThanOrEqual(33);
            expect(line[32]).toBe('1');
          }
        }
        // the fields with their own modulo 10 digit, and the general digit itself, catch every change
        if (i < 33) expect(isValidDigitableLine(line.slice(0, i) + ((Number(line[i]) + 1) % 10) + line.slice(i + 1))).toBe(false);
      }
    }
  });

  test('malformed lines and barcodes', () => {
    expect(isValidDigitableLine('')).toBe(false);
    expect(isValidDigitableLine(PUBLISHED[0].line.slice(1))).toBe(false);
    expect(isValidDigitableLine(`${PUBLISHED[0].line}0`)).toBe(false);
    expect(isValidDigitableLine(PUBLISHED[0].line.replace('1', 'a'))).toBe(false);
    // a 48-digit convênio line (utility bills) is not a bank boleto
    expect(isValidDigitableLine('846300000003299902962024004101360008002006441147')).toBe(false);
    expect(isValidBarcode('83860000005096000190000008017823000034306271')).toBe(false);
    expect(isValidBarcode(PUBLISHED[0].barcode.replace(/^(\d{4})\d/, '$10'))).toBe(false);
  });
});

describe('due-date factor', () => {
  test('counts days from 07/10/1997 and rolls over from 9999 (21/02/2025) to 1000 (22/02/2025)', () => {
    expect(dueDateFactor('1997-10-08')).toBe('0001');
    expect(dueDateFactor('2000-07-02')).toBe('0999');
    expect(dueDateFactor('2000-07-03')).toBe('1000');
    expect(dueDateFactor('2022-05-10')).toBe('8981');
    expect(dueDateFactor('2025-02-20')).toBe('9998');
    expect(dueDateFactor('2025-02-21')).toBe('9999');
    expect(dueDateFactor('2025-02-22')).toBe('1000');
    expect(dueDateFactor('2025-02-23')).toBe('1001');
    expect(dueDateFactor('2026-06-10')).toBe('1473');
    // the next rollover, 9000 days on
    expect(dueDateFactor('2049-10-13')).toBe('9999');
    expect(dueDateFactor('2049-10-14')).toBe('1000');
  });

  test('dates the factor cannot carry', () => {
    expect(() => dueDateFactor('1997-10-07')).toThrow(BoletoError);
    expect(() => dueDateFactor('1990-01-01')).toThrow(BoletoError);
    expect(() => dueDateFactor('2025-02-30')).toThrow(/no such date/);
    expect(() => dueDateFactor('10/06/2026')).toThrow(/yyyy-mm-dd/);
  });

  test('a factor names the date of its cycle nearest the reference', () => {
    expect(dueDateFromFactor(1000, '2025-03-01')).toBe('2025-02-22');
    expect(dueDateFromFactor(1000, '2001-01-01')).toBe('2000-07-03');
    expect(dueDateFromFactor(9999, '2025-01-01')).toBe('2025-02-21');
    expect(dueDateFromFactor(9999, '2049-01-01')).toBe('2049-10-13');
    expect(dueDateFromFactor(8981, '2022-01-01')).toBe('2022-05-10');
    expect(dueDateFromFactor(8981, '2047-01-01')).toBe('2046-12-30');
    expect(dueDateFromFactor(1, '2030-01-01')).toBe('1997-10-08');
    expect(dueDateFromFactor(0, '2030-01-01')).toBeNull();
    expect(() => dueDateFromFactor(10_000, '2030-01-01')).toThrow(BoletoError);
  });

  test('every day around the rollover goes to a factor and back', () => {
    const start = Date.UTC(2024, 0, 1);
    for (let day = 0; day < 4 * 366; day++) {
      const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
      expect(dueDateFromFactor(Number(dueDateFactor(date)), date)).toBe(date);
    }
  });

  test('property: a date comes back from its factor read up to 4000 days either side', () => {
    const day = 86_400_000;
    fc.assert(fc.property(fc.integer({ min: 1000, max: 25_000 }), fc.integer({ min: -4000, max: 4000 }), (days, offset) => {
      const date = new Date(Date.UTC(1997, 9, 7) + days * day).toISOString().slice(0, 10);
      const near = new Date(Date.UTC(1997, 9, 7) + Math.max(1, days + offset) * day).toISOString().slice(0, 10);
      expect(dueDateFromFactor(Number(dueDateFactor(date)), near)).toBe(date);
    }));
  });
});

describe('makeBoleto', () => {
  const free = '1234567890123456789012345';

  test('layout of the barcode and the line', () => {
    const { barcode, digitableLine } = makeBoleto({ bankCode: '000', amountCents: 2_345_678, dueDate: '2026-06-10', freeField: free });
    expect(barcode).toMatch(/^\d{44}$/);
    expect(barcode.slice(0, 4)).toBe('0009');
    expect(barcode.slice(5, 9)).toBe('1473');
    expect(barcode.slice(9, 19)).toBe('0002345678');
    expect(barcode.slice(19)).toBe(free);
    expect(digitableLine).toMatch(/^\d{47}$/);
    expect(parseDigitableLine(digitableLine)).toMatchObject({ bankCode: '000', amountCents: 2_345_678, dueDateFactor: 1473, freeField: free, barcode });
  });

  test('amounts up to 10 digits', () => {
    const max = makeBoleto({ bankCode: '000', amountCents: MAX_AMOUNT_CENTS, dueDate: '2026-06-10', freeField: free });
    expect(max.barcode.slice(9, 19)).toBe('9999999999');
    expect(parseDigitableLine(max.digitableLine).amountCents).toBe(MAX_AMOUNT_CENTS);
    for (const bad of [MAX_AMOUNT_CENTS + 1, -1, 10.5, Number.NaN]) {
      expect(() => makeBoleto({ bankCode: '000', amountCents: bad, dueDate: '2026-06-10', freeField: free })).toThrow(BoletoError);
    }
  });

  test('bank code and free field must be digits of their size', () => {
    expect(() => makeBoleto({ bankCode: '00', amountCents: 1, dueDate: null, freeField: free })).toThrow(/bank code/);
    expect(() => makeBoleto({ bankCode: '836', amountCents: 1, dueDate: null, freeField: free })).toThrow(/convênio/);
    expect(() => makeBoleto({ bankCode: '000', amountCents: 1, dueDate: null, freeField: free.slice(1) })).toThrow(/free field/);
    expect(() => makeBoleto({ bankCode: '000', amountCents: 1, dueDate: null, freeField: `${free.slice(1)}x` })).toThrow(/free field/);
  });

  test('property: every boleto made is valid and reads back', () => {
    fc.assert(fc.property(
      fc.stringMatching(/^[0-79]\d\d$/), fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), fc.integer({ min: 1, max: 25_000 }), fc.stringMatching(/^\d{25}$/),
      (bankCode, amountCents, days, freeField) => {
        const dueDate = new Date(Date.UTC(1997, 9, 7) + days * 86_400_000).toISOString().slice(0, 10);
        const b = makeBoleto({ bankCode, amountCents, dueDate, freeField });
        const p = parseDigitableLine(formatDigitableLine(b.digitableLine));
        expect(p).toMatchObject({ bankCode, amountCents, freeField, barcode: b.barcode });
        expect(dueDateFromFactor(p.dueDateFactor, dueDate)).toBe(dueDate);
      },
    ));
  });
});

describe("against the field's library (@brazilian-utils/brazilian-utils)", () => {
  test('property: every line we make, the library accepts and reads the same amount; one digit changed, both refuse', () => {
    fc.assert(fc.property(
      fc.stringMatching(/^[0-79]\d\d$/), fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), fc.integer({ min: 1, max: 25_000 }), fc.stringMatching(/^\d{25}$/),
      fc.integer({ min: 0, max: 31 }), fc.integer({ min: 1, max: 9 }),
      (bankCode, amountCents, days, freeField, at, delta) => {
        const dueDate = new Date(Date.UTC(1997, 9, 7) + days * 86_400_000).toISOString().slice(0, 10);
        const { digitableLine } = makeBoleto({ bankCode, amountCents, dueDate, freeField });
        expect(isValidBoleto(digitableLine)).toBe(true);
        expect(isValidBoleto(formatDigitableLine(digitableLine))).toBe(true);
        expect(getBoletoInfo(digitableLine)).toMatchObject({ bankCode, amount: amountCents });
        // a digit of fields 1 to 3 changed: their modulo 10 digit catches it
        const wrong = digitableLine.slice(0, at) + String((Number(digitableLine[at]) + delta) % 10) + digitableLine.slice(at + 1);
        expect(isValidBoleto(wrong)).toBe(false);
        expect(isValidDigitableLine(wrong)).toBe(false);
      },
    ));
  });

  test('every line the library makes, we read, and make again from its parts', () => {
    // its random bank code may start with 8, which we leave to convênio lines
    const lines = Array.from({ length: 300 }, () => generateBoleto()).filter((line) => !line.startsWith('8'));
    expect(lines.length).toBeGreaterThan(200);
    for (const line of lines) {
      const p = parseDigitableLine(line);
      expect(p.amountCents).toBe(getBoletoInfo(line)?.amount);
      expect(barcodeToDigitableLine(p.barcode)).toBe(line);
    }
  });
});

describe('Interleaved 2 of 5', () => {
  test('a boleto barcode is 405 narrow units at 1:3 and decodes back', () => {
    const { barcode } = makeBoleto({ bankCode: '000', amountCents: 2_345_678, dueDate: '2026-06-10', freeField: '1234567890123456789012345' });
    const widths = itfWidths(barcode);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(405);
    // start, 22 pairs of 10 elements, stop; bar first, so an odd count ends on a bar
    expect(widths).toHaveLength(4 + 220 + 3);
    expect(decodeItf(widths)).toBe(barcode);
    for (const p of PUBLISHED) expect(decodeItf(itfWidths(p.barcode))).toBe(p.barcode);
  });

  test('each digit has two wide elements of five', () => {
    const widths = itfWidths('0123456789');
    const body = widths.slice(4, -3);
    for (let i = 0; i < body.length; i += 10) {
      const chunk = body.slice(i, i + 10);
      expect(chunk.filter((_, k) => k % 2 === 0 && chunk[k] === 3)).toHaveLength(2);
      expect(chunk.filter((_, k) => k % 2 === 1 && chunk[k] === 3)).toHaveLength(2);
    }
    expect(decodeItf(widths)).toBe('0123456789');
  });

  test('an odd or empty digit string cannot be encoded', () => {
    expect(() => itfWidths('123')).toThrow(BoletoError);
    expect(() => itfWidths('')).toThrow(BoletoError);
    expect(() => itfWidths('12a4')).toThrow(BoletoError);
  });
});
