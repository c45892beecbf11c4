import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatBRL, maskCurrencyInput, parseCurrencyInput, parseMoney, parseTypedNumber } from '../../src/shared/money';

describe('maskCurrencyInput (bill value mask, spec §2)', () => {
  it('reads typed digits as reais, not cents (issue 10: 450 was R$ 4,50)', () => {
    expect(maskCurrencyInput('450')).toBe('R$ 450');
    expect(maskCurrencyInput('1')).toBe('R$ 1');
    expect(maskCurrencyInput('123456789')).toBe('R$ 123.456.789');
  });
  it('a comma starts the cents, two at most; a dot typed last is read as the comma', () => {
    expect(maskCurrencyInput('450,')).toBe('R$ 450,');
    expect(maskCurrencyInput('450,5')).toBe('R$ 450,5');
    expect(maskCurrencyInput('R$ 450,509')).toBe('R$ 450,50');
    expect(maskCurrencyInput(',5')).toBe('R$ 0,5');
    expect(maskCurrencyInput('R$ 1.234.')).toBe('R$ 1.234,');
    // the mask's own dots group thousands: deleting a digit regroups
    expect(maskCurrencyInput('R$ 1.23')).toBe('R$ 123');
  });
  it('keeps at most 10 integer digits (extra digits are ignored)', () => {
    expect(maskCurrencyInput('12345678901')).toBe('R$ 1.234.567.890');
    expect(maskCurrencyInput('1234567890,129')).toBe('R$ 1.234.567.890,12');
  });
  it('has no negatives: a minus sign is dropped', () => {
    expect(maskCurrencyInput('-500')).toBe('R$ 500');
  });
  it('drops leading zeros and non-digits; empty stays empty', () => {
    expect(maskCurrencyInput('R$ 0,05')).toBe('R$ 0,05');
    expect(maskCurrencyInput('0450')).toBe('R$ 450');
    expect(maskCurrencyInput('abc')).toBe('');
    expect(maskCurrencyInput('')).toBe('');
  });
  it('always yields the prefix, grouped reais, at most 2 decimals and never more than 10 integer digits', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const masked = maskCurrencyInput(typed);
        if (masked === '') return;
        expect(masked).toMatch(/^R\$ \d{1,3}(\.\d{3}){0,3}(,\d{0,2})?$/);
        expect(masked.split(',')[0]!.replace(/\D/g, '').length).toBeLessThanOrEqual(10);
      }),
    );
  });
});

describe('parseCurrencyInput', () => {
  it('reads the masked value in reais', () => {
    expect(parseCurrencyInput('R$ 1.234,56')).toBe(1234.56);
    expect(parseCurrencyInput('R$ 450')).toBe(450);
    expect(parseCurrencyInput('R$ 450,')).toBe(450);
    expect(parseCurrencyInput('R$ 450,5')).toBe(450.5);
    expect(parseCurrencyInput('')).toBeNull();
  });
  it('round-trips with formatBRL', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999 }), (cents) => {
        expect(parseCurrencyInput(formatBRL(cents / 100))).toBe(cents / 100);
      }),
    );
  });
});

describe('formatBRL', () => {
  it('formats reais with 2 decimals', () => {
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(250.5)).toBe('R$ 250,50');
    expect(formatBRL(1234567.891)).toBe('R$ 1.234.567,89');
  });
});

describe('parseMoney (saved bill, bill query parameter)', () => {
  it.each([
    ['250', 250],
    ['250.5', 250.5],
    ['250,50', 250.5],
    ['1.234,56', 1234.56],
    ['R$ 1.234,56', 1234.56],
    ['1234.56', 1234.56],
  ])('%s -> %s', (text, value) => {
    expect(parseMoney(text)).toBe(value);
  });
  it.each([[''], ['abc'], ['-10'], ['12345678901'], [null], [undefined], ['1.2.3']])('%s -> null', (text) => {
    expect(parseMoney(text)).toBeNull();
  });
});

describe('parseTypedNumber (numbers typed in the back-office forms)', () => {
  it.each([
    ['15.990,50', 15990.5], ['7,5', 7.5], ['7.5', 7.5], ['1.234', 1234], ['1234', 1234], [' 12 ', 12], ['0,25', 0.25], ['1.234.567,8', 1234567.8], ['0.575', 0.575], ['0,575', 0.575],
  ])('%s is %d', (typed, value) => { expect(parseTypedNumber(typed)).toBe(value); });
  it.each(['', '  ', 'abc', '7,5,1', '1,2.3', '12a', '.', ','])('%j is not a number', (typed) => { expect(parseTypedNumber(typed)).toBeNull(); });
});
