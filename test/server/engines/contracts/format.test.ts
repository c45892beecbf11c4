import { describe, expect, it } from 'vitest';
import {
  dateBR, dateTimeBR, formatCep, formatCnpj, formatCpf, formatPhone, maskCpf, maskPhone, money, truncate,
} from '../../../../src/server/engines/contracts/format';
import { ADHESION_CLAUSES, fillTemplate } from '../../../../src/server/engines/contracts/templates';

describe('pt-BR formats', () => {
  it('money as R$ 1.234,56', () => {
    expect(money(1234.56)).toBe('R$ 1.234,56');
    expect(money(0)).toBe('R$ 0,00');
    expect(money(50)).toBe('R$ 50,00');
  });
  it('dates dd/mm/aaaa and times in São Paulo', () => {
    expect(dateBR(new Date('2025-03-01T02:30:00Z'))).toBe('28/02/2025');
    expect(dateBR(new Date('2025-03-01T03:00:00Z'))).toBe('01/03/2025');
    expect(dateTimeBR(new Date('2025-03-02T13:05:09Z'))).toBe('02/03/2025 10:05:09');
    expect(dateTimeBR(new Date('2025-01-01T03:00:00Z'))).toBe('01/01/2025 00:00:00');
  });
  it('documents, CEP and phones', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatPhone('5511987654321')).toBe('+55 (11) 98765-4321');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('123')).toBe('123');
  });
});

describe('masks of the signature page', () => {
  it('shows only the middle digits of a CPF', () => {
    expect(maskCpf('123.456.789-09')).toBe('***.456.789-**');
    expect(maskCpf('12345678909')).toBe('***.456.789-**');
    expect(maskCpf('123')).toBe('***.***.***-**');
  });
  it('hides every phone digit but the last 4', () => {
    expect(maskPhone('5511987654321')).toBe('+55 (**) *****-4321');
    expect(maskPhone('11987654321')).toBe('(**) *****-4321');
    expect(maskPhone('1134567890')).toBe('(**) ****-7890');
    expect(maskPhone('+44 20 7946 0958')).toBe('********0958');
    expect(maskPhone('12')).toBe('**');
  });
  it('truncates long texts with an ellipsis', () => {
    expect(truncate('a'.repeat(10), 10)).toBe('a'.repeat(10));
    expect(truncate('a'.repeat(11), 10)).toBe('aaaaaaa...');
  });
});

describe('templates', () => {
  it('fill placeholders and refuse a missing value', () => {
    expect(fillTemplate('{a} e {b}', { a: 1, b: 'dois' })).toBe('1 e dois');
    expect(() => fillTemplate('{a} e {b}', { a: 1 })).toThrow(/\{b\}/);
    expect(fillTemplate('{a}', { a: '{b}' })).toBe('{b}');
  });
  it('keep clause keys unique', () => {
    const keys = ADHESION_CLAUSES.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
