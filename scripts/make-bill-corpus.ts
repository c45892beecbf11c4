/**
 * Writes the bill reader's test corpus into test/fixtures/bills/: PDF bills in the layouts of five
 * distributors (clean, noisy and wrong cases), a scanned PDF, a PNG photo of a bill and a bank
 * statement, each with a JSON ground truth (<id>.json) the tests and `scripts/bench-bills.ts` read.
 * Seeded: running it again writes identical bytes.  Usage: tsx scripts/make-bill-corpus.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { ConnectionType } from '../src/server/engines/sizing';
import type { BillAnalysisStatus, ConsumerClass } from '../src/server/engines/bill-reader/types';
import { BILL_ILLEGIBLE, unservedClassJustification, BILL_APARTMENT } from '../src/server/engines/bill-reader/decide';

const OUT = join(import.meta.dirname, '..', 'test', 'fixtures', 'bills');

// ---------------------------------------------------------------------------------------------
// Seeded randomness (mulberry32): every bill has its own seed, so adding a bill changes no other.

function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)] as T;
  const digits = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? int(1, 9) : int(0, 9))).join('');
  return { next, int, pick, digits };
}
type Rng = ReturnType<typeof rng>;

// ---------------------------------------------------------------------------------------------
// The bill's facts (what the ground truth records) and how they are printed.

/** The layouts this generator draws (modelled on five distributors' bills, not copies of them). */
export const LAYOUT_IDS = ['CEMIG', 'ENEL_SP', 'CPFL_PAULISTA', 'LIGHT', 'COPEL'] as const;
export type DistributorId = (typeof LAYOUT_IDS)[number];
/** The reader's distributor family (src/server/engines/bill-reader/distributors.ts) of each layout. */
export const FAMILY_OF: Record<DistributorId, string> = { CEMIG: 'CEMIG', ENEL_SP: 'ENEL', CPFL_PAULISTA: 'CPFL', LIGHT: 'LIGHT', COPEL: 'COPEL' };

export interface BillTruth {
  id: string;
  file: string;
  mime: 'application/pdf' | 'image/png';
  kind: 'clean' | 'noisy' | 'wrong';
  description: string;
  expected: { status: BillAnalysisStatus; justification_disapproved: string | null };
  /** Fields a careful person would read from the file; null when the file does not show them. */
  fields: {
    distributor: string | null;
    holder: string | null;
    consumer_class: ConsumerClass | null;
    installation: string | null;
    value: number | null;
    consumption: number | null;
    history: number[] | null;
    average: number | null;
    power_pattern: ConnectionType | null;
  };
}

interface BillFacts {
  holder: string;
  street: string;
  district: string;
  cityLine: string;
  installation: string;
  client: string;
  consumerClass: ConsumerClass;
  subclass: string;
  connection: ConnectionType;
  /** Oldest first; the last one is the current month. */
  months: Array<{ month: number; year: number; kwh: number }>;
  tariff: number;
  lightingFee: number;
  value: number;
  due: string;
}

const FIRST = ['MARIA', 'JOSE', 'ANA', 'JOAO', 'FRANCISCA', 'ANTONIO', 'ADRIANA', 'CARLOS', 'JULIANA', 'PAULO', 'MARCIA', 'LUCAS', 'FERNANDA', 'RAFAEL', 'PATRICIA'];
const LAST = ['SILVA', 'SANTOS', 'OLIVEIRA', 'SOUZA', 'RODRIGUES', 'FERREIRA', 'ALVES', 'PEREIRA', 'LIMA', 'GOMES', 'COSTA', 'RIBEIRO', 'MARTINS', 'CARVALHO', 'ARAUJO'];
const STREETS = ['RUA DAS ACACIAS', 'AV BRASIL', 'RUA SETE DE SETEMBRO', 'RUA DOM PEDRO II', 'AV PAULISTA', 'RUA DOS INCONFIDENTES', 'TRAVESSA SAO JOSE', 'RUA MARECHAL DEODORO'];
const DISTRICTS = ['CENTRO', 'JARDIM AMERICA', 'VILA NOVA', 'SANTA EFIGENIA', 'BOA VISTA', 'SAO BENEDITO'];
const MONTHS = ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'];

const CITY: Record<DistributorId, readonly string[]> = {
  CEMIG: ['30140-071 BELO HORIZONTE MG', '38400-100 UBERLANDIA MG', '32017-000 CONTAGEM MG'],
  ENEL_SP: ['01310-100 SAO PAULO SP', '09010-000 SANTO ANDRE SP', '06010-000 OSASCO SP'],
  CPFL_PAULISTA: ['13010-111 CAMPINAS SP', '14010-000 RIBEIRAO PRETO SP', '17010-000 BAURU SP'],
  LIGHT: ['20040-002 RIO DE JANEIRO RJ', '26210-000 NOVA IGUACU RJ', '25010-000 DUQUE DE CAXIAS RJ'],
  COPEL: ['80010-000 CURITIBA PR', '86010-000 LONDRINA PR', '87010-000 MARINGA PR'],
};
const INSTALLATION_DIGITS: Record<DistributorId, number> = { CEMIG: 10, ENEL_SP: 8, CPFL_PAULISTA: 10, LIGHT: 9, COPEL: 8 };

const round2 = (n: number) => Math.round(n * 100) / 100;

function makeFacts(r: Rng, d: DistributorId, consumerClass: ConsumerClass, opts: { holder?: string; months?: number; subclass?: string } = {}): BillFacts {
  const n = opts.months ?? r.pick([12, 13]);
  const base = consumerClass === 'RESIDENCIAL' ? r.int(150, 520) : r.int(400, 1900);
  const months: BillFacts['months'] = [];
  let m = r.int(0, 11);
  let y = 2024;
  for (let i = 0; i < n; i++) {
    months.push({ month: m, year: y, kwh: Math.max(30, Math.round(base * (0.8 + 0.4 * r.next()))) });
    m += 1;
    if (m === 12) { m = 0; y += 1; }
  }
  const current = months[months.length - 1]!;
  const tariff = round2(0.78 + 0.3 * r.next()) + r.int(0, 99) / 100000;
  const lightingFee = round2(8 + 40 * r.next());
  const value = round2(current.kwh * tariff + lightingFee);
  const connection: ConnectionType = r.pick(['single', 'two', 'three'] as const);
  const dueMonth = current.month + 2 > 12 ? current.month + 2 - 12 : current.month + 2;
  return {
    holder: opts.holder ?? `${r.pick(FIRST)} ${r.pick(LAST)} ${r.pick(LAST)}`,
    street: `${r.pick(STREETS)} ${r.int(10, 2500)}`,
    district: r.pick(DISTRICTS),
    cityLine: r.pick(CITY[d]),
    installation: r.digits(INSTALLATION_DIGITS[d]),
    client: r.digits(10),
    consumerClass,
    subclass: opts.subclass ?? (consumerClass === 'RESIDENCIAL' ? 'Residencial' : consumerClass === 'COMERCIAL' ? 'Outros serviços' : consumerClass === 'RURAL' ? 'Agropecuária rural' : 'Outros'),
    connection,
    months,
    tariff,
    lightingFee,
    value,
    due: `${String(r.int(5, 28)).padStart(2, '0')}/${String(dueMonth).padStart(2, '0')}/${current.month + 2 > 12 ? current.year + 1 : current.year}`,
  };
}

// Number formats: clean bills use Brazilian grouping; noisy ones vary it.
type NumberStyle = 'br' | 'plain' | 'dot-decimal';
function money(n: number, style: NumberStyle): string {
  const [int, dec] = n.toFixed(2).split('.') as [string, string];
  if (style === 'plain') return `${int},${dec}`;
  if (style === 'dot-decimal') return `${int}.${dec}`;
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}
function kwh(n: number, style: NumberStyle): string {
  if (style === 'plain') return String(n);
  if (style === 'dot-decimal') return `${n},00`;
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
const CLASS_LABEL: Record<ConsumerClass, string> = {
  RESIDENCIAL: 'Residencial', COMERCIAL: 'Comercial', INDUSTRIAL: 'Industrial', RURAL: 'Rural',
  PODER_PUBLICO: 'Poder Público', ILUMINACAO_PUBLICA: 'Iluminação Pública', SERVICO_PUBLICO: 'Serviço Público',
};
const CLASS_CODE: Record<ConsumerClass, string> = {
  RESIDENCIAL: 'B1', COMERCIAL: 'B3', INDUSTRIAL: 'B3', RURAL: 'B2', PODER_PUBLICO: 'B3', ILUMINACAO_PUBLICA: 'B4', SERVICO_PUBLICO: 'B3',
};
const CONNECTION_LABEL: Record<ConnectionType, string> = { single: 'Monofásico', two: 'Bifásico', three: 'Trifásico' };

// ---------------------------------------------------------------------------------------------
// Layouts: each returns positioned text runs, as the distributor's PDF would hold them.

interface Run { t: string; x: number; y: number; size?: number; bold?: boolean }
interface Noise { style: NumberStyle; extras: boolean }
type Layout = (f: BillFacts, n: Noise, r: Rng) => Run[];

const monthShort = (m: { month: number; year: number }) => `${MONTHS[m.month]}/${String(m.year).slice(2)}`;
const monthLong = (m: { month: number; year: number }) => `${MONTHS[m.month]}/${m.year}`;
const monthNumeric = (m: { month: number; year: number }) => `${String(m.month + 1).padStart(2, '0')}/${m.year}`;

/** CEMIG: labels in boxes with the value printed below them; history as a table, newest first. */
const cemig: Layout = (f, n) => {
  const cur = f.months[f.months.length - 1]!;
  const runs: Run[] = [
    { t: 'CEMIG DISTRIBUIÇÃO S.A.', x: 40, y: 800, size: 13, bold: true },
    { t: 'CNPJ 06.981.180/0001-16 - Av. Barbacena, 1200 - Belo Horizonte - MG', x: 40, y: 786, size: 7 },
    { t: 'DOCUMENTO AUXILIAR DA NOTA FISCAL DE ENERGIA ELÉTRICA ELETRÔNICA', x: 40, y: 772, size: 7 },
    { t: f.holder, x: 40, y: 740, size: 9, bold: true },
    { t: f.street, x: 40, y: 729, size: 8 },
    { t: f.district, x: 40, y: 718, size: 8 },
    { t: f.cityLine, x: 40, y: 707, size: 8 },
    { t: 'Nº DO CLIENTE', x: 40, y: 680, size: 7 },
    { t: 'Nº DA INSTALAÇÃO', x: 200, y: 680, size: 7 },
    { t: f.client, x: 40, y: 669, size: 9 },
    { t: f.installation, x: 200, y: 669, size: 9 },
    { t: 'Referente a', x: 40, y: 650, size: 7 },
    { t: 'Vencimento', x: 200, y: 650, size: 7 },
    { t: 'Valor a pagar (R$)', x: 360, y: 650, size: 7 },
    { t: monthLong(cur), x: 40, y: 639, size: 9 },
    { t: f.due, x: 200, y: 639, size: 9 },
    { t: money(f.value, n.style), x: 360, y: 639, size: 11, bold: true },
    { t: `Classe: ${CLASS_LABEL[f.consumerClass]}`, x: 40, y: 615, size: 8 },
    { t: `Subclasse: ${f.subclass}`, x: 200, y: 615, size: 8 },
    { t: `Ligação: ${CONNECTION_LABEL[f.connection]}`, x: 360, y: 615, size: 8 },
    { t: 'Itens da fatura', x: 40, y: 590, size: 8, bold: true },
    { t: 'Unid.', x: 220, y: 590, size: 7 }, { t: 'Quant.', x: 270, y: 590, size: 7 }, { t: 'Preço unit.', x: 330, y: 590, size: 7 }, { t: 'Valor (R$)', x: 420, y: 590, size: 7 },
    { t: 'Energia Elétrica', x: 40, y: 578, size: 8 }, { t: 'kWh', x: 220, y: 578, size: 8 }, { t: kwh(cur.kwh, n.style), x: 270, y: 578, size: 8 },
    { t: f.tariff.toFixed(5).replace('.', ','), x: 330, y: 578, size: 8 }, { t: money(round2(cur.kwh * f.tariff), n.style), x: 420, y: 578, size: 8 },
    { t: 'Contrib Ilum Publica Municipal', x: 40, y: 566, size: 8 }, { t: money(f.lightingFee, n.style), x: 420, y: 566, size: 8 },
    { t: 'TOTAL', x: 40, y: 552, size: 8, bold: true }, { t: money(f.value, n.style), x: 420, y: 552, size: 8, bold: true },
    { t: 'Histórico de Consumo', x: 40, y: 520, size: 8, bold: true },
    { t: 'MÊS/ANO', x: 40, y: 508, size: 7 }, { t: 'CONSUMO kWh', x: 110, y: 508, size: 7 }, { t: 'MÉDIA kWh/Dia', x: 190, y: 508, size: 7 }, { t: 'Dias', x: 270, y: 508, size: 7 },
  ];
  [...f.months].reverse().forEach((m, i) => {
    const y = 496 - i * 11;
    runs.push({ t: monthShort(m), x: 40, y, size: 7 }, { t: kwh(m.kwh, n.style), x: 110, y, size: 7 },
      { t: (m.kwh / 30).toFixed(2).replace('.', ','), x: 190, y, size: 7 }, { t: '30', x: 270, y, size: 7 });
  });
  return runs;
};

/** Enel SP: label and value on one line; history as two rows (months, then kWh). */
const enelSp: Layout = (f, n) => {
  const cur = f.months[f.months.length - 1]!;
  const runs: Run[] = [
    { t: 'Enel Distribuição São Paulo', x: 40, y: 805, size: 13, bold: true },
    { t: 'Eletropaulo Metropolitana Eletricidade de São Paulo S.A. - CNPJ 61.695.227/0001-93', x: 40, y: 792, size: 7 },
    { t: 'Nota Fiscal/Conta de Energia Elétrica', x: 40, y: 778, size: 8 },
    { t: `Nome: ${f.holder}`, x: 40, y: 750, size: 9 },
    { t: `Endereço: ${f.street} - ${f.district}`, x: 40, y: 738, size: 8 },
    { t: f.cityLine, x: 40, y: 726, size: 8 },
    { t: `Nº da Instalação: ${f.installation}`, x: 40, y: 700, size: 9 },
    { t: `Classificação: ${CLASS_CODE[f.consumerClass]} ${CLASS_LABEL[f.consumerClass].toUpperCase()} - ${f.subclass}`, x: 300, y: 700, size: 8 },
    { t: `Tipo de fornecimento: ${CONNECTION_LABEL[f.connection].toUpperCase()}`, x: 300, y: 688, size: 8 },
    { t: `Mês de referência: ${monthNumeric(cur)}`, x: 40, y: 676, size: 8 },
    { t: `Vencimento: ${f.due}`, x: 40, y: 664, size: 8 },
    { t: `Total a pagar: R$ ${money(f.value, n.style)}`, x: 300, y: 664, size: 11, bold: true },
    { t: `Consumo faturado: ${kwh(cur.kwh, n.style)} kWh`, x: 40, y: 640, size: 9 },
    { t: `Consumo Uso Sistema [KWh]-TUSD ${kwh(cur.kwh, n.style)} ${money(round2(cur.kwh * f.tariff * 0.45), n.style)}`, x: 40, y: 620, size: 7 },
    { t: `Consumo - TE ${kwh(cur.kwh, n.style)} ${money(round2(cur.kwh * f.tariff * 0.55), n.style)}`, x: 40, y: 610, size: 7 },
    { t: `Contribuição Iluminação Pública ${money(f.lightingFee, n.style)}`, x: 40, y: 600, size: 7 },
    { t: 'Histórico de consumo (kWh)', x: 40, y: 570, size: 8, bold: true },
  ];
  f.months.forEach((m, i) => {
    runs.push({ t: `${MONTHS[m.month]} ${String(m.year).slice(2)}`, x: 40 + i * 40, y: 558, size: 7 });
    runs.push({ t: kwh(m.kwh, n.style), x: 40 + i * 40, y: 547, size: 7 });
  });
  return runs;
};

/** CPFL Paulista: 'Seu código' and 'Unidade consumidora'; history as 'MM/AAAA - N kWh' lines. */
const cpfl: Layout = (f, n) => {
  const cur = f.months[f.months.length - 1]!;
  const runs: Run[] = [
    { t: 'CPFL PAULISTA', x: 40, y: 805, size: 14, bold: true },
    { t: 'Companhia Paulista de Força e Luz - CNPJ 33.050.196/0001-88 - Rod. Eng. Miguel Noel Nascentes Burnier, 1755 - Campinas/SP', x: 40, y: 792, size: 6 },
    { t: 'CONTA DE ENERGIA ELÉTRICA', x: 40, y: 776, size: 9, bold: true },
    { t: 'Cliente', x: 40, y: 752, size: 7 },
    { t: f.holder, x: 40, y: 741, size: 9, bold: true },
    { t: `${f.street}, ${f.district}`, x: 40, y: 730, size: 8 },
    { t: f.cityLine, x: 40, y: 719, size: 8 },
    { t: 'Seu código', x: 330, y: 752, size: 7 }, { t: f.client, x: 330, y: 741, size: 9 },
    { t: 'Unidade consumidora', x: 450, y: 752, size: 7 }, { t: f.installation, x: 450, y: 741, size: 9 },
    { t: `Classificação: ${CLASS_LABEL[f.consumerClass]} / ${f.subclass} - Tarifa convencional ${CLASS_CODE[f.consumerClass]}`, x: 40, y: 700, size: 8 },
    { t: `Tipo de ligação: ${CONNECTION_LABEL[f.connection]}`, x: 40, y: 688, size: 8 },
    { t: 'TOTAL A PAGAR', x: 330, y: 700, size: 8, bold: true }, { t: `R$ ${money(f.value, n.style)}`, x: 430, y: 700, size: 12, bold: true },
    { t: `VENCIMENTO ${f.due}`, x: 330, y: 686, size: 8 },
    { t: 'Descrição', x: 40, y: 660, size: 7 }, { t: 'Quantidade', x: 250, y: 660, size: 7 }, { t: 'Valor (R$)', x: 420, y: 660, size: 7 },
    { t: 'Consumo kWh', x: 40, y: 648, size: 8 }, { t: kwh(cur.kwh, n.style), x: 250, y: 648, size: 8 }, { t: money(round2(cur.kwh * f.tariff), n.style), x: 420, y: 648, size: 8 },
    { t: 'Ilum. Pública Municipal', x: 40, y: 636, size: 8 }, { t: money(f.lightingFee, n.style), x: 420, y: 636, size: 8 },
    { t: 'Consumo dos últimos meses', x: 40, y: 606, size: 8, bold: true },
  ];
  f.months.forEach((m, i) => runs.push({ t: `${monthNumeric(m)} - ${kwh(m.kwh, n.style)} kWh`, x: 40 + (i % 2) * 160, y: 594 - Math.floor(i / 2) * 11, size: 7 }));
  return runs;
};

/** Light: 'Titular'/'Instalação' labels, 'Valor a pagar' next to the total, history 'MMM/AAAA N'. */
const light: Layout = (f, n) => {
  const cur = f.months[f.months.length - 1]!;
  const runs: Run[] = [
    { t: 'Light', x: 40, y: 805, size: 18, bold: true },
    { t: 'LIGHT SERVIÇOS DE ELETRICIDADE S.A. - CNPJ 60.444.437/0001-46 - Av. Marechal Floriano, 168 - Rio de Janeiro - RJ', x: 40, y: 788, size: 6 },
    { t: 'NOTA FISCAL / CONTA DE ENERGIA ELÉTRICA', x: 40, y: 774, size: 8 },
    { t: 'Titular:', x: 40, y: 750, size: 8 }, { t: f.holder, x: 80, y: 750, size: 9, bold: true },
    { t: `${f.street} - ${f.district} - ${f.cityLine}`, x: 40, y: 738, size: 7 },
    { t: 'Instalação:', x: 40, y: 720, size: 8 }, { t: f.installation, x: 95, y: 720, size: 9 },
    { t: 'Cliente:', x: 220, y: 720, size: 8 }, { t: f.client, x: 260, y: 720, size: 9 },
    { t: `Classe/Subclasse: ${CLASS_LABEL[f.consumerClass].toUpperCase()} / ${f.subclass.toUpperCase()}`, x: 40, y: 706, size: 8 },
    { t: `Fases: ${CONNECTION_LABEL[f.connection].toUpperCase()}`, x: 300, y: 706, size: 8 },
    { t: `Conta do mês ${monthLong(cur)}`, x: 40, y: 684, size: 9 },
    { t: 'Valor a pagar', x: 300, y: 684, size: 8 }, { t: `R$ ${money(f.value, n.style)}`, x: 370, y: 684, size: 12, bold: true },
    { t: 'Data de vencimento', x: 300, y: 670, size: 7 }, { t: f.due, x: 380, y: 670, size: 8 },
    { t: `CONSUMO ATIVO (kWh) ${kwh(cur.kwh, n.style)}`, x: 40, y: 650, size: 8 },
    { t: `Energia ativa fornecida ${money(round2(cur.kwh * f.tariff), n.style)}`, x: 40, y: 638, size: 8 },
    { t: `CIP - Contribuição de Iluminação Pública ${money(f.lightingFee, n.style)}`, x: 40, y: 626, size: 8 },
    { t: 'HISTÓRICO DE CONSUMO', x: 40, y: 600, size: 8, bold: true }, { t: 'kWh', x: 140, y: 588, size: 7 },
  ];
  [...f.months].reverse().forEach((m, i) => runs.push({ t: monthLong(m), x: 40, y: 576 - i * 10, size: 7 }, { t: kwh(m.kwh, n.style), x: 140, y: 576 - i * 10, size: 7 }));
  return runs;
};

/** Copel: 'UC' number, holder without a label, history 'MM/AAAA kWh dias' table, oldest first. */
const copel: Layout = (f, n) => {
  const cur = f.months[f.months.length - 1]!;
  const runs: Run[] = [
    { t: 'COPEL DISTRIBUIÇÃO S.A.', x: 40, y: 805, size: 13, bold: true },
    { t: 'CNPJ 04.368.898/0001-06 - Rua José Izidoro Biazetto, 158 - Curitiba - PR', x: 40, y: 792, size: 7 },
    { t: 'FATURA DE ENERGIA ELÉTRICA', x: 40, y: 778, size: 8 },
    { t: f.holder, x: 40, y: 752, size: 9, bold: true },
    { t: `${f.street} ${f.district}`, x: 40, y: 741, size: 8 },
    { t: f.cityLine, x: 40, y: 730, size: 8 },
    { t: 'UNIDADE CONSUMIDORA', x: 360, y: 752, size: 7 }, { t: `UC: ${f.installation}`, x: 360, y: 741, size: 10, bold: true },
    { t: `${CLASS_CODE[f.consumerClass]} ${CLASS_LABEL[f.consumerClass]} / ${f.subclass} - ${CONNECTION_LABEL[f.connection]}`, x: 40, y: 712, size: 8 },
    { t: 'REF: MÊS/ANO', x: 40, y: 696, size: 7 }, { t: 'VENCIMENTO', x: 160, y: 696, size: 7 }, { t: 'TOTAL A PAGAR', x: 300, y: 696, size: 7 },
    { t: monthNumeric(cur), x: 40, y: 685, size: 9 }, { t: f.due, x: 160, y: 685, size: 9 }, { t: `R$${money(f.value, n.style)}`, x: 300, y: 685, size: 11, bold: true },
    { t: `ENERGIA ELET CONSUMO kWh ${kwh(cur.kwh, n.style)} ${f.tariff.toFixed(6).replace('.', ',')} ${money(round2(cur.kwh * f.tariff), n.style)}`, x: 40, y: 660, size: 7 },
    { t: `CONT ILUMIN PUBLICA MUNICIPIO ${money(f.lightingFee, n.style)}`, x: 40, y: 650, size: 7 },
    { t: 'Histórico de Consumo', x: 40, y: 620, size: 8, bold: true },
    { t: 'Mês', x: 40, y: 608, size: 7 }, { t: 'Consumo (kWh)', x: 100, y: 608, size: 7 }, { t: 'Dias', x: 180, y: 608, size: 7 },
  ];
  f.months.forEach((m, i) => runs.push({ t: monthNumeric(m), x: 40, y: 596 - i * 10, size: 7 }, { t: kwh(m.kwh, n.style), x: 100, y: 596 - i * 10, size: 7 }, { t: '30', x: 180, y: 596 - i * 10, size: 7 }));
  return runs;
};

const LAYOUTS: Record<DistributorId, Layout> = { CEMIG: cemig, ENEL_SP: enelSp, CPFL_PAULISTA: cpfl, LIGHT: light, COPEL: copel };

/** Lines a real bill carries besides its facts: messages, flags, decoy numbers. */
function extraRuns(r: Rng): Run[] {
  const lines = [
    'Bandeira tarifária: AMARELA - acréscimo de R$ 1,885 a cada 100 kWh',
    'Economize energia: desligue aparelhos da tomada. Consumo médio diário 9,8 kWh',
    'Pague com PIX usando o QR Code. Débito automático disponível no app.',
    'Tributos: ICMS 18,00% PIS 0,91% COFINS 4,21%',
    'Fale conosco 0800 721 0120 - Ouvidoria 0800 727 0000',
    'Leitura atual 45.522  Leitura anterior 45.210  Próxima leitura 12/12',
  ];
  return lines.filter(() => r.next() < 0.8).map((t, i) => ({ t, x: 40, y: 110 - i * 11, size: 6 }));
}

// ---------------------------------------------------------------------------------------------
// Writers

/** `pageBreak`: runs below this height go to a second page (moved up to its top). */
async function writePdf(runs: Run[], r: Rng, opts: { shuffle: boolean; jitter: boolean; split?: boolean; boxes?: boolean; pageBreak?: number }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2025-01-01T00:00:00Z'));
  doc.setProducer('make-bill-corpus');
  doc.setCreator('make-bill-corpus');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  const second = opts.pageBreak === undefined ? null : doc.addPage([595, 842]);
  if (opts.boxes) for (let i = 0; i < 12; i++) page.drawRectangle({ x: 40, y: 780 - i * 55, width: 515, height: 40, color: rgb(0.85, 0.85, 0.85) });
  // Producers often write a line as several runs (per word, or a word cut in two): noisy bills do too.
  const pieces = opts.split ? runs.flatMap((run) => splitRun(run, run.bold ? bold : regular, r)) : runs;
  const order = pieces.map((run) => ({ run, key: r.next() }));
  if (opts.shuffle) order.sort((a, b) => a.key - b.key);
  for (const { run } of order) {
    const dy = opts.jitter ? (r.next() - 0.5) * 1.6 : 0;
    const onSecond = second !== null && run.y < opts.pageBreak!;
    (onSecond ? second : page).drawText(run.t, { x: run.x, y: run.y + dy + (onSecond ? 800 - opts.pageBreak! : 0), size: run.size ?? 8, font: run.bold ? bold : regular });
  }
  return doc.save({ useObjectStreams: false });
}

interface Measure { widthOfTextAtSize(text: string, size: number): number }

/** Cuts a run into word runs at their true positions; now and then cuts a word in two as well. */
function splitRun(run: Run, font: Measure, r: Rng): Run[] {
  if (r.next() < 0.4) return [run];
  const size = run.size ?? 8;
  const out: Run[] = [];
  let x = run.x;
  for (const word of run.t.split(/(?<= )/)) {
    const cut = word.trim().length > 5 && r.next() < 0.25 ? r.int(2, word.trim().length - 2) : 0;
    const parts = cut ? [word.slice(0, cut), word.slice(cut)] : [word];
    for (const part of parts) {
      if (part.trim()) out.push({ ...run, t: part.trimEnd(), x });
      // Per glyph: pdf-lib's width of a string applies kerning, which drawText does not.
      x += Array.from(part).reduce((w, ch) => w + font.widthOfTextAtSize(ch, size), 0);
    }
  }
  return out;
}

/** A grey 'photo' of a bill as PNG (no text layer): the reader must hand it to a person. */
// A font that ships with pdf.js: the photo is drawn with the same glyphs on every machine.
const fontDir = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
GlobalFonts.registerFromPath(join(fontDir, 'LiberationSans-Regular.ttf'), 'CorpusSans');
GlobalFonts.registerFromPath(join(fontDir, 'LiberationSans-Bold.ttf'), 'CorpusSansBold');

/** A bill's runs drawn as a phone would capture the page: a PNG at about 150 dpi, slightly grey paper. */
function writePhoto(runs: readonly Run[]): Uint8Array {
  const scale = 2;
  const canvas = createCanvas(595 * scale, 842 * scale);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f3ef';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#1a1a1a';
  for (const run of runs) {
    ctx.font = `${(run.size ?? 8) * scale}px ${run.bold ? 'CorpusSansBold' : 'CorpusSans'}`;
    ctx.fillText(run.t, run.x * scale, (842 - run.y) * scale);
  }
  return new Uint8Array(canvas.toBuffer('image/png'));
}

function writePng(r: Rng, width = 240, height = 340): Uint8Array {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    const inkRow = y % 14 < 4 && y > 20 && y < 320;
    const lineLen = 60 + ((y * 37) % 140);
    for (let x = 0; x < width; x++) {
      const ink = inkRow && x > 16 && x < lineLen;
      const v = ink ? 40 + r.int(0, 30) : 235 + r.int(0, 15);
      raw.fill(v, row + 1 + x * 3, row + 4 + x * 3);
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (b: Buffer) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]));
}

// ---------------------------------------------------------------------------------------------
// The corpus

const APPROVED = { status: 'APPROVED', justification_disapproved: null } as const;
const WAITING = { status: 'WAITING', justification_disapproved: null } as const;
const ILLEGIBLE = { status: 'DISAPPROVED', justification_disapproved: BILL_ILLEGIBLE } as const;

function truthOf(d: DistributorId, f: BillFacts): BillTruth['fields'] {
  const history = f.months.map((m) => m.kwh);
  return {
    distributor: FAMILY_OF[d], holder: f.holder, consumer_class: f.consumerClass, installation: f.installation,
    value: f.value, consumption: f.months[f.months.length - 1]!.kwh, history,
    // the twelve most recent months, as the reader (and a person sizing a system) averages them
    average: round2(history.slice(-12).reduce((a, b) => a + b, 0) / Math.min(12, history.length)), power_pattern: f.connection,
  };
}
const NO_FIELDS: BillTruth['fields'] = { distributor: null, holder: null, consumer_class: null, installation: null, value: null, consumption: null, history: null, average: null, power_pattern: null };

interface Case { truth: Omit<BillTruth, 'file' | 'mime'> & { mime?: BillTruth['mime'] }; bytes: () => Promise<Uint8Array> }

function billCase(id: string, seed: number, d: DistributorId, kind: 'clean' | 'noisy' | 'wrong', description: string,
  expected: BillTruth['expected'], o: { cls?: ConsumerClass; holder?: string; subclass?: string; extraLines?: string[]; pageBreak?: number; transform?: (runs: Run[], f: BillFacts) => Run[]; fields?: (t: BillTruth['fields']) => BillTruth['fields'] } = {}): Case {
  const r = rng(seed);
  const f = makeFacts(r, d, o.cls ?? 'RESIDENCIAL', { ...(o.holder ? { holder: o.holder } : {}), ...(o.subclass ? { subclass: o.subclass } : {}) });
  const noisy = kind === 'noisy';
  const noise: Noise = { style: noisy ? r.pick(['plain', 'dot-decimal'] as const) : 'br', extras: noisy };
  let runs = LAYOUTS[d](f, noise, r);
  if (noisy) runs = runs.concat(extraRuns(r));
  (o.extraLines ?? []).forEach((t, i) => runs.push({ t, x: 40, y: 200 - i * 12, size: 8 }));
  if (o.transform) runs = o.transform(runs, f);
  const fields = o.fields ? o.fields(truthOf(d, f)) : truthOf(d, f);
  return { truth: { id, kind, description, expected, fields }, bytes: () => writePdf(runs, r, { shuffle: noisy, jitter: noisy, split: noisy, ...(o.pageBreak ? { pageBreak: o.pageBreak } : {}) }) };
}

/** A bill of a layout photographed: OCR reads it, a person confirms (never approved on OCR alone). */
function photoCase(id: string, seed: number, d: DistributorId, description: string): Case {
  const r = rng(seed);
  const f = makeFacts(r, d, 'RESIDENCIAL');
  const runs = LAYOUTS[d](f, { style: 'br', extras: false }, r);
  return { truth: { id, mime: 'image/png', kind: 'clean', description, expected: WAITING, fields: truthOf(d, f) }, bytes: async () => writePhoto(runs) };
}

const CASES: Case[] = [
  // Clean: one residential bill per distributor, plus commercial ones.
  billCase('cemig-clean-residential', 101, 'CEMIG', 'clean', 'CEMIG residential, labels above values', APPROVED),
  billCase('enel-sp-clean-residential', 102, 'ENEL_SP', 'clean', 'Enel SP residential, history in two rows', APPROVED),
  billCase('cpfl-paulista-clean-residential', 103, 'CPFL_PAULISTA', 'clean', 'CPFL Paulista residential', APPROVED),
  billCase('light-clean-residential', 104, 'LIGHT', 'clean', 'Light residential', APPROVED),
  billCase('copel-clean-residential', 105, 'COPEL', 'clean', 'Copel residential, holder without a label', APPROVED),
  billCase('cemig-clean-commercial', 106, 'CEMIG', 'clean', 'CEMIG commercial (a shop)', APPROVED, { cls: 'COMERCIAL', holder: 'PADARIA PAO DOURADO LTDA' }),
  billCase('cpfl-paulista-clean-commercial', 107, 'CPFL_PAULISTA', 'clean', 'CPFL Paulista commercial', APPROVED, { cls: 'COMERCIAL', holder: 'OFICINA MECANICA SAO JORGE LTDA' }),
  billCase('copel-clean-commercial', 108, 'COPEL', 'clean', 'Copel commercial', APPROVED, { cls: 'COMERCIAL' }),
  billCase('cemig-clean-masked-uc', 109, 'CEMIG', 'clean', "CEMIG's newer label 'N.º DA UNIDADE CONSUMIDORA' with a masked number", APPROVED, {
    transform: (runs, f) => runs.map((x) => x.t === 'Nº DA INSTALAÇÃO' ? { ...x, t: 'N.º DA UNIDADE CONSUMIDORA' }
      : x.t === f.installation ? { ...x, t: `${f.installation.slice(0, 3)}.${f.installation.slice(3, 6)}.${f.installation.slice(6, 9)}-${f.installation.slice(9)}` } : x),
  }),
  // Noisy: drawing order shuffled, lines jitter, extra lines with decoy numbers, other number formats.
  billCase('cemig-noisy', 201, 'CEMIG', 'noisy', 'CEMIG, shuffled and jittered text, extra lines, plain numbers', APPROVED),
  billCase('enel-sp-noisy', 202, 'ENEL_SP', 'noisy', 'Enel SP, shuffled, extra lines, other number format', APPROVED),
  billCase('cpfl-paulista-noisy', 203, 'CPFL_PAULISTA', 'noisy', 'CPFL Paulista, shuffled, extra lines', APPROVED),
  billCase('light-noisy', 204, 'LIGHT', 'noisy', 'Light, shuffled, extra lines', APPROVED),
  billCase('copel-noisy', 205, 'COPEL', 'noisy', 'Copel, shuffled, extra lines', APPROVED),
  billCase('light-noisy-commercial', 206, 'LIGHT', 'noisy', 'Light commercial, shuffled, extra lines', APPROVED, { cls: 'COMERCIAL', holder: 'MERCADINHO BOA ESPERANCA LTDA' }),
  billCase('light-two-pages', 207, 'LIGHT', 'noisy', 'Light over two pages: the history is on page 2', APPROVED, { pageBreak: 610 }),
  // Wrong or doubtful.
  billCase('copel-rural', 301, 'COPEL', 'clean', 'Copel, rural class (group B2): served like homes and businesses', APPROVED, { cls: 'RURAL' }),
  billCase('enel-sp-industrial', 302, 'ENEL_SP', 'wrong', 'Enel SP, industrial class: not served', { status: 'DISAPPROVED', justification_disapproved: unservedClassJustification('INDUSTRIAL') }, { cls: 'INDUSTRIAL', holder: 'METALURGICA PAULISTA LTDA' }),
  billCase('light-condominium', 303, 'LIGHT', 'wrong', "Light, an apartment complex's common-area bill", { status: 'DISAPPROVED', justification_disapproved: BILL_APARTMENT }, { cls: 'COMERCIAL', holder: 'CONDOMINIO DO EDIFICIO SOLAR DAS PALMEIRAS', subclass: 'Condomínio' }),
  billCase('cemig-solar-scee', 304, 'CEMIG', 'wrong', 'CEMIG, unit already compensating solar energy (SCEE, energia injetada)', WAITING, {
    extraLines: ['Energia SCEE ISENTA kWh 180 0,00', 'Energia injetada HFP kWh 240 -0,52', 'Saldo atual de geração: 412 kWh'],
  }),
  billCase('cpfl-paulista-solar-balance', 305, 'CPFL_PAULISTA', 'wrong', 'CPFL Paulista with a generation balance (saldo de geração, energia compensada)', WAITING, {
    extraLines: ['Micro e minigeração distribuída - Energia compensada 150 kWh', 'Saldo de geração acumulado: 73 kWh'],
  }),
  billCase('cemig-cut-in-half', 306, 'CEMIG', 'wrong', 'CEMIG, only the top half of the page (photographed cut): a bill, so a person reads it', WAITING, {
    transform: (runs) => runs.filter((x) => x.y > 700),
    fields: (t) => ({ ...NO_FIELDS, distributor: t.distributor, holder: t.holder }),
  }),
  billCase('enel-sp-missing-class', 307, 'ENEL_SP', 'wrong', 'Enel SP with the classification line missing: the reader is not sure', WAITING, {
    transform: (runs) => runs.filter((x) => !x.t.startsWith('Classificação')),
    fields: (t) => ({ ...t, consumer_class: null }),
  }),
  billCase('copel-apartment', 308, 'COPEL', 'wrong', 'Copel, residential bill of an apartment (APTO in the address): not served', { status: 'DISAPPROVED', justification_disapproved: BILL_APARTMENT }, {
    transform: (runs, f) => runs.map((x) => ({ ...x, t: x.t.replace(f.street, `${f.street} APTO 52`) })),
  }),
  billCase('unknown-distributor', 309, 'ENEL_SP', 'wrong', 'A distributor the reader does not know (Enel layout, another company): a person checks', WAITING, {
    transform: (runs) => runs.map((x) => x.y > 785 ? { ...x, t: x.y > 800 ? 'Cooperativa Vale Verde' : 'Cooperativa de Eletrificação Rural Vale Verde - CNPJ 11.222.333/0001-81' } : x),
    fields: (t) => ({ ...t, distributor: null }),
  }),
  {
    truth: { id: 'bank-statement', kind: 'wrong', description: 'A bank statement, not an electricity bill', expected: ILLEGIBLE, fields: NO_FIELDS },
    bytes: () => {
      const r = rng(401);
      const runs: Run[] = [
        { t: 'BANCO EXEMPLO S.A.', x: 40, y: 800, size: 14, bold: true },
        { t: 'Extrato de conta corrente', x: 40, y: 780, size: 10 },
        { t: 'Cliente: MARIA SOUZA LIMA   Agência 1234   Conta 56789-0', x: 40, y: 760, size: 8 },
        { t: 'Período: 01/10/2024 a 31/10/2024', x: 40, y: 748, size: 8 },
        { t: 'Data        Histórico                          Valor (R$)      Saldo (R$)', x: 40, y: 720, size: 8 },
      ];
      const items = ['PIX RECEBIDO', 'PAGTO CONTA ENERGIA', 'COMPRA CARTAO', 'TED ENVIADA', 'TARIFA PACOTE', 'RENDIMENTO POUPANCA'];
      let balance = 2500;
      for (let i = 0; i < 14; i++) {
        const v = round2((r.next() - 0.6) * 800);
        balance = round2(balance + v);
        runs.push({ t: `${String(i * 2 + 1).padStart(2, '0')}/10/2024  ${r.pick(items)}  ${money(v, 'br')}  ${money(balance, 'br')}`, x: 40, y: 706 - i * 12, size: 8 });
      }
      runs.push({ t: `Saldo final: R$ ${money(balance, 'br')}`, x: 40, y: 520, size: 9, bold: true });
      return writePdf(runs, r, { shuffle: false, jitter: false });
    },
  },
  {
    truth: { id: 'water-bill', kind: 'wrong', description: 'A water bill (Sabesp): consumption in m³, not an electricity bill', expected: ILLEGIBLE, fields: NO_FIELDS },
    bytes: () => {
      const r = rng(404);
      const runs: Run[] = [
        { t: 'SABESP - Companhia de Saneamento Básico do Estado de São Paulo', x: 40, y: 800, size: 11, bold: true },
        { t: 'CONTA DE ÁGUA E ESGOTO', x: 40, y: 784, size: 9 },
        { t: 'Nome: CARLOS ALVES PEREIRA', x: 40, y: 760, size: 9 },
        { t: 'Endereço: RUA DAS ACACIAS 120 - CENTRO - SAO PAULO SP', x: 40, y: 748, size: 8 },
        { t: 'Fornecimento (RGI): 0123456789', x: 40, y: 730, size: 8 },
        { t: 'Categoria: Residencial', x: 300, y: 730, size: 8 },
        { t: 'Consumo (m³): 18', x: 40, y: 712, size: 8 },
        { t: 'Valor a pagar: R$ 142,33', x: 300, y: 712, size: 10, bold: true },
        { t: 'Histórico de consumo (m³)', x: 40, y: 680, size: 8, bold: true },
      ];
      for (let i = 0; i < 6; i++) runs.push({ t: `${MONTHS[(10 + i) % 12]}/${i < 2 ? 24 : 25} ${r.int(12, 24)}`, x: 40, y: 668 - i * 10, size: 7 });
      return writePdf(runs, r, { shuffle: false, jitter: false });
    },
  },
  {
    truth: { id: 'scanned-bill', kind: 'wrong', description: 'A scanned PDF: shapes only, no text layer', expected: WAITING, fields: NO_FIELDS },
    bytes: () => writePdf([], rng(402), { shuffle: false, jitter: false, boxes: true }),
  },
  {
    truth: { id: 'photo-unreadable', mime: 'image/png', kind: 'wrong', description: 'A picture with no legible text (a blurred page): illegible, the customer may send a better one', expected: ILLEGIBLE, fields: NO_FIELDS },
    bytes: async () => writePng(rng(403)),
  },
  photoCase('photo-bill', 410, 'LIGHT', 'A photo of a Light bill (PNG): read by OCR, confirmed by a person'),
];

/** Every file of the corpus, as the script writes it (the tests check the committed fixtures against this). */
export async function buildCorpus(): Promise<Array<{ name: string; bytes: Uint8Array }>> {
  const files: Array<{ name: string; bytes: Uint8Array }> = [];
  for (const c of CASES) {
    const mime = c.truth.mime ?? 'application/pdf';
    const file = `${c.truth.id}.${mime === 'image/png' ? 'png' : 'pdf'}`;
    const truth: BillTruth = { ...c.truth, file, mime };
    files.push({ name: file, bytes: await c.bytes() });
    files.push({ name: `${c.truth.id}.json`, bytes: new TextEncoder().encode(`${JSON.stringify(truth, null, 2)}\n`) });
  }
  return files;
}

/**
 * A bill outside the committed corpus: same layouts, another seed. The tests read a batch of
 * these to check that the reader is not fitted to the fixtures alone.
 */
export async function makeBill(distributor: DistributorId, seed: number, kind: 'clean' | 'noisy', cls: ConsumerClass = 'RESIDENCIAL'): Promise<{ truth: BillTruth; bytes: Uint8Array }> {
  const c = billCase(`${distributor}-${kind}-${seed}`, seed, distributor, kind, 'generated', APPROVED, { cls });
  return { truth: { ...c.truth, file: '', mime: 'application/pdf' }, bytes: await c.bytes() };
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  for (const f of readdirSync(OUT)) if (/\.(pdf|png|json)$/.test(f)) rmSync(join(OUT, f));
  const files = await buildCorpus();
  for (const f of files) writeFileSync(join(OUT, f.name), f.bytes);
  console.log(`wrote ${CASES.length} bills (${files.length} files) to ${OUT}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
