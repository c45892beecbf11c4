import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';
import { messages as m } from '#shared/messages';
import {
  PROPOSAL_BENEFITS, PROPOSAL_FILE_NAME, billAfterSolarFigures, proposalCards, proposalDetailRows, proposalFigures, type Proposal,
} from '#shared/proposal/rules';
import { BRAND_NAME } from '#shared/brand';

/**
 * The proposal PDF (spec §7 "Fetch of the proposal PDF link"): one A4 page drawn with @cantoo/pdf-lib from
 * the stored proposal, through the same `proposalFigures` / `billAfterSolarFigures` and the same
 * catalogue labels as the screen, so the PDF and the screen show the same figures. Helvetica's
 * WinAnsi encoding covers Portuguese (ç, ã, é, õ, º, ²); any other character is replaced, so a
 * brand name with an unusual character never breaks the download.
 */

/** The portal theme's colours (src/web/theme/theme.css.ts), as PDF colours. */
const hex = (h: string): RGB => rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);
const BRAND = hex('#0b4d3a');
const BRAND_SOFT = hex('#e3f1eb');
const ACCENT = hex('#f5a524');
const TEXT = hex('#16241f');
const MUTED = hex('#4f5f59');
const BORDER = hex('#d9dcd5');
const WHITE = rgb(1, 1, 1);

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;

class Writer {
  y = A4[1] - MARGIN;
  private readonly safeChars = new Map<string, string>();
  constructor(readonly page: PDFPage, readonly regular: PDFFont, readonly bold: PDFFont) {}

  /** Replaces what Helvetica's WinAnsi cannot draw (thin spaces become spaces, anything else '?'). */
  safe(text: string): string {
    let out = '';
    for (const ch of text) {
      let s = this.safeChars.get(ch);
      if (s === undefined) {
        if (/[\u2000-\u200b\u202f\u205f]/.test(ch)) s = ' ';
        else if (ch === '\u2212') s = '-';
        else {
          try { this.regular.encodeText(ch); s = ch; } catch { s = '?'; }
        }
        this.safeChars.set(ch, s);
      }
      out += s;
    }
    return out;
  }

  width(text: string, size: number, font = this.regular): number {
    return font.widthOfTextAtSize(this.safe(text), size);
  }

  text(text: string, x: number, y: number, size: number, options: { font?: PDFFont; color?: RGB } = {}): void {
    this.page.drawText(this.safe(text), { x, y, size, font: options.font ?? this.regular, color: options.color ?? TEXT });
  }

  /** Wraps `text` into lines no wider than `maxWidth`. */
  wrap(text: string, size: number, maxWidth: number, font = this.regular): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.width(next, size, font) > maxWidth) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  }

  paragraph(text: string, size: number, options: { font?: PDFFont; color?: RGB; gap?: number } = {}): void {
    for (const line of this.wrap(text, size, A4[0] - 2 * MARGIN, options.font)) {
      this.y -= size + 3;
      this.text(line, MARGIN, this.y, size, options);
    }
    this.y -= options.gap ?? 6;
  }

  heading(text: string): void {
    this.y -= 22;
    this.text(text, MARGIN, this.y, 13, { font: this.bold, color: BRAND });
    this.y -= 6;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.8, color: BORDER });
  }

  /** label on the left, value on the right */
  row(label: string, value: string, size = 10, bold = false): void {
    this.y -= size + 6;
    this.text(label, MARGIN, this.y, size, { color: bold ? TEXT : MUTED, font: bold ? this.bold : this.regular });
    const font = bold ? this.bold : this.regular;
    this.text(value, A4[0] - MARGIN - this.width(value, size, font), this.y, size, { font, color: TEXT });
  }
}

/** The PDF bytes of one proposal (`now` dates the print). */
export async function proposalPdf(p: Proposal, options: { customerName?: string | null; timeZone?: string } = {}): Promise<Uint8Array> {
  // dated by the proposal, not by the print: the same proposal is the same file at every download
  const doc = await PDFDocument.create({ updateMetadata: false });
  const issued = p.created_at ? new Date(p.created_at) : null;
  if (issued && !Number.isNaN(issued.getTime())) {
    doc.setCreationDate(issued);
    doc.setModificationDate(issued);
  }
  const title = PROPOSAL_FILE_NAME[p.type];
  doc.setTitle(`${title} - ${BRAND_NAME}`);
  doc.setAuthor(BRAND_NAME);
  doc.setSubject(title);
  doc.setLanguage('pt-BR');
  doc.setCreator(BRAND_NAME);
  doc.setProducer(BRAND_NAME);
  const page = doc.addPage(A4);
  const w = new Writer(page, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  const f = proposalFigures(p, options.timeZone ? { timeZone: options.timeZone } : {});
  const [pageW, pageH] = A4;

  // header band: brand and title
  page.drawRectangle({ x: 0, y: pageH - 96, width: pageW, height: 96, color: BRAND });
  page.drawCircle({ x: MARGIN + 12, y: pageH - 40, size: 12, color: ACCENT });
  w.text(BRAND_NAME, MARGIN + 32, pageH - 46, 18, { font: w.bold, color: WHITE });
  w.text(f.title, MARGIN, pageH - 80, 14, { font: w.bold, color: WHITE });
  if (options.customerName) {
    const name = options.customerName;
    w.text(name, pageW - MARGIN - w.width(name, 11), pageH - 80, 11, { color: WHITE });
  }
  w.y = pageH - 96 - 8;
  if (p.type === 'INITIAL') w.paragraph(m['proposal.initial.note'], 10, { color: MUTED });

  // the five figure cards
  const cards = proposalCards(p);
  const gap = 8;
  const cardW = (pageW - 2 * MARGIN - gap * (cards.length - 1)) / cards.length;
  const cardH = 58;
  w.y -= 8 + cardH;
  cards.forEach((card, i) => {
    const x = MARGIN + i * (cardW + gap);
    page.drawRectangle({ x, y: w.y, width: cardW, height: cardH, color: BRAND_SOFT, borderColor: BORDER, borderWidth: 0.6 });
    const labelLines = w.wrap(card.label, 8, cardW - 12);
    labelLines.forEach((line, j) => w.text(line, x + 6, w.y + cardH - 14 - j * 10, 8, { color: MUTED }));
    w.text(card.value, x + 6, w.y + 10, card.value.length > 12 ? 10 : 12, { font: w.bold, color: BRAND });
  });

  w.y -= 10;
  w.row(m['proposal.total'], f.total, 13, true);

  w.heading(m['proposal.details.figures']);
  for (const r of proposalDetailRows(p)) w.row(r.label, r.value);

  w.heading(m['proposal.details.equipment']);
  const e = f.equipment;
  const modulePower = e.modules.powerW || m['proposal.equipment.toBeDefined'];
  const inverterPower = e.inverters.powerKw || m['proposal.equipment.toBeDefined'];
  w.row(`${m['proposal.equipment.modules']}: ${e.modules.quantity} x ${modulePower}`, `${e.modules.brand} - ${e.modules.warranty}`);
  w.row(`${m['proposal.equipment.inverters']}: ${e.inverters.quantity} x ${inverterPower}`, `${e.inverters.brand} - ${e.inverters.warranty}`);
  w.row(`${m['proposal.equipment.structure']}: ${e.structure.type || m['proposal.equipment.toBeDefined']}`, e.structure.warranty);

  const bill = billAfterSolarFigures(p);
  if (bill) {
    w.heading(m['proposal.billAfter.title']);
    w.paragraph(m['proposal.billAfter.lead'], 9, { color: MUTED, gap: 0 });
    if (bill.oldBill) w.row(m['proposal.billAfter.today'], bill.oldBill);
    for (const line of bill.lines) w.row(line.label, line.value);
    w.row(m['proposal.billAfter.total'], bill.newBill, 10, true);
  }

  w.heading(m['proposal.details.benefits']);
  for (const b of PROPOSAL_BENEFITS) w.paragraph(`- ${b}`, 10, { gap: 0 });

  w.y -= 14;
  w.paragraph(f.validity, 9, { color: MUTED });
  w.text(`${BRAND_NAME} - ${title}`, MARGIN, 24, 8, { color: MUTED });
  return doc.save();
}
