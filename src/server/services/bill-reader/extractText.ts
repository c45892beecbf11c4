import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One run of text as placed on the page (PDF units, origin bottom-left). */
export interface TextItem { text: string; x: number; y: number; width: number; /** Font size, roughly. */ size: number; page: number }

/** Items sharing a baseline, left to right; `text` joins them with one space. */
export interface TextLine { items: TextItem[]; text: string; y: number; page: number }

export class UnreadablePdfError extends Error {
  override name = 'UnreadablePdfError';
}

/** Bills are one or two pages; reading more only costs time. */
const MAX_PAGES = 4;
/** Runs whose baselines differ by less than this share a line (jittered or mixed font sizes). */
const SAME_LINE_TOLERANCE = 2.5;

/**
 * The positioned text of a PDF. The order of the content stream is not trusted (producers write
 * runs in any order), so callers get lines rebuilt from positions.
 * Throws UnreadablePdfError when the bytes are not a PDF pdf.js can open.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<TextItem[]> {
  let pdf;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy.
    pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  } catch (error) {
    throw new UnreadablePdfError(error instanceof Error ? error.message : String(error));
  }
  try {
    const items: TextItem[] = [];
    for (let p = 1; p <= Math.min(pdf.numPages, MAX_PAGES); p++) {
      const page = await pdf.getPage(p);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        items.push({ text: item.str.replace(/\s+/g, ' ').trim(), x: item.transform[4] as number, y: item.transform[5] as number, width: item.width, size: item.height || Math.abs(item.transform[3] as number) || 8, page: p });
      }
    }
    return items;
  } catch (error) {
    throw new UnreadablePdfError(error instanceof Error ? error.message : String(error));
  } finally {
    await pdf.destroy();
  }
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
