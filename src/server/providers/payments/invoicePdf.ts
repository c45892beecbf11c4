/**
 * The payments sandbox's invoice PDF (PAYMENT_PROVIDER=local): one A4 page in the contracts' style
 * (src/server/engines/contracts/layout.ts) with the Pix QR code and copy-paste code, and a boleto
 * "ficha de compensação": beneficiary, payer, document number, due date, amount, the formatted
 * digitable line and the barcode drawn as Interleaved 2 of 5 bars at FEBRABAN's size (narrow bar
 * 0.254 mm, wide 3 narrow, 13 mm tall, so the 44 digits are 103 mm long).
 *
 * Every page says 'SANDBOX — sem valor de pagamento': the bank code is 000 (no bank's), so no bank
 * accepts the boleto, and the Pix key is fictitious.
 *
 * Deterministic: no clock; producer and creator are constants and the dates are the caller's
 * `issuedAt` (left out when not given), so the same data gives the same bytes. The QR code is
 * drawn as vector squares from the `qrcode` library's module matrix (no raster image).
 */
import { PDFDocument, degrees, rgb, type PDFPage } from '@cantoo/pdf-lib';
import QRCode from 'qrcode';
import { BRAND_NAME } from '#shared/brand';
import { formatBRL } from '#shared/money';
import {
  A4, ACCENT, BORDER, BRAND, BRAND_SOFT, Flow, MARGIN, MUTED, TEXT, WHITE, embedFonts, headerBand, runningHeader, safe, stampFooters,
} from '../../engines/contracts/layout';
import { formatDigitableLine, isValidBarcode, itfWidths, parseDigitableLine } from './boleto';
import { parsePixCode } from './pix';

export const INVOICE_PDF_PRODUCER = 'portal-solar payments sandbox';
export const INVOICE_PDF_CREATOR = 'portal-solar';

/** The beneficiary printed on sandbox boletos: the brand, with a placeholder CNPJ until the legal entity is settled. */
export const SANDBOX_BENEFICIARY = { name: BRAND_NAME, cnpj: '00.000.000/0001-00' } as const;

export const SANDBOX_MARK = 'SANDBOX — sem valor de pagamento';

export interface InvoicePdfData {
  /** our invoice id: the boleto's document number and the PDF's subject */
  reference: string;
  amountCents: number;
  /** yyyy-mm-dd */
  dueDate: string;
  payerName: string;
  /** the line the invoice shows (optional) */
  description?: string | null;
  /** 47 digits (punctuation ignored) */
  digitableLine: string;
  /** 44 digits: the same boleto as the digitable line */
  barcode: string;
  /** Pix copia e cola; null or '': the Pix part is left out */
  pixCode: string | null;
  /** when it was issued: the PDF's creation date (none when not given) */
  issuedAt?: Date | null;
}

export class InvoicePdfError extends Error {}

const MM = 72 / 25.4;
/** FEBRABAN's barcode: narrow bar 0.254 mm (wide 3x), 13 mm tall. */
const BAR_NARROW = 0.254 * MM;
const BAR_HEIGHT = 13 * MM;

const dateBR = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new InvoicePdfError(`not a yyyy-mm-dd date: '${iso}'`);
  return `${m[3]}/${m[2]}/${m[1]}`;
};

function validate(data: InvoicePdfData): void {
  if (!isValidBarcode(data.barcode)) throw new InvoicePdfError('not a valid boleto barcode');
  let lineBarcode: string;
  try {
    lineBarcode = parseDigitableLine(data.digitableLine).barcode;
  } catch (e) {
    throw new InvoicePdfError(`not a valid digitable line: ${(e as Error).message}`);
  }
  if (lineBarcode !== data.barcode) throw new InvoicePdfError('the digitable line and the barcode are not the same boleto');
  if (!Number.isSafeInteger(data.amountCents) || data.amountCents < 0) throw new InvoicePdfError(`not an amount in centavos: ${data.amountCents}`);
  if (data.pixCode) {
    try {
      parsePixCode(data.pixCode);
    } catch (e) {
      throw new InvoicePdfError(`not a valid Pix code: ${(e as Error).message}`);
    }
  }
}

/** Dark modules of a QR code as horizontal runs, from the top row down. */
function drawQr(page: PDFPage, text: string, x: number, top: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const unit = size / (modules.size + 2 * quiet);
  page.drawRectangle({ x, y: top - size, width: size, height: size, color: WHITE });
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) { col++; continue; }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      page.drawRectangle({
        x: x + (quiet + start) * unit, y: top - (quiet + row + 1) * unit,
        width: (col - start) * unit, height: unit, color: rgb(0, 0, 0),
      });
    }
  }
}

/** The ITF bars of `digits` from (x, y) up, `narrow` points per narrow unit; returns the width drawn. */
function drawItf(page: PDFPage, digits: string, x: number, y: number, narrow: number, height: number): number {
  let at = x;
  itfWidths(digits).forEach((units, i) => {
    const width = units * narrow;
    if (i % 2 === 0) page.drawRectangle({ x: at, y, width, height, color: rgb(0, 0, 0) });
    at += width;
  });
  return at - x;
}

/** Cuts `text` into lines of at most `perLine` characters (a copy-paste code has no good break points). */
const chunks = (text: string, perLine: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += perLine) out.push(text.slice(i, i + perLine));
  return out;
};

/** The PDF's bytes (over a plain ArrayBuffer, as a Response body wants them). */
export async function invoicePdf(data: InvoicePdfData): Promise<Uint8Array<ArrayBuffer>> {
  validate(data);
  const amount = formatBRL(data.amountCents / 100);
  const due = dateBR(data.dueDate);
  const line = formatDigitableLine(data.digitableLine);

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Fatura ${data.reference} - ${BRAND_NAME} (sandbox)`);
  doc.setAuthor(BRAND_NAME);
  doc.setSubject(`Boleto e Pix - fatura ${data.reference} - ${SANDBOX_MARK}`);
  doc.setLanguage('pt-BR');
  doc.setCreator(INVOICE_PDF_CREATOR);
  doc.setProducer(INVOICE_PDF_PRODUCER);
  if (data.issuedAt) {
    doc.setCreationDate(data.issuedAt);
    doc.setModificationDate(data.issuedAt);
  }

  const fonts = await embedFonts(doc);
  const flow = new Flow(doc, fonts, runningHeader(`${BRAND_NAME} - fatura ${data.reference} - ${SANDBOX_MARK}`));
  const page = flow.newPage();
  const [pageW] = A4;
  const width = flow.contentWidth;

  // the watermark first, so everything else is drawn over it
  page.drawText(safe('SANDBOX', fonts.bold), { x: 95, y: 250, size: 120, font: fonts.bold, color: ACCENT, opacity: 0.13, rotate: degrees(35) });

  headerBand(flow, BRAND_NAME, 'Boleto e Pix', `Fatura ${data.reference}`, [`Vencimento ${due}`, amount]);

  // the sandbox notice
  const noticeH = 44;
  flow.y -= 10;
  page.drawRectangle({ x: MARGIN, y: flow.y - noticeH, width, height: noticeH, color: BRAND_SOFT, borderColor: ACCENT, borderWidth: 1.5 });
  flow.drawAt(SANDBOX_MARK, MARGIN + 12, flow.y - 18, { font: fonts.bold, size: 12, color: BRAND });
  flow.drawAt('Gerado pelo ambiente de testes do portal: nenhum banco recebe este boleto e a chave Pix é fictícia. Não pague.',
    MARGIN + 12, flow.y - 33, { size: 8.5, color: MUTED });
  flow.y -= noticeH;

  if (data.pixCode) {
    flow.heading('Pague com Pix');
    const qrSize = 150;
    const top = flow.y - 8;
    drawQr(page, data.pixCode, MARGIN, top, qrSize);
    const textX = MARGIN + qrSize + 16;
    let y = top - 14;
    flow.drawAt(`Valor: ${amount}`, textX, y, { font: fonts.bold, size: 11 });
    y -= 16;
    flow.drawAt('Leia o QR code no app do seu banco ou use o Pix copia e cola:', textX, y, { size: 9, color: MUTED });
    y -= 15;
    const perLine = Math.floor((pageW - MARGIN - textX) / fonts.mono.widthOfTextAtSize('0', 8));
    for (const part of chunks(data.pixCode, perLine)) {
      flow.drawAt(part, textX, y, { font: fonts.mono, size: 8 });
      y -= 10.5;
    }
    flow.y = Math.min(top - qrSize, y) - 4;
  }

  flow.heading('Boleto bancário');
  // the ficha de compensação's top line: bank code | digitable line
  flow.y -= 24;
  flow.drawAt(data.barcode.slice(0, 3), MARGIN, flow.y, { font: fonts.bold, size: 16 });
  page.drawLine({ start: { x: MARGIN + 44, y: flow.y - 4 }, end: { x: MARGIN + 44, y: flow.y + 16 }, thickness: 1.2, color: TEXT });
  flow.drawAt(line, MARGIN + 54, flow.y, { font: fonts.mono, size: 12.2 });
  flow.y -= 8;
  page.drawLine({ start: { x: MARGIN, y: flow.y }, end: { x: MARGIN + width, y: flow.y }, thickness: 1.2, color: TEXT });
  flow.y -= 2;

  const labelWidth = 130;
  flow.field('Local de pagamento', 'Ambiente de testes: não pague em nenhum banco', { labelWidth });
  flow.field('Vencimento', due, { labelWidth });
  flow.field('Beneficiário', `${SANDBOX_BENEFICIARY.name} - CNPJ ${SANDBOX_BENEFICIARY.cnpj}`, { labelWidth });
  flow.field('Nº do documento', data.reference, { labelWidth, mono: true });
  flow.field('Valor do documento', amount, { labelWidth });
  flow.field('Pagador', data.payerName, { labelWidth });
  if (data.description?.trim()) flow.field('Descrição', data.description.trim(), { labelWidth });
  flow.y -= 8;
  page.drawLine({ start: { x: MARGIN, y: flow.y }, end: { x: MARGIN + width, y: flow.y }, thickness: 0.8, color: BORDER });

  // the barcode, with a quiet zone of 10 narrow units on each side
  flow.y -= 12 + BAR_HEIGHT;
  drawItf(page, data.barcode, MARGIN + 10 * BAR_NARROW, flow.y, BAR_NARROW, BAR_HEIGHT);
  flow.drawAt('Autenticação mecânica - Ficha de compensação', MARGIN + width - flow.width('Autenticação mecânica - Ficha de compensação', 8), flow.y + BAR_HEIGHT - 8, { size: 8, color: MUTED });

  stampFooters(flow.pages, fonts, (p, pages) => `${BRAND_NAME} - ${SANDBOX_MARK} - página ${p}/${pages}`);
  return new Uint8Array(await doc.save());
}
