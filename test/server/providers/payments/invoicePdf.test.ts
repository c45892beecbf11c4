import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, test } from 'vitest';
import { BRAND_NAME } from '../../../../src/shared/brand';
import { formatDigitableLine, itfWidths, makeBoleto } from '../../../../src/server/providers/payments/boleto';
import { INVOICE_PDF_PRODUCER, InvoicePdfError, SANDBOX_MARK, invoicePdf, type InvoicePdfData } from '../../../../src/server/providers/payments/invoicePdf';
import { pixCode } from '../../../../src/server/providers/payments/pix';
import { pdfText } from '../../../support/pdfText';

/** The sandbox's boleto PDF: what it prints, the barcode and QR it draws, and equal bytes for equal data. */

const boleto = makeBoleto({ bankCode: '000', amountCents: 2_345_678, dueDate: '2026-06-10', freeField: '1234567890123456789012345' });
const pix = pixCode({ key: 'ad8aeed5-7fce-4e4a-bb19-757cd10f82c7', amountCents: 2_345_678, merchantName: BRAND_NAME, merchantCity: 'SAO PAULO', txid: 'INV123' });

const data: InvoicePdfData = {
  reference: '0b6f9a0e-3c1d-4a55-8e3b-6b0b2f1d9c77',
  amountCents: 2_345_678,
  dueDate: '2026-06-10',
  payerName: 'Maria da Conceição Araújo',
  description: 'Sistema fotovoltaico 4,5 kWp',
  digitableLine: boleto.digitableLine,
  barcode: boleto.barcode,
  pixCode: pix,
  issuedAt: new Date('2026-05-15T12:00:00Z'),
};

const noSpace = (s: string) => s.replace(/\s+/g, '');

/**
 * Black rectangles drawn on the first page, in points. @cantoo/pdf-lib writes each as a path in a
 * coordinate system moved to its top left corner and flipped (y down): `1 0 0 1 x top cm`, ...,
 * `1 0 0 -1 0 0 cm`, then the corners 0 0, w 0, w h, 0 h.
 */
async function blackRects(bytes: Uint8Array): Promise<{ x: number; y: number; w: number; h: number }[]> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const text = streams.map((s) => (s instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(s).decode()) : '')).join('\n');
  const rect = /1 0 0 1 ([\d.-]+) ([\d.-]+) cm\n(?:1 0 0 1 0 0 cm\n)*1 0 0 -1 0 0 cm\n0 0 0 rg\n\[\] 0 d\n0 0 m\n([\d.]+) 0 l\n[\d.]+ ([\d.]+) l\n0 [\d.]+ l\nh\nf\n/g;
  return [...text.matchAll(rect)].map((m) => {
    const [x, top, w, h] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    return { x, y: top - h, w, h };
  });
}

describe('invoicePdf', () => {
  test('prints the boleto and the Pix, marked as sandbox, on one page', async () => {
    const { text, pages, title } = await pdfText(await invoicePdf(data));
    expect(pages).toBe(1);
    expect(title).toBe(`Fatura ${data.reference} - ${BRAND_NAME} (sandbox)`);
    expect(text).toContain(formatDigitableLine(boleto.digitableLine));
    expect(text).toContain('R$ 23.456,78');
    expect(text).toContain('10/06/2026');
    expect(text).toContain('Maria da Conceição Araújo');
    expect(text).toContain(data.reference);
    expect(text).toContain(`${BRAND_NAME} - CNPJ 00.000.000/0001-00`);
    expect(text).toContain(SANDBOX_MARK);
    expect(text).toContain('Sistema fotovoltaico 4,5 kWp');
    // the copy-paste code is cut into lines
    expect(noSpace(text)).toContain(noSpace(pix));
  });

  test('the same data gives the same bytes; other data, other bytes', async () => {
    const a = await invoicePdf(data);
    const b = await invoicePdf({ ...data });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const other = await invoicePdf({ ...data, payerName: 'João da Silva' });
    expect(Buffer.from(a).equals(Buffer.from(other))).toBe(false);
    // no clock: without issuedAt there is no date at all, still deterministic
    const undated = await invoicePdf({ ...data, issuedAt: null });
    expect(Buffer.from(undated).equals(Buffer.from(await invoicePdf({ ...data, issuedAt: null })))).toBe(true);
  });

  test('metadata: fixed producer, the issue date', async () => {
    const doc = await PDFDocument.load(await invoicePdf(data), { updateMetadata: false });
    expect(doc.getProducer()).toBe(INVOICE_PDF_PRODUCER);
    expect(doc.getCreator()).toBe('portal-solar');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-05-15T12:00:00.000Z');
    expect(doc.getAuthor()).toBe(BRAND_NAME);
  });

  test('the barcode is drawn as the ITF bars of the 44 digits at FEBRABAN size', async () => {
    const narrow = (0.254 * 72) / 25.4;
    const height = (13 * 72) / 25.4;
    const bars = (await blackRects(await invoicePdf(data))).filter((r) => Math.abs(r.h - height) < 0.01).sort((a, b) => a.x - b.x);
    const first = bars[0];
    const last = bars.at(-1);
    if (!first || !last) throw new Error('no bars drawn');
    // elements between bars are spaces; widths in narrow units
    const widths: number[] = [];
    bars.forEach((bar, i) => {
      if (i > 0) {
        const prev = bars[i - 1];
        if (prev) widths.push(Math.round((bar.x - (prev.x + prev.w)) / narrow));
      }
      widths.push(Math.round(bar.w / narrow));
    });
    expect(widths).toEqual(itfWidths(boleto.barcode));
    // 405 narrow units: 103 mm
    expect(((last.x + last.w - first.x) * 25.4) / 72).toBeCloseTo(102.87, 1);
  });

  test('the QR code drawn is the qrcode library symbol of the Pix code', async () => {
    const { modules } = QRCode.create(pix, { errorCorrectionLevel: 'M' });
    const barHeight = (13 * 72) / 25.4;
    const cells = (await blackRects(await invoicePdf(data))).filter((r) => Math.abs(r.h - barHeight) > 0.01);
    const unit = cells[0]?.h ?? 0;
    expect(unit).toBeGreaterThan(1.5);
    const left = Math.min(...cells.map((c) => c.x));
    const top = Math.max(...cells.map((c) => c.y + c.h));
    const drawn = Array.from({ length: modules.size }, () => new Array<number>(modules.size).fill(0));
    for (const c of cells) {
      const row = Math.round((top - (c.y + c.h)) / unit);
      const from = Math.round((c.x - left) / unit);
      const span = Math.round(c.w / unit);
      for (let col = from; col < from + span; col++) {
        const line = drawn[row];
        if (line) line[col] = 1;
      }
    }
    const expected = Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => (modules.get(row, col) ? 1 : 0)));
    expect(drawn).toEqual(expected);
  });

  test('without a Pix code the Pix part is left out', async () => {
    const { text } = await pdfText(await invoicePdf({ ...data, pixCode: null }));
    expect(text).not.toContain('Pague com Pix');
    expect(text).toContain(formatDigitableLine(boleto.digitableLine));
  });

  test('refuses data that is not one valid boleto', async () => {
    const other = makeBoleto({ bankCode: '000', amountCents: 100, dueDate: '2026-06-10', freeField: '1234567890123456789012345' });
    await expect(invoicePdf({ ...data, barcode: other.barcode })).rejects.toThrow(InvoicePdfError);
    await expect(invoicePdf({ ...data, digitableLine: `${boleto.digitableLine.slice(0, -1)}9` })).rejects.toThrow(InvoicePdfError);
    await expect(invoicePdf({ ...data, barcode: '1'.repeat(44) })).rejects.toThrow(InvoicePdfError);
    await expect(invoicePdf({ ...data, pixCode: `${pix.slice(0, -4)}0000` })).rejects.toThrow(/Pix/);
    await expect(invoicePdf({ ...data, dueDate: '10/06/2026' })).rejects.toThrow(InvoicePdfError);
  });
});
