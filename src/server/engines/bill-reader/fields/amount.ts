/**
 * The amount due and the reference month. Every Brazilian bill prints a box with the month it
 * refers to, the due date and the amount (REN 1.000/2021 art. 327); most print the amount again
 * under a label ('Total a pagar', 'Valor do documento'), on the payment slip and as the items
 * table's total. Each place votes; a paid slip ('Total a pagar 0,00 — conta paga') or a table's
 * partial total are outvoted by the places that agree.
 */
import { evidenceOf, type Layout, type TextItem } from '../layout';
import { DATE_RE, fold, monthKeyOf, MONTH_ABBR, parseMoney, parseMonth, type MonthKey } from '../numbers';
import { vote, type Read, type Vote } from '../read';

const AMOUNT_LABEL = /\b(TOTAL A PAGAR|VALOR A PAGAR|VALOR TOTAL A PAGAR|VALOR DO DOCUMENTO|TOTAL DA FATURA|VALOR COBRADO|VALOR TOTAL DA NOTA FISCAL|TOTAL GERAL)\b|^TOTAL:?$/;
const TABLE_TOTAL = /^(TOTAL|TOTAL:|TOTAL CONSOLIDADO|TOTAL DA FATURA)$/;
const REFERENCE_LABEL = /\b(REFERENTE A|REF:? ?MES\/ANO|CONTA (DO )?MES|MES\/ANO|REFERENCIA:?|COMPETENCIA:?|MES DE REFERENCIA)\b/;

const WEIGHT = { box: 3, label: 2, tableTotal: 1.5, referenceLabel: 1.5 } as const;
/** The first page is the bill; later pages repeat it or detail parts of it (a collective bill's units). */
const pageWeight = (page: number) => (page === 1 ? 1 : 0.6);
/** The bill's own box is printed large; a notice of past bills in small print repeats its shape. */
const sizeWeight = (size: number) => Math.min(1.5, Math.max(0.5, size / 9));

/** A date as bills print it: '17/04/2023', '03.10.2022', '01 NOV 2022'. */
function isDate(text: string): boolean {
  const t = fold(text.trim());
  if (DATE_RE.test(t)) return true;
  const m = /^(\d{2}) ([A-Z]{3}) (\d{4})$/.exec(t);
  return !!m && MONTH_ABBR.includes(m[2] as (typeof MONTH_ABBR)[number]);
}

/** A month printed as 'OUT 2022' (Enel) besides the forms parseMonth knows. */
function monthOf(text: string): MonthKey | null {
  const t = text.trim().replace(/^[:\s]+/, '');
  return parseMonth(t) ?? parseMonth(t.replace(/\s+/g, '/'));
}

function moneyOf(text: string): number | null {
  const t = text.trim().replace(/^[:\s]+/, '');
  return /^(R\$[\s*]*)?-?[\d.,]+-?$/.test(t) ? parseMoney(t) : null;
}

interface Box { amount: number; amountItem: TextItem; month: MonthKey | null; monthItem: TextItem | null; page: number; dateX: number }

/**
 * The 'month / due date / amount' box: a date and an amount on one line, with a month on the same
 * line or the one next to it. Rows that repeat down a column (a history of past payments) are not
 * the box.
 */
function boxes(layout: Layout): Box[] {
  const found: Box[] = [];
  layout.lines.forEach((line, li) => {
    const date = line.items.find((it) => isDate(it.text));
    if (!date) return;
    const amountItem = line.items.find((it) => moneyOf(it.text) !== null && Math.abs(it.x - date.x) < 260);
    if (!amountItem) return;
    let monthItem = line.items.find((it) => it !== date && monthOf(it.text) !== null) ?? null;
    for (const near of [layout.lines[li - 1], layout.lines[li + 1]]) {
      if (monthItem || !near || near.page !== line.page || Math.abs(near.y - line.y) > 16) continue;
      monthItem = near.items.find((it) => monthOf(it.text) !== null && Math.abs(it.x - date.x) < 260) ?? null;
    }
    // a box of two rows: the month printed above the due date, in its column
    for (let j = li - 1; !monthItem && j >= 0 && j >= li - 6; j--) {
      const above = layout.lines[j]!;
      if (above.page !== line.page || above.y - line.y > 50) break;
      monthItem = above.items.find((it) => monthOf(it.text) !== null && Math.abs(it.x - date.x) < 20) ?? null;
    }
    if (!monthItem) return;
    found.push({ amount: moneyOf(amountItem.text)!, amountItem, month: monthOf(monthItem.text), monthItem, page: line.page, dateX: Math.round(date.x / 8) });
  });
  // a column of such rows is a table of past bills, not the box
  const perColumn = new Map<string, number>();
  for (const b of found) perColumn.set(`${b.page}:${b.dateX}`, (perColumn.get(`${b.page}:${b.dateX}`) ?? 0) + 1);
  return found.filter((b) => (perColumn.get(`${b.page}:${b.dateX}`) ?? 0) < 3);
}

export function readAmountDue(layout: Layout, familyLabel?: RegExp, o: { firstPageOnly?: boolean } = {}): Read<number> | null {
  const votes: Array<Vote<number>> = [];
  for (const b of boxes(layout)) votes.push({ value: b.amount, weight: WEIGHT.box * pageWeight(b.page) * sizeWeight(b.amountItem.size), evidence: evidenceOf(b.amountItem) });
  for (const re of familyLabel ? [familyLabel, AMOUNT_LABEL] : [AMOUNT_LABEL]) {
    for (const label of layout.labels(re)) {
      const table = TABLE_TOTAL.test(fold(label.item.text).trim());
      const [best] = layout.valuesOf(label, moneyOf, table ? { rightOnly: true, maxRight: 400 } : { maxBelow: Math.max(30, label.item.size * 3.5) });
      if (best) votes.push({ value: best.value, weight: (table ? WEIGHT.tableTotal : WEIGHT.label) * pageWeight(best.item.page), evidence: evidenceOf(best.item, best.text) });
    }
  }
  // a collective bill's first page is the bill; the pages after it are its units' own
  const read = vote(o.firstPageOnly ? votes.filter((v) => v.evidence.page === 1) : votes, (v) => v.toFixed(2), 4);
  return read && read.value >= 0 ? read : read && { ...read, confidence: read.confidence / 2 };
}

/** The month the bill refers to, 'YYYY-MM' as a MonthKey: the box's month, else a 'Referente a' label. */
export function readReferenceMonth(layout: Layout): Read<MonthKey> | null {
  const votes: Array<Vote<MonthKey>> = [];
  for (const b of boxes(layout)) if (b.month !== null && b.monthItem) votes.push({ value: b.month, weight: WEIGHT.box * pageWeight(b.page) * sizeWeight(b.monthItem.size), evidence: evidenceOf(b.monthItem) });
  for (const label of layout.labels(REFERENCE_LABEL)) {
    const [best] = layout.valuesOf(label, monthOf);
    if (best) votes.push({ value: best.value, weight: WEIGHT.referenceLabel * pageWeight(best.item.page), evidence: evidenceOf(best.item, best.text) });
  }
  return vote(votes, String, 3);
}

export { monthKeyOf };
