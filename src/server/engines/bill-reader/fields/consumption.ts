/**
 * Energy: the consumption history (a column or row of months, each with its kWh; a bar chart whose
 * bars carry their values as labels) and this month's consumption. The month's kWh is found in
 * up to four places that vote: the history's entry for the reference month, the meter table (a
 * row whose readings' difference times the meter constant gives the consumption: the arithmetic
 * proves the row), a labelled 'Consumo' box, and the items table's kWh quantities (which may be
 * the availability minimum billed instead of what was measured, so they weigh least).
 */
import { evidenceOf, type Layout, type TextItem, type TextLine } from '../layout';
import { fold, mean, monthKeyOf, parseBareMonth, parseKwh, parseMonth, type MonthKey } from '../numbers';
import { vote, type Read, type Vote } from '../read';

export interface HistoryEntry { month: MonthKey; kwh: number; item: TextItem }
export interface History { entries: HistoryEntry[]; confidence: number }

/** A bar drawn with characters ('lllll'), or a blank: skipped when looking for a month's value. */
const BAR = /^[l|I█▌■\s]+$/;

function monthCell(item: TextItem): { month: MonthKey | null; bare: number | null; rest: string } | null {
  const t = item.text.trim();
  // '2023 AGO' (year first, bar-chart axes), 'OUT22', 'JAN/25 901'
  const yearFirst = /^(\d{4}) ([A-Za-z]{3})\b(.*)$/.exec(t);
  if (yearFirst) {
    const m = parseBareMonth(yearFirst[2]!);
    return m === null ? null : { month: monthKeyOf(Number(yearFirst[1]), m + 1), bare: null, rest: yearFirst[3]! };
  }
  const [head = '', ...tail] = t.split(/\s+/);
  // 'OUT 24' alone in its run, or followed by its value
  const spaced = /^([A-Za-z]{3}) (\d{2}|\d{4})(?:\s+(.*))?$/.exec(t);
  const spacedMonth = spaced ? parseMonth(`${spaced[1]}/${spaced[2]}`) : null;
  if (spacedMonth !== null) return { month: spacedMonth, bare: null, rest: spaced![3] ?? '' };
  const month = parseMonth(head, true) ?? parseMonth(head.replace(/^([A-Za-z]{3})(\d{2})$/, '$1/$2'));
  if (month !== null) return { month, bare: null, rest: tail.join(' ') };
  const bare = parseBareMonth(head);
  if (bare !== null && tail.every((w) => BAR.test(w) || parseKwh(w) !== null)) return { month: null, bare, rest: tail.join(' ') };
  return null;
}

function firstKwh(text: string): number | null {
  for (const word of text.split(/\s+/)) {
    if (!word || BAR.test(word) || /^[-–:=]$/.test(word)) continue;
    return parseKwh(word);
  }
  return null;
}

/** The value on a month's row: what follows the month in its own run, else the nearest number to its right. */
function rowValue(line: TextLine, item: TextItem, rest: string): { kwh: number; item: TextItem } | null {
  const own = rest.trim() ? firstKwh(rest) : null;
  if (own !== null) return { kwh: own, item };
  const after = line.items.filter((it) => it.x > item.x + item.width - 1 && it.x - (item.x + item.width) < 260);
  for (const it of after) {
    if (BAR.test(it.text) || it.size > item.size * 2.2) continue; // bars, and a watermark crossing the row
    if (monthCell(it)) return null; // the next column of months: this row has no value
    const v = firstKwh(it.text);
    if (v !== null) return { kwh: v, item: it };
    return null;
  }
  return null;
}

interface Cell { line: TextLine; item: TextItem; month: MonthKey | null; bare: number | null; rest: string }

/** Fills in the years of bare month names down a column, from the one that has its year. */
function resolveYears(run: Cell[], reference: MonthKey | null): void {
  let anchor = run.findIndex((c) => c.month !== null);
  if (anchor < 0) {
    // no year printed at all: the top month is the latest one up to the bill's reference month
    const top = run[0];
    if (!top || top.bare === null || reference === null) return;
    const refYear = Math.floor(reference / 12);
    top.month = monthKeyOf(top.bare <= reference % 12 ? refYear : refYear - 1, top.bare + 1);
    anchor = 0;
  }
  for (let i = anchor + 1; i < run.length; i++) {
    const prev = run[i - 1]!;
    const c = run[i]!;
    if (c.month === null && c.bare !== null && prev.month !== null) {
      const prevIdx = prev.month % 12;
      const down = (prevIdx - c.bare + 12) % 12; // months back from the previous row
      const up = (c.bare - prevIdx + 12) % 12;
      c.month = down <= up ? prev.month - down : prev.month + up;
    }
  }
}

export function readHistory(layout: Layout, reference: MonthKey | null = null): History {
  const cells: Cell[] = [];
  for (const line of layout.lines) {
    for (const item of line.items) {
      const m = monthCell(item);
      if (m) cells.push({ line, item, ...m });
    }
  }
  const entries = new Map<MonthKey, HistoryEntry>();
  let tables = 0;
  // Columns: cells at the same left edge on one page, a row apart.
  const columns: Cell[][] = [];
  for (const c of [...cells].sort((a, b) => a.line.page - b.line.page || a.item.x - b.item.x || b.line.y - a.line.y)) {
    const col = columns.find((k) => {
      const last = k[k.length - 1]!;
      return last.line.page === c.line.page && (Math.abs(last.item.x - c.item.x) < 10 || Math.abs(last.item.x + last.item.width - c.item.x - c.item.width) < 6);
    });
    if (col) col.push(c); else columns.push([c]);
  }
  // Runs: cells of one column a row apart (split where the gap is far wider than a row).
  const runs: Cell[][] = [];
  for (const col of columns) {
    col.sort((a, b) => b.line.y - a.line.y);
    let run: Cell[] = [];
    for (const c of col) {
      const last = run[run.length - 1];
      if (last && last.line.y - c.line.y > Math.max(16, c.item.size * 3.2)) { runs.push(run); run = []; }
      run.push(c);
    }
    if (run.length) runs.push(run);
  }
  // A table printed in two or three columns of months side by side is one history.
  const tablesOf: Cell[][][] = [];
  for (const run of runs) {
    const top = run[0]!.line.y;
    const bottom = run[run.length - 1]!.line.y;
    const group = tablesOf.find((g) => g.some((r) => {
      const rTop = r[0]!.line.y;
      const rBottom = r[r.length - 1]!.line.y;
      const overlap = Math.min(top, rTop) - Math.max(bottom, rBottom);
      return r[0]!.line.page === run[0]!.line.page && overlap >= 0.5 * Math.min(top - bottom, rTop - rBottom) && Math.abs(r[0]!.item.x - run[0]!.item.x) < 300 && run.length >= 2 && r.length >= 2;
    }));
    if (group) group.push(run); else tablesOf.push([run]);
  }
  for (const group of tablesOf) {
    for (const run of group) resolveYears(run, reference);
    const all = group.flat();
    const dated = all.filter((c) => c.month !== null);
    const distinct = new Set(dated.map((c) => c.month));
    // the continuity indicators' table (DIC, FIC, DMIC: hours without power) also lists months
    const indicators = all.some((c) => /\b(DIC|FIC|DMIC|DICRI)\b/.test(fold(c.line.text)));
    if (indicators || dated.length < 3 || distinct.size !== dated.length || !consecutive(dated.map((c) => c.month!))) continue;
    tables++;
    for (const run of group) {
      const runDated = run.filter((c) => c.month !== null);
      if (runDated.length === 0) continue;
      const headers = headingsAbove(layout, run[0]!);
      const registers = energyColumns(headers, runDated);
      for (const c of runDated) {
        const v = registers ? registersValue(c.line, registers) : rowValue(c.line, c.item, c.rest);
        // a column headed 'dias' counts days, not kWh (a bar chart whose bars carry no values)
        if (v && headers.some((h) => /\bDIAS\b/.test(fold(h.text)) && !/KWH|CONSUMO/.test(fold(h.text)) && Math.abs(h.x + h.width / 2 - (v.item.x + v.item.width / 2)) < Math.max(6, h.width / 2))) continue;
        if (v && !entries.has(c.month!)) entries.set(c.month!, { month: c.month!, kwh: v.kwh, item: v.item });
      }
    }
  }
  // Rows: three or more months on one line, their values in the line below, column by column.
  layout.lines.forEach((line, li) => {
    const months = line.items.map((item) => ({ item, m: monthCell(item) })).filter((x) => x.m?.month != null);
    const next = layout.lines[li + 1];
    if (months.length < 3 || !next || next.page !== line.page || line.y - next.y > 16) return;
    if (!consecutive(months.map((x) => x.m!.month!))) return;
    tables++;
    for (const { item, m } of months) {
      const cell = next.items.find((it) => Math.abs(it.x - item.x) < 12 || (it.x < item.x + item.width && it.x + it.width > item.x));
      const kwh = cell ? firstKwh(cell.text) : null;
      if (cell && kwh !== null && !entries.has(m!.month!)) entries.set(m!.month!, { month: m!.month!, kwh, item: cell });
    }
  });
  const sorted = [...entries.values()].sort((a, b) => a.month - b.month);
  return { entries: sorted, confidence: sorted.length === 0 ? 0 : tables === 1 ? 1 : 0.7 };
}

/** Headings that name energy consumed (kWh, consumption, peak and off-peak posts), not days, money, demand or reactive energy. */
const ENERGY_HEADING = /KWH|CONSUMO|PONTA|ATIV/;
const OTHER_HEADING = /DIAS|VALOR|R\$|REATIV|DEMANDA|\bKW\b(?!H)|DATA|PGTO|LEITURA|MES\b|MEDIA|\/DIA/;

/**
 * Some histories print several registers a month: day and night (irrigation), peak, off-peak and
 * reserved hours (group A), under headings and sometimes a heading over the headings. A row's
 * consumption is then their sum. Returns the x-centres of those columns when there are two or
 * more, else null (one value a month: the first number of the row).
 */
function energyColumns(allHeaders: readonly TextItem[], rows: readonly Cell[]): number[] | null {
  const centre = (i: TextItem) => i.x + i.width / 2;
  // value columns: the centres of the numbers right of each month, up to the first run of text
  const columns: number[] = [];
  let right = 0;
  for (const row of rows) {
    for (const it of rowNumbers(row)) {
      right = Math.max(right, it.x + it.width);
      if (!columns.some((x) => Math.abs(x - centre(it)) < 10)) columns.push(centre(it));
    }
  }
  const left = Math.min(...rows.map((r) => r.item.x)) - 10;
  const headers = allHeaders.filter((h) => centre(h) >= left && centre(h) <= right + 20);
  if (headers.length === 0) return null;
  const lowest = Math.min(...headers.map((h) => h.y));
  const lower = headers.filter((h) => h.y - lowest < 3);
  const upper = headers.filter((h) => h.y - lowest >= 3);
  const nearest = (xs: readonly TextItem[], x: number) => xs.reduce<TextItem | null>((best, h) => (!best || Math.abs(centre(h) - x) < Math.abs(centre(best) - x) ? h : best), null);
  // each heading names one column: the nearest of those under it
  const byHeading = new Map<TextItem, number>();
  for (const x of columns) {
    const low = nearest(lower, x);
    const up = nearest(upper, x);
    const texts = [low, up].filter((h): h is TextItem => h !== null).map((h) => fold(h.text));
    if (!low || Math.abs(centre(low) - x) > 40) continue;
    if (texts.some((t) => OTHER_HEADING.test(t)) || !texts.some((t) => ENERGY_HEADING.test(t))) continue;
    const taken = byHeading.get(low);
    if (taken === undefined || Math.abs(x - centre(low)) < Math.abs(taken - centre(low))) byHeading.set(low, x);
  }
  const chosen = [...byHeading.values()];
  return chosen.length >= 2 ? chosen : null;
}

/** The numbers on a month's row, left to right, up to the first run of text (another block of the page). */
function rowNumbers(row: Cell): TextItem[] {
  const out: TextItem[] = [];
  for (const it of row.line.items) {
    if (it.x <= row.item.x + row.item.width) continue;
    if (BAR.test(it.text) || it.size > row.item.size * 2.2) continue;
    if (parseKwh(it.text.trim()) === null) break;
    out.push(it);
  }
  return out;
}

/** The sum of a row's numbers under the chosen register columns. */
function registersValue(line: TextLine, columns: readonly number[]): { kwh: number; item: TextItem } | null {
  let sum = 0;
  let first: TextItem | null = null;
  const used = new Set<TextItem>();
  for (const x of columns) {
    const cell = line.items.find((it) => !used.has(it) && Math.abs(it.x + it.width / 2 - x) < 10);
    if (cell) used.add(cell);
    const v = cell ? parseKwh(cell.text.trim()) : null;
    if (v === null || !cell) continue;
    sum += v;
    first ??= cell;
  }
  return first ? { kwh: Math.round(sum * 100) / 100, item: first } : null;
}

/** The runs printed just above a history column (its table's headings), up to 30 points up; rows of numbers (another table's data) are not headings. */
function headingsAbove(layout: Layout, top: Cell): TextItem[] {
  const i = layout.lines.indexOf(top.line);
  const out: TextItem[] = [];
  for (let j = i - 1; j >= 0; j--) {
    const l = layout.lines[j]!;
    if (l.page !== top.line.page || l.y - top.line.y > 30) break;
    if (l.items.some((it) => parseKwh(it.text.trim()) !== null)) continue;
    out.push(...l.items);
  }
  return out;
}

/** Months one after another (either order), allowing one missing month. */
function consecutive(keys: readonly MonthKey[]): boolean {
  const s = [...keys].sort((a, b) => a - b);
  let gaps = 0;
  for (let i = 1; i < s.length; i++) {
    const d = s[i]! - s[i - 1]!;
    if (d > 2) return false;
    if (d === 2) gaps++;
  }
  return gaps <= 1;
}

/** Mean of the twelve most recent months (the history's last twelve entries). */
export function historyAverage(h: History): number | null {
  return mean(h.entries.slice(-12).map((e) => e.kwh));
}

// This month's consumption -------------------------------------------------------------------------

const CONSUMPTION_LABEL = /\b(CONSUMO FATURADO|CONSUMO ATIVO \(KWH\)|CONSUMO ATIVO|CONSUMO \(KWH\)|CONSUMO EM KWH|CONSUMO KWH|CONSUMO DO MES|CONSUMO MEDIDO)\b/;
/** Meter rows that are not the active energy consumed: generation, reactive energy, demand. */
const NOT_CONSUMED = /INJETAD|GERAD|GERACAO|REATIV|KVARH|EXCEDENTE|DEMANDA|\bKW\b(?!H)|DMCR|UFER|FATOR/;
const ACTIVE_ENERGY = /KWH|ENERGIA|CONSUMO|ATIVO|ATIVA/;

function numbersOf(line: TextLine): Array<{ n: number; item: TextItem }> {
  const out: Array<{ n: number; item: TextItem }> = [];
  for (const item of line.items) {
    for (const word of item.text.split(/\s+/)) {
      const v = parseKwh(word.replace(/kwh$/i, ''));
      if (v !== null) out.push({ n: v, item });
    }
  }
  return out;
}

/**
 * Meter rows: 'previous reading, current reading, constant, consumption' in some order and with
 * other columns between. The row counts when (current - previous) × constant equals a later
 * number on it. Several active-energy rows (peak and off-peak, day and night registers) add up.
 */
function meterReadings(layout: Layout): Array<{ kwh: number; item: TextItem; line: TextLine }> {
  const rows: Array<{ kwh: number; item: TextItem; line: TextLine }> = [];
  for (const line of layout.lines) {
    const f = fold(line.text);
    if (!ACTIVE_ENERGY.test(f) && !/UNICO|TOTAL|PONTA/.test(f)) continue;
    if (NOT_CONSUMED.test(f)) continue;
    const nums = numbersOf(line);
    let found: { kwh: number; item: TextItem } | null = null;
    // readings are whole numbers side by side, the current one larger (a meter that turned over is left to a person)
    for (let i = 0; i + 2 < nums.length && !found; i++) {
      const j = i + 1;
      const before = nums[i]!.n;
      const after = nums[j]!.n;
      if (!Number.isInteger(before) || !Number.isInteger(after) || before <= 0 || after < before) continue;
      const diff = after - before;
      // 'measured' printed right after the readings (constant 1), or the constant then the consumption
      if (nums[j + 1]!.n === diff) { found = { kwh: diff, item: nums[j + 1]!.item }; break; }
      for (let k = j + 1; k <= j + 2 && k < nums.length && !found; k++) {
        const constant = nums[k]!.n;
        if (!(constant > 0 && constant <= 1000)) continue;
        for (let r = k + 1; r <= k + 3 && r < nums.length; r++) {
          const target = nums[r]!.n;
          // up to 3 % more: transformation losses added on a high-voltage meter (REN 1.000/2021 art. 294)
          const ratio = target / (diff * constant);
          if (Math.abs(diff * constant - target) <= 0.5 || (ratio >= 0.998 && ratio <= 1.03)) { found = { kwh: target, item: nums[r]!.item }; break; }
        }
      }
    }
    if (found) rows.push({ ...found, line });
  }
  return rows;
}

/** A quantity cell: kWh with at most three decimals (a price per kWh has more). */
function quantityOf(text: string): number | null {
  const t = text.trim();
  if ((/,\d{4,}$/.test(t) && !/,0{4,}$/.test(t)) || /\//.test(t)) return null;
  return parseKwh(t);
}

/**
 * Items table rows charging energy by the kWh: their quantity, printed after the unit ('kWh 901')
 * or before it ('226,000 kWh'); rows whose description names the unit ('Consumo [KWh]-TUSD') or
 * that print the quantity with three decimals ('483,000') without a unit column.
 */
function itemQuantities(layout: Layout): Array<{ kwh: number; item: TextItem }> {
  const out: Array<{ kwh: number; item: TextItem }> = [];
  const meters = new Set(meterReadings(layout).map((m) => m.line));
  for (const line of layout.lines) {
    if (meters.has(line)) continue;
    const f = fold(line.text);
    if (!/CONSUMO|ENERGIA ELET|ENERGIA ATIVA|\bTE\b|TUSD|DISPONIBILIDADE/.test(f) || NOT_CONSUMED.test(f) || /BAND|ADIC|BONUS|ITAIPU|CUSTO DE DISPONIBILIDADE|MEDIDOR|LEITURA|HISTORICO/.test(f)) continue;
    const items = line.items;
    const unit = items.findIndex((it) => /^KWH$/i.test(it.text.trim()));
    let found: TextItem | null = null;
    if (unit > 0 && quantityOf(items[unit - 1]!.text) !== null && unit - 1 > 0) found = items[unit - 1]!;
    const from = unit >= 0 ? unit + 1 : items.findIndex((it) => /KWH/i.test(it.text)) + 1;
    for (let i = Math.max(1, from); !found && from > 0 && i < items.length; i++) {
      if (quantityOf(items[i]!.text) !== null) found = items[i]!;
      else if (/\d/.test(items[i]!.text) && !/\//.test(items[i]!.text)) break;
    }
    if (!found && unit < 0) {
      // the unit and its quantity in one run ('Energia Elétrica kWh 320 272,00', as OCR joins words)
      const run = items.find((it) => /KWH/i.test(it.text));
      const inRun = run ? /\bKWH\)?\s+(\d[\d.,]*)/i.exec(fold(run.text)) : null;
      const q = inRun ? quantityOf(inRun[1]!) : null;
      if (run && q !== null) { out.push({ kwh: q, item: run }); continue; }
      found = items.find((it, i) => i > 0 && /^\d{1,3}(\.\d{3})*,000$/.test(it.text.trim())) ?? null;
    }
    const v = found ? quantityOf(found.text) : null;
    if (found && v !== null) out.push({ kwh: v, item: found });
  }
  return out;
}

export function readConsumption(layout: Layout, history: History, reference: MonthKey | null): Read<number> | null {
  const votes: Array<Vote<number>> = [];
  if (reference !== null) {
    const e = history.entries.find((h) => h.month === reference);
    if (e) votes.push({ value: e.kwh, weight: 3, evidence: evidenceOf(e.item) });
  }
  const meters = meterReadings(layout);
  if (meters.length > 0) {
    const total = Math.round(meters.reduce((s, m) => s + m.kwh, 0) * 100) / 100;
    votes.push({ value: total, weight: 3, evidence: evidenceOf(meters[0]!.item) });
  }
  for (const label of layout.labels(CONSUMPTION_LABEL)) {
    const [best] = layout.valuesOf(label, (t) => {
      const v = t.trim().replace(/^[:\s]+/, '');
      return /[/:]/.test(v) ? null : parseKwh(v.split(/\s+/)[0] ?? '');
    });
    if (best) votes.push({ value: best.value, weight: 1.5, evidence: evidenceOf(best.item, best.text) });
  }
  // The items table bills kWh, which is what was measured unless the availability minimum or a
  // split by tax rate intervenes: quantities that add up to a measured value support it; others
  // count little where a measured value exists.
  const quantities = itemQuantities(layout);
  const distinct = [...new Map(quantities.map((q) => [q.kwh, q])).values()];
  const strong = new Set(votes.map((v) => v.value));
  const sum = Math.round(distinct.reduce((a, q) => a + q.kwh, 0) * 100) / 100;
  for (const q of quantities) {
    if (distinct.length > 1 && strong.has(sum) && !strong.has(q.kwh)) votes.push({ value: sum, weight: 1, evidence: evidenceOf(q.item) });
    else votes.push({ value: q.kwh, weight: strong.size === 0 || strong.has(q.kwh) ? 1 : 0.3, evidence: evidenceOf(q.item) });
  }
  return vote(votes, (v) => v.toFixed(2), 4);
}

/**
 * kWh billed this month: the items table's quantity (the TE and TUSD rows repeat it), which is
 * the availability minimum when less was consumed, or the sum of rows split by tax rate.
 */
export function readBilledConsumption(layout: Layout, generation: boolean): Read<number> | null {
  const quantities = itemQuantities(layout);
  if (quantities.length === 0) return null;
  const counts = new Map<number, number>();
  for (const q of quantities) counts.set(q.kwh, (counts.get(q.kwh) ?? 0) + 1);
  // rows that each appear once and differ (150 + 382 by ICMS rate) add up; a repeated one is the quantity
  const repeated = [...counts.entries()].filter(([, n]) => n > 1);
  if (counts.size === 1) return vote(quantities.map((q) => ({ value: q.kwh, weight: 1, evidence: evidenceOf(q.item) })), (v) => v.toFixed(2), 2);
  // with generation, the first quantity the TE and TUSD rows repeat: the rows after it are energy credited from elsewhere
  if (repeated.length === 1 || (generation && repeated.length > 1)) {
    const first = quantities.find((q) => q.kwh === repeated[0]![0])!;
    return { value: first.kwh, confidence: repeated.length === 1 ? 1 : 0.5, evidence: quantities.filter((q) => q.kwh === first.kwh).map((q) => evidenceOf(q.item)) };
  }
  const distinct = [...new Map(quantities.map((q) => [q.kwh, q])).values()];
  const total = Math.round(distinct.reduce((a, q) => a + q.kwh, 0) * 100) / 100;
  return { value: total, confidence: 0.5, evidence: distinct.slice(0, 4).map((q) => evidenceOf(q.item)) };
}
