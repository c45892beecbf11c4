import { PdfThread } from '../pdf/pdfThread';

/** One run of text as placed on the page (PDF units, origin bottom-left). */
export interface TextItem { text: string; x: number; y: number; width: number; /** Font size, roughly. */ size: number; page: number }

/** Items sharing a baseline, left to right; `text` joins them with one space. */
export interface TextLine { items: TextItem[]; text: string; y: number; page: number }

export class UnreadablePdfError extends Error {
  override name = 'UnreadablePdfError';
}

export class PdfReadTimeoutError extends Error {
  override name = 'PdfReadTimeoutError';
}

/** The reading thread died (out of memory on a hostile file, or it could not start). */
export class PdfReaderFailedError extends Error {
  override name = 'PdfReaderFailedError';
}

/** Runs whose baselines differ by less than this share a line (jittered or mixed font sizes). */
const SAME_LINE_TOLERANCE = 2.5;

const reader = new PdfThread();

/**
 * The positioned text of a PDF (first pages only). The order of the content stream is not
 * trusted (producers write runs in any order): callers rebuild lines from positions.
 * Throws UnreadablePdfError when pdf.js cannot open the bytes, PdfReadTimeoutError after `timeoutMs`.
 */
export async function extractPdfText(bytes: Uint8Array, timeoutMs: number): Promise<TextItem[]> {
  const outcome = await reader.run('text', bytes, timeoutMs);
  if (outcome.kind === 'done') return outcome.items as TextItem[];
  if (outcome.kind === 'refused') throw new UnreadablePdfError(outcome.error);
  if (outcome.kind === 'timeout') throw new PdfReadTimeoutError(`PDF not read within ${timeoutMs} ms`);
  throw new PdfReaderFailedError(outcome.error);
}

/** Groups items into lines: top of the page first, each line left to right. */
export function toLines(items: readonly TextItem[]): TextLine[] {
  const sorted = [...items].sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x);
  const lines: TextLine[] = [];
  for (const item of sorted) {
    const last = lines[lines.length - 1];
    if (last && last.page === item.page && Math.abs(last.y - item.y) < SAME_LINE_TOLERANCE) last.items.push(item);
    else lines.push({ items: [item], text: '', y: item.y, page: item.page });
  }
  for (const line of lines) {
    line.items = coalesce(line.items.sort((a, b) => a.x - b.x));
    line.text = line.items.map((i) => i.text).join(' ');
  }
  return lines;
}

/** Gaps narrower than this share of the font size are inside a word; up to WORD_GAP, between words. */
const LETTER_GAP = 0.15;
const WORD_GAP = 0.6;

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
    if (prev && gap < WORD_GAP * size && gap > -0.5 * size) {
      out[out.length - 1] = { ...prev, text: `${prev.text}${gap > LETTER_GAP * size ? ' ' : ''}${item.text}`, width: item.x + item.width - prev.x, size };
    } else {
      out.push({ ...item });
    }
  }
  return out;
}
