import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { analyseBill, BILL_ILLEGIBLE, sniffBillFile } from '../../../../src/server/engines/bill-reader';
import { CORPUS_DIR } from './corpus';

const fixture = (name: string) => new Uint8Array(readFileSync(join(CORPUS_DIR, name)));

// A font that ships with pdf.js, so the picture is the same on every machine.
const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf'), 'BillPhotoSans');

/** A photo of a made-up CEMIG bill: the lines a customer's phone would capture, as a PNG. */
function photoOfABill(): Uint8Array {
  const lines: Array<[string, number, number]> = [
    ['CEMIG DISTRIBUICAO S.A.', 60, 90], ['JOSE CARLOS PEREIRA', 60, 170], ['RUA DAS PALMEIRAS 120', 60, 215],
    ['30190-000 BELO HORIZONTE MG', 60, 260], ['MAR/2025', 520, 170], ['15/04/2025', 700, 170], ['R$ 289,40', 900, 170],
    ['N DA INSTALACAO', 60, 340], ['3001234567', 60, 385], ['Classe: Residencial Bifasico', 60, 450],
    ['Energia Eletrica kWh 320 272,00', 60, 540], ['TOTAL 289,40', 60, 600], ['Consumo kWh 320', 60, 660],
  ];
  const canvas = createCanvas(1240, 1754);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#111';
  ctx.font = '30px BillPhotoSans';
  for (const [text, x, y] of lines) ctx.fillText(text, x, y);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

describe('analyseBill follows the file content, not the declared type', () => {
  it('reads a PDF declared as an image', async () => {
    const a = await analyseBill(fixture('light-clean-residential.pdf'), 'image/png');
    expect(a.status).toBe('APPROVED');
    expect(a.distributor).toBe('LIGHT');
  });

  it('reads a photo of a bill by OCR, whatever it is declared as, and leaves what it read to a person', { timeout: 60_000 }, async () => {
    const a = await analyseBill(photoOfABill(), 'application/pdf');
    expect(a).toMatchObject({ status: 'WAITING', review_notes: ['ocr-reading'], source: 'ocr', distributor: 'CEMIG', value: 289.4, consumption: 320, consumer_class: 'RESIDENCIAL' });
    expect(a.evidence?.value?.evidence[0]?.page).toBe(1);
  });

  it('calls a picture on which nothing can be read illegible, so the customer may send a better one', { timeout: 60_000 }, async () => {
    expect(await analyseBill(fixture('photo-unreadable.png'), 'image/png')).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: BILL_ILLEGIBLE, confidence: 0 });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    expect(sniffBillFile(jpeg)).toBe('jpeg');
    expect(await analyseBill(jpeg, 'image/jpeg')).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: BILL_ILLEGIBLE });
  });

  it('disapproves empty, unknown and broken files as illegible (re-upload allowed)', async () => {
    const broken = fixture('cemig-clean-residential.pdf').slice(0, 600);
    for (const bytes of [new Uint8Array(0), new TextEncoder().encode('isto não é um PDF'), broken]) {
      expect(await analyseBill(bytes, 'application/pdf')).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: BILL_ILLEGIBLE });
    }
  });

  it('leaves the caller\'s bytes intact (a Node Buffer from the upload)', async () => {
    const buffer = readFileSync(join(CORPUS_DIR, 'copel-clean-residential.pdf'));
    const before = Buffer.from(buffer);
    expect((await analyseBill(buffer, 'application/pdf')).status).toBe('APPROVED');
    expect(buffer.equals(before)).toBe(true);
  });

  it('waits for a person on a PDF without a text layer whose pictures OCR cannot read', { timeout: 60_000 }, async () => {
    expect(await analyseBill(fixture('scanned-bill.pdf'), 'application/pdf')).toMatchObject({ status: 'WAITING', review_notes: ['no-text-layer'] });
  });

  it('gives up on a PDF that takes too long and lets a person look', async () => {
    expect(await analyseBill(fixture('cemig-noisy.pdf'), 'application/pdf', { timeoutMs: 1 })).toMatchObject({ status: 'WAITING', review_notes: ['reader-timeout'] });
    // The reader still works afterwards.
    expect((await analyseBill(fixture('cemig-noisy.pdf'), 'application/pdf')).status).toBe('APPROVED');
  });
});
