import type { ConnectionType } from '../sizing';
import type { TextItem, TextLine } from './extractText';
import type { BillFields, ConsumerClass, DistributorId } from './types';

/** What the text shows besides the fields: the facts the decision needs. */
export interface BillReading extends BillFields {
  /** The text reads as an electricity bill (a distributor, or energy in kWh). */
  looksLikeBill: boolean;
  /** The unit already compensates solar energy (SCEE, energia injetada/compensada, saldo de geração). */
  solarCompensation: boolean;
  /** The unit is an apartment or the common area of an apartment complex (condomínio). */
  apartment: boolean;
}

/**
 * Upper case without accents, one character for one character, so a match's offsets in the
 * folded text are offsets in the original.
 */
export function fold(s: string): string {
  return Array.from(s, (c) => (c.normalize('NFD')[0] ?? c).toUpperCase().slice(0, 1)).join('');
}

// ---------------------------------------------------------------------------------------------
// Numbers as bills print them: '1.234,56', '1234,56', '1234.56' (some exports), kWh '1.234' or '312,00'.

/** BRL amount; a dot is a decimal point only when exactly two digits follow it at the end. */
export function parseMoney(s: string): number | null {
  const t = s.replace(/[R$\s]/g, '');
  let n: number;
  if (/^\d{1,3}(\.\d{3})+,\d{2}$/.test(t)) n = Number(t.replace(/\./g, '').replace(',', '.'));
  else if (/^\d+,\d{2}$/.test(t)) n = Number(t.replace(',', '.'));
  else if (/^\d+\.\d{2}$/.test(t)) n = Number(t);
  else return null;
  return Number.isFinite(n) ? n : null;
}

/** kWh quantity: dots group thousands, a comma starts decimals ('1.234' is 1234, '312,00' is 312). */
export function parseKwh(s: string): number | null {
  const t = s.trim();
  if (!/^(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/.test(t)) return null;
  const n = Number(t.replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n) ? Math.round(n) : null;
}

const MONEY_RE = /(?:R\$\s*)?(\d{1,3}(?:\.\d{3})+,\d{2}|\d+,\d{2}|\d+\.\d{2})(?![\d,./])/;
const KWH_RE = /(?<![\d,./])(\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?)(?![\d./])/;

// ---------------------------------------------------------------------------------------------
// Labelled values: after the label on its line, or in the box right below it.

/** How far below a label its value may sit (a box's label and value, PDF points). */
const BELOW_WINDOW = 16;

function itemAt(line: TextLine, offset: number): TextItem | undefined {
  let start = 0;
  for (const item of line.items) {
    const end = start + item.text.length;
    if (offset >= start && offset < end) return item;
    start = end + 1;
  }
  return undefined;
}

function valueBelow(lines: readonly TextLine[], index: number, label: TextItem, valueRe: RegExp): string | null {
  const from = lines[index]!;
  for (let j = index + 1; j < lines.length; j++) {
    const line = lines[j]!;
    if (line.page !== from.page || from.y - line.y > BELOW_WINDOW) break;
    for (const item of line.items) {
      const overlaps = item.x < label.x + label.width + 4 && item.x + item.width > label.x - 4;
      if (!overlaps) continue;
      const m = valueRe.exec(item.text);
      if (m) return m[1] ?? m[0];
    }
  }
  return null;
}

/** First value matching `valueRe` for any occurrence of `labelRe` (searched in folded text), top to bottom. */
function labelled(lines: readonly TextLine[], labelRe: RegExp, valueRe: RegExp): string | null {
  const global = new RegExp(labelRe.source, 'g');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    for (const m of fold(line.text).matchAll(global)) {
      const end = m.index + m[0].length;
      const rest = valueRe.exec(line.text.slice(end));
      if (rest) return rest[1] ?? rest[0];
      const label = itemAt(line, m.index);
      if (label) {
        const below = valueBelow(lines, i, label, valueRe);
        if (below !== null) return below;
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Fields

const DISTRIBUTOR_MARKS: ReadonlyArray<[DistributorId, RegExp]> = [
  ['CEMIG', /\bCEMIG\b|06\.981\.180/g],
  ['ENEL_SP', /ENEL DISTRIBUICAO SAO PAULO|ELETROPAULO|61\.695\.227/g],
  ['CPFL_PAULISTA', /CPFL PAULISTA|COMPANHIA PAULISTA DE FORCA E LUZ|33\.050\.196/g],
  ['LIGHT', /LIGHT SERVICOS DE ELETRICIDADE|60\.444\.437/g],
  ['COPEL', /\bCOPEL\b|04\.368\.898/g],
];

/** The distributor named most often (name or CNPJ) on the bill. */
export function readDistributor(folded: string): DistributorId | null {
  let best: DistributorId | null = null;
  let bestCount = 0;
  for (const [id, re] of DISTRIBUTOR_MARKS) {
    const count = folded.match(re)?.length ?? 0;
    if (count > bestCount) { best = id; bestCount = count; }
  }
  return best;
}

const NAME_RE = /^[\s:]*([A-ZÀ-Ü][A-ZÀ-Ü.'&-]*(?: [A-ZÀ-Ü.'&-]+)+)\s*$/;
const ADDRESS_START = /^(RUA|R\.|AV\.?|AVENIDA|ALAMEDA|AL\.|TRAVESSA|TV\.?|ESTRADA|ESTR\.|RODOVIA|ROD\.|PRACA|LARGO|VIELA)\s/;
const NOT_A_NAME = /DISTRIBUICAO|ENERGIA|ELETRIC|FATURA|CONTA|NOTA FISCAL|CNPJ|DOCUMENTO|CONSUMIDORA|INSTALACAO|CLIENTE/;

function cleanName(s: string): string | null {
  const name = s.replace(/\s+/g, ' ').trim().toUpperCase();
  if (name.length < 5 || NOT_A_NAME.test(fold(name))) return null;
  return name;
}

/** Holder: a 'Nome'/'Titular'/'Cliente' label, else the line printed right above the customer's street. */
export function readHolder(lines: readonly TextLine[]): string | null {
  const byLabel = labelled(lines, /\b(NOME|TITULAR|CLIENTE)\b\s*:?/, NAME_RE);
  const labelledName = byLabel ? cleanName(byLabel) : null;
  if (labelledName) return labelledName;
  for (let i = 0; i < lines.length; i++) {
    for (const street of lines[i]!.items) {
      if (!ADDRESS_START.test(fold(street.text))) continue;
      for (let j = i - 1; j >= 0 && lines[j]!.y - street.y <= BELOW_WINDOW; j--) {
        const above = lines[j]!.items.find((it) => Math.abs(it.x - street.x) < 4);
        const m = above && NAME_RE.exec(above.text);
        const name = m?.[1] ? cleanName(m[1]) : null;
        if (name) return name;
      }
    }
  }
  return null;
}

const CLASS_WORDS: ReadonlyArray<[ConsumerClass, RegExp]> = [
  ['RESIDENCIAL', /RESIDENCIAL/],
  ['COMERCIAL', /COMERCIAL/],
  ['INDUSTRIAL', /INDUSTRIAL/],
  ['RURAL', /RURAL/],
  ['PODER_PUBLICO', /PODER PUBLICO/],
  ['ILUMINACAO_PUBLICA', /ILUMINACAO PUBLICA/],
  ['SERVICO_PUBLICO', /SERVICO PUBLICO/],
];

function firstClass(text: string): ConsumerClass | null {
  let best: [ConsumerClass, number] | null = null;
  for (const [cls, re] of CLASS_WORDS) {
    const m = re.exec(text);
    if (m && (!best || m.index < best[1])) best = [cls, m.index];
  }
  return best?.[0] ?? null;
}

/** Consumer class: the first class word after 'Classe'/'Classificação', or after a tariff group (B1, B2, B3). */
export function readConsumerClass(lines: readonly TextLine[]): ConsumerClass | null {
  for (const line of lines) {
    const folded = fold(line.text);
    const label = /\bCLASS(E|IFICACAO)\b|\bB[1-4]\b/.exec(folded);
    if (!label) continue;
    const cls = firstClass(folded.slice(label.index));
    if (cls) return cls;
  }
  return null;
}

/** The class line's own text (for the condominium subclass). */
function classLine(lines: readonly TextLine[]): string {
  return lines.map((l) => fold(l.text)).find((t) => /\bCLASS(E|IFICACAO)\b|\bB[1-4]\b/.test(t) && firstClass(t)) ?? '';
}

export function readInstallation(lines: readonly TextLine[]): string | null {
  const raw = labelled(lines, /INSTALACAO|UNIDADE CONSUMIDORA|\bUC\b/, /(?<![\d/])(\d[\d.-]{4,18}\d)(?![\d/])/);
  const digits = raw?.replace(/\D/g, '') ?? '';
  return digits.length >= 6 && digits.length <= 15 ? digits : null;
}

export function readAmountDue(lines: readonly TextLine[]): number | null {
  const raw = labelled(lines, /VALOR A PAGAR|TOTAL A PAGAR|VALOR TOTAL A PAGAR|TOTAL DA FATURA|VALOR DO DOCUMENTO/, MONEY_RE);
  return raw === null ? null : parseMoney(raw);
}

export function readConsumption(lines: readonly TextLine[]): number | null {
  const raw = labelled(lines, /CONSUMO FATURADO|CONSUMO ATIVO \(KWH\)|CONSUMO \(KWH\)|CONSUMO EM KWH|CONSUMO KWH|ENERGIA ELETRICA KWH|ENERGIA ATIVA KWH/, KWH_RE);
  return raw === null ? null : parseKwh(raw);
}

export function readPowerPattern(folded: string): ConnectionType | null {
  const m = /\b(MONO|BI|TRI)FASIC[OA]\b/.exec(folded);
  if (!m) return null;
  return m[1] === 'MONO' ? 'single' : m[1] === 'BI' ? 'two' : 'three';
}

// History ---------------------------------------------------------------------------------------

const MONTH_NAMES = ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'];
const MONTH_TOKEN = String.raw`(?:(?:${MONTH_NAMES.join('|')})[/ -](?:\d{4}|\d{2})|(?:0[1-9]|1[0-2])/\d{4})`;
const MONTH_RE = new RegExp(`^${MONTH_TOKEN}$`);
const MONTH_VALUE_RE = new RegExp(String.raw`(?<![\d/])(${MONTH_TOKEN})\s*-?\s*(\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?)(?![\d/])`, 'g');
const HISTORY_HEADER = /HISTORICO|ULTIMOS (12 )?MESES/;

/** Months since year 0, so history entries sort and de-duplicate. */
function monthKey(token: string): number | null {
  const named = /^([A-Z]{3})[/ -](\d{2}|\d{4})$/.exec(token);
  if (named) {
    const m = MONTH_NAMES.indexOf(named[1]!);
    const y = Number(named[2]!.length === 2 ? `20${named[2]}` : named[2]);
    return m < 0 ? null : y * 12 + m;
  }
  const numeric = /^(\d{2})\/(\d{4})$/.exec(token);
  return numeric ? Number(numeric[2]) * 12 + Number(numeric[1]) - 1 : null;
}

/**
 * Monthly kWh from the history block (the lines below its 'Histórico' heading): rows of
 * 'month value' (one or more per line), or a row of months over a row of values.
 */
export function readHistory(lines: readonly TextLine[]): number[] {
  const start = lines.findIndex((l) => HISTORY_HEADER.test(fold(l.text)));
  if (start < 0) return [];
  const byMonth = new Map<number, number>();
  const block = lines.slice(start + 1).filter((l) => l.page === lines[start]!.page);
  block.forEach((line, i) => {
    const folded = fold(line.text);
    for (const m of folded.matchAll(MONTH_VALUE_RE)) {
      const key = monthKey(m[1]!);
      const kwh = parseKwh(m[2]!);
      if (key !== null && kwh !== null && !byMonth.has(key)) byMonth.set(key, kwh);
    }
    // A row of months with the values in the row below, matched by column.
    const months = line.items.filter((it) => MONTH_RE.test(fold(it.text)));
    const next = block[i + 1];
    if (months.length >= 3 && next && line.y - next.y <= BELOW_WINDOW) {
      for (const month of months) {
        const cell = next.items.find((it) => Math.abs(it.x - month.x) < 12);
        const key = monthKey(fold(month.text));
        const kwh = cell ? parseKwh(cell.text) : null;
        if (key !== null && kwh !== null && !byMonth.has(key)) byMonth.set(key, kwh);
      }
    }
  });
  return [...byMonth.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

// Markers ---------------------------------------------------------------------------------------

const SOLAR_MARKS = /\bSCEE\b|INJETADA|ENERGIA COMPENSADA|KWH COMPENSAD|SALDO (ATUAL |ACUMULADO )?DE GERACAO|MICRO ?E ?MINI ?GERACAO|GERACAO DISTRIBUIDA/;
const APARTMENT_MARKS = /\bAPTO\.?\s*\d|\bAPARTAMENTO\b/;

/**
 * Text a PDF yields when its fonts carry no character map: symbols, private-use or non-Latin
 * letters, or Latin letters in a distribution no Portuguese text has. Such a file may be a good
 * bill; only a person can tell.
 */
export function textLooksGarbled(text: string): boolean {
  const chars = Array.from(text.replace(/\s+/g, ''));
  if (chars.length < 40) return false;
  const usual = chars.filter((c) => /[\p{L}\p{N}.,:;/\\()\-–$%ºª°&'"+*#@!?[\]|_=]/u.test(c)).length;
  if (usual / chars.length < 0.85) return true;
  const letters = chars.filter((c) => /\p{L}/u.test(c));
  const latin = letters.filter((c) => /[A-Za-zÀ-ÿ]/.test(c));
  if (letters.length > 0 && latin.length / letters.length < 0.8) return true;
  if (latin.length >= 100) {
    const vowels = latin.filter((c) => /[AEIOUaeiouÀ-ÆÈ-ÏÒ-ÖÙ-Üà-æè-ïò-öù-ü]/.test(c)).length / latin.length;
    if (vowels < 0.25 || vowels > 0.7) return true;
  }
  return false;
}

export const average = (values: readonly number[]): number | null =>
  values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;

/** Reads every field the decision needs from the positioned text of a bill. */
export function readBillFields(lines: readonly TextLine[]): BillReading {
  // Lines, not raw runs: a name cut into several runs is whole again in its line.
  const folded = fold(lines.map((l) => l.text).join('\n'));
  const distributor = readDistributor(folded);
  const holder = readHolder(lines);
  const history = readHistory(lines);
  return {
    distributor,
    holder,
    consumer_class: readConsumerClass(lines),
    installation: readInstallation(lines),
    value: readAmountDue(lines),
    consumption: readConsumption(lines),
    consumption_history_kwh_values: { values: history, average: average(history) },
    power_pattern: readPowerPattern(folded),
    looksLikeBill: distributor !== null || (/\bKWH\b/.test(folded) && /ENERGIA/.test(folded)),
    solarCompensation: SOLAR_MARKS.test(folded),
    apartment: /^COND(OMINIO|\.)/.test(fold(holder ?? '')) || /CONDOMINIO/.test(classLine(lines)) || APARTMENT_MARKS.test(folded),
  };
}
