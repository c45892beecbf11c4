/**
 * The contracts' page layout, in the proposal PDF's style (src/server/engines/pdf/proposalPdf.ts):
 * A4, Helvetica, the portal theme's colours, WinAnsi-safe text. Unlike the one-page proposal, a
 * contract flows over as many pages as its clauses need: `Flow` starts a new page when the next
 * line would cross the footer, and `stampFooters` writes 'page x/y' once the page count is known.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';

/** The portal theme's colours (src/web/theme/theme.css.ts), as PDF colours (same as the proposal PDF). */
const hex = (h: string): RGB => rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);
export const BRAND = hex('#0b4d3a');
export const BRAND_SOFT = hex('#e3f1eb');
export const ACCENT = hex('#f5a524');
export const TEXT = hex('#16241f');
export const MUTED = hex('#4f5f59');
export const BORDER = hex('#d9dcd5');
export const WHITE = rgb(1, 1, 1);

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 48;
/** Content stops above this line; the footer sits below it. */
const BOTTOM = 56;
const FOOTER_Y = 28;

/** Constant producer and creator, so equal inputs give equal bytes (no 'pdf-lib' version stamp, no clock). */
export const PDF_PRODUCER = 'portal-solar contracts engine';
export const PDF_CREATOR = 'portal-solar';

export interface Fonts { regular: PDFFont; bold: PDFFont; mono: PDFFont }

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
}

const safeChars = new Map<string, string>();

/** Replaces what Helvetica's WinAnsi cannot draw (odd spaces become spaces, dashes '-', anything else '?'). */
export function safe(text: string, font: PDFFont): string {
  let out = '';
  for (const ch of text) {
    let s = safeChars.get(ch);
    if (s === undefined) {
      if (/[\s\u2000-\u200b\u202f\u205f]/.test(ch)) s = ' ';
      else if (ch === '\u2212' || ch === '\u2010' || ch === '\u2011') s = '-';
      else {
        try { font.encodeText(ch); s = ch; } catch { s = '?'; }
      }
      safeChars.set(ch, s);
    }
    out += s;
  }
  return out;
}

interface TextOptions { font?: PDFFont; color?: RGB; size?: number }

export class Flow {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    /** Draws the top of each page after the first (a running header); returns the y to continue from. */
    private readonly continuationHeader: (page: PDFPage, flow: Flow) => number,
  ) {}

  get contentWidth(): number { return A4[0] - 2 * MARGIN; }

  /** A new page; the first one starts at the top and its caller draws its own header. */
  newPage(): PDFPage {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = this.pages.length === 1 ? A4[1] - MARGIN : this.continuationHeader(this.page, this);
    return this.page;
  }

  /** Makes room for `height` points, starting a page if needed. */
  ensure(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  width(text: string, size: number, font = this.fonts.regular): number {
    return font.widthOfTextAtSize(safe(text, font), size);
  }

  drawAt(text: string, x: number, y: number, options: TextOptions = {}): void {
    const font = options.font ?? this.fonts.regular;
    this.page.drawText(safe(text, font), { x, y, size: options.size ?? 10, font, color: options.color ?? TEXT });
  }

  /** Wraps `text` into lines no wider than `maxWidth`; a word wider than a line is cut. */
  wrap(text: string, size: number, maxWidth: number, font = this.fonts.regular): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (this.width(next, size, font) <= maxWidth) { line = next; continue; }
      if (line) lines.push(line);
      let rest = word;
      while (this.width(rest, size, font) > maxWidth) {
        let cut = rest.length - 1;
        while (cut > 1 && this.width(rest.slice(0, cut), size, font) > maxWidth) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines;
  }

  /** A wrapped paragraph at `x` (indent) across the rest of the width. */
  paragraph(text: string, options: TextOptions & { indent?: number; gap?: number; leading?: number } = {}): void {
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    const leading = options.leading ?? size + 3.5;
    for (const line of this.wrap(text, size, this.contentWidth - indent, options.font)) {
      this.ensure(leading);
      this.y -= leading;
      this.drawAt(line, MARGIN + indent, this.y, { ...options, size });
    }
    this.y -= options.gap ?? 6;
  }

  /** A section title with a rule under it, kept on the page of what follows. */
  heading(text: string): void {
    this.ensure(60);
    this.y -= 20;
    this.drawAt(text, MARGIN, this.y, { font: this.fonts.bold, color: BRAND, size: 12.5 });
    this.y -= 6;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.8, color: BORDER });
    this.y -= 2;
  }

  /** 'label: value' with the label in a fixed column and the value wrapped beside it. */
  field(label: string, value: string, options: { labelWidth?: number; mono?: boolean; size?: number } = {}): void {
    const size = options.size ?? 9.5;
    const labelWidth = options.labelWidth ?? 150;
    const valueFont = options.mono ? this.fonts.mono : this.fonts.regular;
    const valueSize = options.mono ? size - 1 : size;
    const lines = this.wrap(value, valueSize, this.contentWidth - labelWidth, valueFont);
    const leading = size + 4;
    this.ensure(leading * Math.max(1, Math.min(lines.length, 3)));
    this.y -= leading;
    this.drawAt(label, MARGIN, this.y, { color: MUTED, size });
    lines.forEach((line, i) => {
      if (i > 0) { this.ensure(leading); this.y -= leading; }
      this.drawAt(line, MARGIN + labelWidth, this.y, { font: valueFont, size: valueSize });
    });
  }
}

/** Writes `footer(page, pages)` at the bottom of every page in `pages`, with a thin rule above. */
export function stampFooters(pages: readonly PDFPage[], fonts: Fonts, footer: (page: number, pages: number) => string): void {
  pages.forEach((page, i) => {
    const text = safe(footer(i + 1, pages.length), fonts.regular);
    page.drawLine({ start: { x: MARGIN, y: FOOTER_Y + 12 }, end: { x: A4[0] - MARGIN, y: FOOTER_Y + 12 }, thickness: 0.5, color: BORDER });
    const size = 8;
    const width = fonts.regular.widthOfTextAtSize(text, size);
    page.drawText(text, { x: A4[0] - MARGIN - width, y: FOOTER_Y, size, font: fonts.regular, color: MUTED });
  });
}

/** The coloured band at the top of a first page: brand mark, brand name, title, and up to two right-aligned lines. */
export function headerBand(flow: Flow, brandName: string, title: string, subtitle: string, right: readonly string[]): void {
  const [pageW, pageH] = A4;
  const page = flow.page;
  const bandH = 104;
  page.drawRectangle({ x: 0, y: pageH - bandH, width: pageW, height: bandH, color: BRAND });
  page.drawCircle({ x: MARGIN + 12, y: pageH - 38, size: 12, color: ACCENT });
  flow.drawAt(brandName, MARGIN + 32, pageH - 44, { font: flow.fonts.bold, color: WHITE, size: 17 });
  flow.drawAt(title, MARGIN, pageH - 74, { font: flow.fonts.bold, color: WHITE, size: 16 });
  flow.drawAt(subtitle, MARGIN, pageH - 91, { color: BRAND_SOFT, size: 9.5 });
  right.forEach((line, i) => {
    flow.drawAt(line, pageW - MARGIN - flow.width(line, 9.5), pageH - 44 - i * 14, { color: WHITE, size: 9.5 });
  });
  flow.y = pageH - bandH - 6;
}

/** The thin running header of the pages after the first. */
export function runningHeader(text: string): (page: PDFPage, flow: Flow) => number {
  return (page, flow) => {
    const y = A4[1] - MARGIN + 10;
    flow.drawAt(text, MARGIN, y, { color: MUTED, size: 8.5 });
    page.drawLine({ start: { x: MARGIN, y: y - 6 }, end: { x: A4[0] - MARGIN, y: y - 6 }, thickness: 0.5, color: BORDER });
    return y - 10;
  };
}
