import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toLines } from '../../../../src/server/engines/bill-reader/extractText';
import type { TextItem } from '../../../../src/server/engines/bill-reader/extractText';
import { fold, parseKwh, parseMoney, readBillFields, textLooksGarbled } from '../../../../src/server/engines/bill-reader/readFields';

const run = (text: string, x: number, y: number, size = 8): TextItem => ({ text, x, y, size, page: 1, width: text.length * size * 0.5 });

describe('numbers as bills print them', () => {
  it('reads amounts in Brazilian, plain and dot-decimal forms', () => {
    expect(parseMoney('1.245,67')).toBe(1245.67);
    expect(parseMoney('R$ 1245,67')).toBe(1245.67);
    expect(parseMoney('R$245.67')).toBe(245.67);
    expect(parseMoney('1.245')).toBeNull();
  });
  it('reads kWh with thousands dots or decimal commas', () => {
    expect(parseKwh('1.234')).toBe(1234);
    expect(parseKwh('312,00')).toBe(312);
    expect(parseKwh('312')).toBe(312);
    expect(parseKwh('31/12')).toBeNull();
  });
  it('folds accents without moving offsets', () => {
    expect(fold('Nº da Instalação')).toBe('Nº DA INSTALACAO');
    expect(fold('Histórico').length).toBe('Histórico'.length);
  });
});

describe('toLines', () => {
  it('orders runs by position, not by the order they were written, and rejoins words cut into runs', () => {
    const items: TextItem[] = [
      { text: 'PAGAR', x: 100 + 36, y: 700.4, size: 8, page: 1, width: 26 },
      { text: 'Linha de baixo', x: 40, y: 680, size: 8, page: 1, width: 50 },
      { text: 'VALOR', x: 100, y: 699.6, size: 8, page: 1, width: 25.3 },
      { text: 'A', x: 100 + 27.5, y: 700, size: 8, page: 1, width: 5.3 },
      { text: 'Títu', x: 40, y: 700, size: 8, page: 1, width: 15 },
      { text: 'lo', x: 55, y: 700, size: 8, page: 1, width: 6 },
    ];
    expect(toLines(items).map((l) => l.text)).toEqual(['Título VALOR A PAGAR', 'Linha de baixo']);
  });
});

describe('readBillFields', () => {
  it('reads a value printed in the box below its label, and one after its label', () => {
    const r = readBillFields(toLines([
      run('CEMIG DISTRIBUIÇÃO S.A.', 40, 800),
      run('Nº DO CLIENTE', 40, 680), run('Nº DA INSTALAÇÃO', 200, 680),
      run('7012345678', 40, 669), run('3001234567', 200, 669),
      run('Valor a pagar (R$)', 360, 650), run('245,67', 360, 639),
      run('Consumo faturado: 1.234 kWh', 40, 600),
    ]));
    expect(r).toMatchObject({ distributor: 'CEMIG', installation: '3001234567', value: 245.67, consumption: 1234 });
  });

  it('finds the holder above the street when the bill gives no label', () => {
    const r = readBillFields(toLines([run('COPEL DISTRIBUIÇÃO S.A.', 40, 800), run('JOANA DARC LIMA', 40, 752), run('RUA XV DE NOVEMBRO 100', 40, 741)]));
    expect(r.holder).toBe('JOANA DARC LIMA');
  });

  it('reads a history of months over values, oldest first, and its average', () => {
    const months = ['NOV 24', 'DEZ 24', 'JAN 25', 'FEV 25'];
    const r = readBillFields(toLines([
      run('Histórico de consumo (kWh)', 40, 570),
      ...months.map((m, i) => run(m, 40 + i * 40, 558, 7)),
      ...['300', '280', '350', '310'].map((v, i) => run(v, 40 + i * 40, 547, 7)),
    ]));
    expect(r.consumption_history_kwh_values).toEqual({ values: [300, 280, 350, 310], months: ['2024-11', '2024-12', '2025-01', '2025-02'], average: 310 });
  });

  it('ignores dates and amounts that look like history rows above the history heading', () => {
    const r = readBillFields(toLines([
      run('11/2024 10/12/2024 R$ 245,67', 40, 700),
      run('Histórico de Consumo', 40, 620),
      run('10/2024 310 30', 40, 600), run('09/2024 290 30', 40, 590), run('11/2024 300 30', 40, 580),
    ]));
    expect(r.consumption_history_kwh_values.values).toEqual([290, 310, 300]);
  });

  it('flags solar compensation, apartments and condominiums', () => {
    expect(readBillFields(toLines([run('Energia injetada HFP kWh 240', 40, 500)])).solarCompensation).toBe(true);
    expect(readBillFields(toLines([run('Saldo de geração: 73 kWh', 40, 500)])).solarCompensation).toBe(true);
    expect(readBillFields(toLines([run('Titular:', 40, 700), run('CONDOMINIO EDIFICIO AURORA', 80, 700)])).apartment).toBe(true);
    expect(readBillFields(toLines([run('RUA DAS FLORES 10 APTO 52', 40, 700)])).apartment).toBe(true);
    expect(readBillFields(toLines([run('RUA DAS FLORES 10 CASA 2', 40, 700)])).apartment).toBe(false);
  });
});

describe('numbers, for any amount', () => {
  const cents = fc.integer({ min: 0, max: 99_999_999 });
  it('reads back any amount printed the Brazilian way, plain or with a decimal point', () => {
    fc.assert(fc.property(cents, (c) => {
      const value = c / 100;
      const br = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
      expect(parseMoney(br)).toBe(value);
      expect(parseMoney(`R$ ${br}`)).toBe(value);
      expect(parseMoney(value.toFixed(2).replace('.', ','))).toBe(value);
      expect(parseMoney(value.toFixed(2))).toBe(value);
    }));
  });
  it('reads back any kWh printed with thousands dots or two decimals', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9_999_999 }), (n) => {
      expect(parseKwh(new Intl.NumberFormat('pt-BR').format(n))).toBe(n);
      expect(parseKwh(`${n},00`)).toBe(n);
    }));
  });
});

describe('textLooksGarbled', () => {
  const bill = 'CEMIG DISTRIBUIÇÃO S.A. Nº DA INSTALAÇÃO 3001234567 Classe: Residencial Valor a pagar (R$) 245,67 '
    + 'Energia Elétrica kWh 312 0,95605 298,29 Contrib Ilum Publica Municipal 22,45 Histórico de Consumo MÊS/ANO CONSUMO kWh';
  it('accepts the text of a bill', () => {
    expect(textLooksGarbled(bill)).toBe(false);
  });
  it('flags the text of fonts without a character map', () => {
    // Private-use glyph codes, and letters shifted by a wrong encoding.
    expect(textLooksGarbled(Array.from(bill, (c) => (c === ' ' ? c : String.fromCharCode(0xe000 + c.charCodeAt(0)))).join(''))).toBe(true);
    expect(textLooksGarbled(bill.replace(/[A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1)))).toBe(true);
    expect(textLooksGarbled(Array.from(bill, (c) => (/[A-Za-z]/.test(c) ? String.fromCharCode(0x0410 + (c.charCodeAt(0) % 32)) : c)).join(''))).toBe(true);
  });
});
