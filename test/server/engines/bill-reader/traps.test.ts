/**
 * The traps real bills set for a reader (issue: 'Traps a real reader meets'), each drawn here as
 * positioned text the way distributors print it, with made-up people and numbers. Every case
 * states what a careful person reads and what the assistant must decide.
 */
import { describe, expect, it } from 'vitest';
import { decideBill } from '../../../../src/server/engines/bill-reader';
import { toLines, type TextItem } from '../../../../src/server/engines/bill-reader/layout';
import { readBillFields } from '../../../../src/server/engines/bill-reader/readFields';

const run = (text: string, x: number, y: number, size = 7, page = 1): TextItem => ({ text, x, y, size, page, width: text.length * size * 0.5 });
const read = (items: TextItem[]) => readBillFields(toLines(items));

/** A monthly history column: month, kWh, days; newest first. */
function historyColumn(x: number, top: number, rows: ReadonlyArray<[string, number]>, size = 6): TextItem[] {
  return rows.flatMap(([month, kwh], i) => [run(month, x, top - i * 9, size), run(String(kwh), x + 70, top - i * 9, size), run('30', x + 168, top - i * 9, size)]);
}
const LAST_12: ReadonlyArray<[string, number]> = [
  ['MAR/25', 320], ['FEV/25', 300], ['JAN/25', 340], ['DEZ/24', 310], ['NOV/24', 290], ['OUT/24', 305],
  ['SET/24', 315], ['AGO/24', 295], ['JUL/24', 280], ['JUN/24', 300], ['MAI/24', 330], ['ABR/24', 325], ['MAR/24', 999],
];

/** A residential bill of a known family, around which each trap changes one thing. */
function bill(o: { header?: TextItem[]; items?: TextItem[]; history?: TextItem[]; extra?: TextItem[] } = {}): TextItem[] {
  return [
    run('CEMIG DISTRIBUIÇÃO S.A. CNPJ 06.981.180/0001-16', 150, 816, 5),
    run('JOSE CARLOS PEREIRA', 20, 782, 8),
    run('RUA DAS PALMEIRAS 120', 20, 771, 8),
    run('CENTRO', 20, 762, 8),
    run('30190-000 BELO HORIZONTE, MG', 20, 753, 8),
    ...(o.header ?? [run('MAR/2025', 290, 767, 13), run('15/04/2025', 378, 767, 13), run('R$ 289,40', 489, 767, 13)]),
    run('Nº DA INSTALAÇÃO', 146, 696, 8), run('3001234567', 143, 682, 15),
    run('Classe', 86, 661, 8), run('Subclasse', 193, 661, 8), run('Modalidade Tarifária', 301, 661, 8),
    run('Residencial', 88, 651, 9), run('Residencial', 188, 651, 9), run('Convencional B1', 299, 651, 9),
    run('Bifásico', 82, 641, 9),
    ...(o.items ?? [
      run('Energia Elétrica', 27, 592), run('kWh', 179, 592), run('320', 217, 592), run('0,85000000', 256, 592), run('272,00', 317, 592),
      run('Contrib Ilum Publica Municipal', 27, 583), run('17,40', 317, 583),
      run('TOTAL', 27, 564, 8), run('289,40', 316, 564, 8),
    ]),
    run('Energia kWh', 244, 373), run('ABC123', 324, 373), run('10.000', 397, 373), run('10.320', 436, 373), run('1', 494, 373), run('320', 541, 373),
    ...(o.history ?? [run('Histórico de Consumo', 80, 272, 9), run('MÊS/ANO', 17, 264), run('Cons. kWh', 74, 264), run('Dias', 184, 264), ...historyColumn(17, 253, LAST_12)]),
    ...(o.extra ?? []),
  ];
}

describe('the reader on a plain bill (the baseline of every trap)', () => {
  it('reads every field, with the places it read them from, and approves', () => {
    const r = read(bill());
    expect(r).toMatchObject({
      distributor: 'CEMIG', holder: 'JOSE CARLOS PEREIRA', consumer_class: 'RESIDENCIAL', subclass: 'Residencial', tariff_group: 'B1',
      power_pattern: 'two', installation: '3001234567', reference_month: '2025-03', value: 289.4, consumption: 320,
    });
    // the twelve most recent months, not the thirteenth
    expect(r.consumption_history_kwh_values.average).toBe(309.17);
    expect(r.evidence?.value?.evidence[0]).toMatchObject({ text: 'R$ 289,40', page: 1 });
    expect(r.evidence?.consumption?.confidence).toBe(1);
    expect(decideBill(r).status).toBe('APPROVED');
  });
});

describe('traps', () => {
  it('a total of R$ 0,00 because of a credit is the amount due, and the bill is not approved on it', () => {
    const r = read(bill({
      header: [run('MAR/2025', 290, 767, 13), run('15/04/2025', 378, 767, 13), run('R$ 0,00', 489, 767, 13)],
      items: [
        run('Energia Elétrica', 27, 592), run('kWh', 179, 592), run('320', 217, 592), run('272,00', 317, 592),
        run('Crédito de fatura anterior', 27, 583), run('289,40-', 317, 583),
        run('TOTAL', 27, 564, 8), run('0,00', 316, 564, 8),
      ],
    }));
    expect(r.value).toBe(0);
    const a = decideBill(r);
    expect(a.status).toBe('WAITING');
    expect(a.review_notes).toEqual(['implausible-values']);
  });

  it('two totals on one page: the paid slip\'s R$ 0,00 loses to the bill\'s own box and table total', () => {
    const r = read(bill({
      extra: [
        run('Total a Pagar (R$)', 426, 85), run('0,00', 448, 73, 8), run('CONTA PAGA', 256, 44, 6),
      ],
    }));
    expect(r.value).toBe(289.4);
    expect(decideBill(r).status).toBe('APPROVED');
  });

  it('a customer code beside the installation, both without labels in the text (printed as pictures): order and repetition tell them apart', () => {
    const items = bill().filter((i) => i.text !== 'Nº DA INSTALAÇÃO' && i.text !== '3001234567');
    const r = read([
      ...items,
      run('3009876543', 110, 745, 8), run('7001112223', 220, 745, 8),
      // the installation comes back on the payment slip
      run('Instalação', 271, 93, 8), run('3009876543', 263, 81, 10),
    ]);
    expect(r.installation).toBe('3009876543');
    expect(r.client_code).toBe('7001112223');
  });

  it('a labelled customer code is never taken for the installation', () => {
    const r = read(bill({ extra: [run('Nº DO CLIENTE', 32, 696, 8), run('7202910640', 22, 682, 15)] }));
    expect(r.installation).toBe('3001234567');
    expect(r.client_code).toBe('7202910640');
  });

  it('a history drawn as a bar chart with its values as labels', () => {
    const bars = ['2025 MAR', 'FEV', 'JAN', 'DEZ', 'NOV', 'OUT'].flatMap((m, i) => [
      run(m, i === 0 ? 49 : 63, 355 - i * 7, 5), run('l'.repeat(40 + i * 3), 77, 355 - i * 7, 2), run(String([320, 300, 340, 310, 290, 305][i]), 163, 355 - i * 7, 5),
    ]);
    const r = read(bill({ history: bars }));
    expect(r.consumption_history_kwh_values.values).toEqual([305, 290, 310, 340, 300, 320]);
    expect(r.consumption_history_kwh_values.months).toEqual(['2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03']);
  });

  it('a bar chart whose bars carry no values, only the days billed: no history is invented', () => {
    const chart = [
      run('CONSUMO FATURADO', 466, 427, 5), run('Nº DIAS', 547, 430, 5), run('FAT', 553, 424, 5),
      ...['MAR/25', 'FEV/25', 'JAN/25', 'DEZ/24', 'NOV/24'].flatMap((m, i) => [run(m, 462, 416 - i * 9, 5), run(String(28 + i), 555, 416 - i * 9, 5)]),
    ];
    const r = read(bill({ history: chart }));
    expect(r.consumption_history_kwh_values).toMatchObject({ values: [], average: null });
  });

  it('group A: peak and off-peak posts add up, and the bill waits for a person', () => {
    const r = read(bill({
      header: [run('MAR/2025', 290, 767, 13), run('15/04/2025', 378, 767, 13), run('R$ 61.335,60', 480, 767, 13)],
      items: [
        run('Consumo Fora Ponta (kWh)', 21, 552, 6), run('38.846,88', 148, 552, 6),
        run('Consumo Ponta (kWh)', 21, 544, 6), run('8.089,20', 151, 544, 6),
        run('Demanda Contratada Fora Ponta (kW):', 434, 481, 6),
      ],
      extra: [
        run('Classificação: A4 - Horo-sazonal Verde', 250, 630, 6),
        run('Consumo Fora Ponta', 70, 360, 5), run('2.210.657', 214, 360, 5), run('2.264.611', 246, 360, 5), run('0,7200', 280, 360, 5), run('38.846,88 kWh', 305, 360, 5),
        run('Consumo Ponta', 76, 353, 5), run('379.030', 216, 353, 5), run('390.265', 248, 353, 5), run('0,7200', 280, 353, 5), run('8.089,20 kWh', 307, 353, 5),
      ],
    }).filter((i) => !/^Energia kWh|^ABC123|^10\.(000|320)$|^Convencional B1$/.test(i.text) && !(i.text === '320' && i.x === 541)));
    expect(r.tariff_group).toBe('A4');
    expect(r.consumption).toBe(46936.08);
    expect(decideBill(r)).toMatchObject({ status: 'WAITING', review_notes: ['group-a'] });
  });

  it('a history of peak and off-peak registers: each month is their sum', () => {
    const history = [
      run('DEMANDA MEDIDA', 113, 580, 6), run('CONSUMO FATURADO', 273, 580, 6),
      run('MÊS', 40, 568, 5), run('PONTA', 78, 568, 5), run('FORA PONTA', 114, 568, 5), run('PONTA/TOT', 236, 568, 5), run('FORA PONTA', 280, 568, 5),
      ...['MAR', 'FEV', 'JAN'].flatMap((m, i) => [
        run(m, 41, 557 - i * 8.5, 5), run('216,00', 79, 557 - i * 8.5, 5), run('224,64', 123, 557 - i * 8.5, 5),
        run(['8.089,20', '10.530,00', '8.881,20'][i]!, 241, 557 - i * 8.5, 5), run(['38.846,88', '48.922,56', '45.002,16'][i]!, 285, 557 - i * 8.5, 5),
      ]),
    ];
    const r = read(bill({ history }));
    // no year printed: the top month is the reference month's
    expect(r.consumption_history_kwh_values.months).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(r.consumption_history_kwh_values.values).toEqual([53883.36, 59452.56, 46936.08]);
  });

  it('a unit that receives credits from a generating unit (geração compartilhada) is never approved', () => {
    const r = read(bill({ extra: [run('COMP CONS MICRO/MINI GERACAO', 255, 425, 6), run('kWh', 386, 425, 6), run('839', 425, 425, 6), run('Geradora: UC 106414518.', 258, 243, 6)] }));
    expect(r.generation).toBe(true);
    expect(decideBill(r)).toMatchObject({ status: 'WAITING', review_notes: ['solar-compensation'] });
  });

  it('every way bills print generation or received credits is caught', () => {
    for (const line of ['Energia Ativa Injetada TE 3.433,00', 'Energia SCEE ISENTA kWh 180', 'Saldo atual de geração: 412 kWh', 'Geração compartilhada - UC beneficiária',
      'Autoconsumo remoto 120 kWh', 'CRÉDITO DE ENERGIA: GERAÇÃO ULTIMO CICLO', 'RATEIO GERAÇÃO: UC 11071722 = 100%', 'Saldo em kWh: 73', 'Micro e minigeração distribuída - Energia compensada 150 kWh']) {
      expect(read(bill({ extra: [run(line, 40, 200, 6)] })).generation, line).toBe(true);
    }
  });

  it('notices about rights towards a "central geradora" are not generation', () => {
    const r = read(bill({ extra: [run('É direito do consumidor ou da central geradora de receber uma compensação, caso sejam violados os limites.', 40, 200, 5)] }));
    expect(r.generation).toBe(false);
  });

  it('consumption billed at the availability minimum: the measured kWh is read, and the bill waits', () => {
    const r = read(bill({
      header: [run('MAR/2025', 290, 767, 13), run('15/04/2025', 378, 767, 13), run('R$ 58,90', 489, 767, 13)],
      items: [
        run('Energia Elétrica', 27, 592), run('kWh', 179, 592), run('50', 217, 592), run('42,50', 317, 592),
        run('TUSD - Consumo', 27, 584), run('kWh', 179, 584), run('50', 217, 584), run('16,40', 317, 584),
        run('TOTAL', 27, 564, 8), run('58,90', 316, 564, 8),
      ],
      history: [],
    }).map((i) => (i.text === '10.320' ? { ...i, text: '10.032' } : i.text === '320' && i.x === 541 ? { ...i, text: '32' } : i)));
    expect(r.consumption).toBe(32);
    expect(decideBill(r)).toMatchObject({ status: 'WAITING', review_notes: ['below-minimum'] });
  });

  it('a collective bill of several units: its first page\'s total, no one unit\'s consumption', () => {
    const page2 = [run('TOTAL A PAGAR (R$)', 242, 693, 9, 2), run('1.102,82', 264, 679, 9, 2), run('TOTAL DA FATURA', 17, 360, 7, 2), run('1.102,82', 243, 360, 7, 2)];
    const r = read(bill({
      header: [run('DOCUMENTO PARA PAGAMENTO DA CONTA COLETIVA', 162, 810, 9), run('TOTAL A PAGAR (R$)', 261, 740, 8), run('5.975,89', 276, 715, 15)],
      extra: page2,
    }));
    expect(r.collective).toBe(true);
    expect(r.value).toBe(5975.89);
    expect(r.consumption).toBeNull();
    expect(decideBill(r)).toMatchObject({ status: 'WAITING', review_notes: ['collective-bill'] });
  });

  it('a watermark across a history row does not hide the row\'s value', () => {
    const history = [run('Mês', 34, 563), run('kWh', 118, 563), ...LAST_12.slice(0, 6).map(([m, v], i) => [run(`${m.slice(0, 3) === 'MAR' ? '03' : m.slice(0, 3) === 'FEV' ? '02' : m.slice(0, 3) === 'JAN' ? '01' : m.slice(0, 3) === 'DEZ' ? '12' : m.slice(0, 3) === 'NOV' ? '11' : '10'}/20${m.slice(4)}`, 34, 552 - i * 12), run(String(v), 118, 552 - i * 12)]).flat()];
    history.push({ text: 'Segunda Via', x: 88, y: 552 - 2 * 12, size: 70, width: 420, page: 1 });
    const r = read(bill({ history }));
    expect(r.consumption_history_kwh_values.values).toEqual([305, 290, 310, 340, 300, 320]);
  });
});
