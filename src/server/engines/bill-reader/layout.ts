/**
 * The page as a reader sees it: text runs with their positions, rebuilt into lines, and the two
 * ways a bill places a value next to its label (to its right on the same line, or below it in the
 * same column). Coordinates are PDF points with the origin at the bottom left; OCR words are
 * converted to the same units, so one reader serves both.
 */
import { fold } from './numbers';

/** One run of text as placed on the page (PDF units, origin bottom-left). */
export interface TextItem {
  text: string; x: number; y: number; width: number;
  /** Font size, roughly. */
  size: number;
  page: number;
  /** OCR only: the engine's confidence in the word, 0..100. */
  confidence?: number;
}

/** Items sharing a baseline, left to right; `text` joins them with one space. */
export interface TextLine { items: TextItem[]; text: string; y: number; page: number }

/** Where a value was read: the run's text and its position, for the reviewer. */
export interface Evidence { text: string; page: number; x: number; y: number }

export const evidenceOf = (item: TextItem, text = item.text): Evidence => ({
  text, page: item.page, x: Math.round(item.x), y: Math.round(item.y),
});

/** Runs whose baselines differ by less than this share of their size share a line. */
const SAME_LINE = 0.35;
/** Gaps narrower than this share of the font size are inside a word; up to WORD_GAP, between words. */
const LETTER_GAP = 0.15;
const WORD_GAP = 0.6;

/** Groups items into lines: top of the page first, each line left to right. */
export function toLines(items: readonly TextItem[]): TextLine[] {
  const sorted = [...items].sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x);
  const lines: TextLine[] = [];
  for (const item of sorted) {
    const last = lines[lines.length - 1];
    const tolerance = Math.max(1.5, Math.min(3, SAME_LINE * item.size));
    if (last && last.page === item.page && Math.abs(last.y - item.y) < tolerance) last.items.push(item);
    else lines.push({ items: [item], text: '', y: item.y, page: item.page });
  }
  for (const line of lines) {
    line.items = coalesce(line.items.sort((a, b) => a.x - b.x));
    line.text = line.items.map((i) => i.text).join(' ');
  }
  return lines;
}

/**
 * Rejoins runs that a producer wrote piecemeal (one per word, or a word cut in two) into the
 * phrases a reader sees; runs further apart than a word space stay apart (table columns).
 */
function coalesce(sorted: readonly TextItem[]): TextItem[] {
  const out: TextItem[] = [];
  for (const item of sorted) {
    const prev = out[out.length - 1];
    const gap = prev ? item.x - (prev.x + prev.width) : Infinity;
    const size = prev ? Math.max(prev.size, item.size) : item.size;
    // a watermark ('Segunda via' across the page) is never part of the text it crosses
    const similar = prev ? Math.max(prev.size, item.size) / Math.max(0.1, Math.min(prev.size, item.size)) < 1.8 : false;
    if (prev && similar && gap < WORD_GAP * size && gap > -0.5 * size) {
      const merged: TextItem = { ...prev, text: `${prev.text}${gap > LETTER_GAP * size ? ' ' : ''}${item.text}`, width: item.x + item.width - prev.x, size };
      if (prev.confidence !== undefined || item.confidence !== undefined) merged.confidence = Math.min(prev.confidence ?? 100, item.confidence ?? 100);
      out[out.length - 1] = merged;
    } else {
      out.push({ ...item });
    }
  }
  return out;
}

/** The page, indexed once: lines, and each item's line. */
export class Layout {
  readonly lines: readonly TextLine[];
  /** Whole text, folded, one line per line. */
  readonly folded: string;
  /** Whether the runs came from OCR (positions and characters less sure). */
  readonly ocr: boolean;

  constructor(lines: readonly TextLine[], ocr = false) {
    this.lines = lines;
    this.folded = lines.map((l) => fold(l.text)).join('\n');
    this.ocr = ocr;
  }

  static of(items: readonly TextItem[], ocr = false): Layout {
    return new Layout(toLines(items), ocr);
  }

  /** Every run whose folded text matches `label`, with where the match ends inside it. */
  *labels(label: RegExp): Generator<Label> {
    const re = new RegExp(label.source, label.flags.includes('g') ? label.flags : `${label.flags}g`);
    for (let li = 0; li < this.lines.length; li++) {
      const line = this.lines[li]!;
      for (let ii = 0; ii < line.items.length; ii++) {
        const item = line.items[ii]!;
        for (const m of fold(item.text).matchAll(re)) {
          yield { line: li, index: ii, item, end: m.index + m[0].length, match: m };
        }
      }
    }
  }

  /**
   * Values of a label, nearest first: the rest of its own run, the runs to its right on the same
   * line (up to `maxRight` points from the label's end), then the runs below it whose horizontal
   * extent overlaps the label's, up to `maxBelow` points down.
   */
  valuesOf<T>(label: Label, read: (text: string) => T | null, o: { maxRight?: number; maxBelow?: number; rightOnly?: boolean; belowOnly?: boolean } = {}): Array<Candidate<T>> {
    const out: Array<Candidate<T>> = [];
    const { item } = label;
    const maxRight = o.maxRight ?? 160;
    const maxBelow = o.maxBelow ?? Math.max(18, item.size * 2.6);
    if (!o.belowOnly) {
      const rest = item.text.slice(label.end);
      const own = rest.trim() ? read(rest) : null;
      if (own !== null) out.push({ value: own, item, text: rest.trim(), distance: 0 });
      const line = this.lines[label.line]!;
      for (let i = label.index + 1; i < line.items.length; i++) {
        const next = line.items[i]!;
        const dx = next.x - (item.x + item.width);
        if (dx > maxRight) break;
        const v = read(next.text);
        if (v !== null) { out.push({ value: v, item: next, text: next.text, distance: 1 + dx / 10 }); break; }
      }
    }
    if (!o.rightOnly) {
      const from = this.lines[label.line]!;
      for (let j = label.line + 1; j < this.lines.length; j++) {
        const line = this.lines[j]!;
        const dy = from.y - line.y;
        if (line.page !== from.page || dy > maxBelow) break;
        const hits = line.items.filter((it) => it.x < item.x + item.width + 6 && it.x + it.width > item.x - 6);
        let found = false;
        for (const hit of hits) {
          const v = read(hit.text);
          if (v !== null) { out.push({ value: v, item: hit, text: hit.text, distance: 1 + dy / 6 + Math.abs(hit.x - item.x) / 40 }); found = true; break; }
        }
        if (found) break;
      }
    }
    return out.sort((a, b) => a.distance - b.distance);
  }
}

export interface Label { line: number; index: number; item: TextItem; end: number; match: RegExpMatchArray }
export interface Candidate<T> { value: T; item: TextItem; text: string; distance: number }
