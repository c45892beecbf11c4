import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TextItem } from '../../../../src/server/engines/bill-reader/extractText';
import { ocrBill, type OcrOutcome } from '../../../../src/server/engines/bill-reader/ocr/ocrThread';

// Bill-like lines drawn in a font that ships with pdf.js (the same glyphs on every machine), read
// back by OCR. Positions are checked against where each line was drawn.

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf'), 'OcrTestSans');

interface DrawnLine { text: string; x: number; baseline: number }
/** Lines in pixels of a 1000×1200 image drawn at scale 1, top to bottom. */
const LINES: DrawnLine[] = [
  { text: 'CLASSE RESIDENCIAL', x: 80, baseline: 220 },
  { text: 'Consumo kWh 312', x: 80, baseline: 560 },
  { text: 'TOTAL A PAGAR R$ 123,45', x: 80, baseline: 900 },
];
const WIDTH = 1000;
const HEIGHT = 1200;

function drawBill(scale: number, fontPx = 34) {
  const canvas = createCanvas(Math.round(WIDTH * scale), Math.round(HEIGHT * scale));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#111';
  ctx.font = `${fontPx * scale}px OcrTestSans`;
  for (const line of LINES) ctx.fillText(line.text, line.x * scale, line.baseline * scale);
  return canvas;
}

async function imagePdf(jpeg: Uint8Array, place: { x: number; y: number; width: number }, pages = 1) {
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(jpeg);
  for (let p = 0; p < pages; p++) doc.addPage([595.28, 841.89]).drawImage(image, { ...place, height: (place.width * HEIGHT) / WIDTH });
  return new Uint8Array(await doc.save());
}

const upper = (s: string) => s.toUpperCase();

function done(outcome: OcrOutcome): Extract<OcrOutcome, { kind: 'done' }> {
  if (outcome.kind !== 'done') throw new Error(`OCR did not finish: ${JSON.stringify(outcome)}`);
  return outcome;
}

/** The items read for one drawn line: those whose words belong to it, left to right. */
function wordsOf(items: readonly TextItem[], line: DrawnLine) {
  const wanted = line.text.split(' ').map(upper);
  return items.filter((i) => wanted.includes(upper(i.text))).sort((a, b) => a.x - b.x);
}

/**
 * Every word of every line read (case aside, numbers exact), one baseline per line where it was
 * drawn, lines in page order, words left to right. `toUnits` maps a drawn pixel (origin
 * top-left) to page units.
 */
function expectBill(items: readonly TextItem[], toUnits: (x: number, y: number) => { x: number; y: number }) {
  expect(items.every((i) => i.page === 1 && i.width > 0 && i.size > 0)).toBe(true);
  for (const item of items) expect((item as TextItem & { confidence: number }).confidence).toBeGreaterThanOrEqual(30);
  const baselines: number[] = [];
  for (const line of LINES) {
    const words = wordsOf(items, line);
    expect(words.map((w) => upper(w.text))).toEqual(line.text.split(' ').map(upper));
    const drawn = toUnits(line.x, line.baseline);
    for (const word of words) expect(Math.abs(word.y - drawn.y)).toBeLessThan(2);
    expect(Math.abs(words[0]!.x - drawn.x)).toBeLessThan(3);
    for (let i = 1; i < words.length; i++) expect(words[i]!.x).toBeGreaterThan(words[i - 1]!.x + words[i - 1]!.size / 2);
    baselines.push(words[0]!.y);
  }
  expect([...baselines].sort((a, b) => b - a)).toEqual(baselines); // drawn lower, read lower
}

let png: Uint8Array;
let jpeg: Uint8Array;

beforeAll(() => {
  png = new Uint8Array(drawBill(1).toBuffer('image/png'));
  jpeg = new Uint8Array(drawBill(1).toBuffer('image/jpeg', 85));
});

describe('ocrBill reads scanned bills as positioned words', () => {
  it('reads a PNG: words, baselines and order in page units (595 across)', async () => {
    const r = done(await ocrBill({ kind: 'png', bytes: png }));
    const k = 595 / WIDTH;
    expectBill(r.items, (x, y) => ({ x: x * k, y: (HEIGHT - y) * k }));
    expect(r.pages).toBe(1);
    const total = r.items.find((i) => i.text === 'TOTAL')!;
    expect(total.size).toBeGreaterThan(34 * 0.6 * k); // a capital's height, roughly
    expect(total.size).toBeLessThan(34 * 1.2 * k);
  }, 30_000);

  it('reads a large phone-sized JPEG, brought down before reading', async () => {
    const big = new Uint8Array(drawBill(3.6).toBuffer('image/jpeg', 85)); // 3600×4320
    const r = done(await ocrBill({ kind: 'jpeg', bytes: big }));
    const k = 595 / (WIDTH * 3.6);
    expectBill(r.items, (x, y) => ({ x: x * 3.6 * k, y: (HEIGHT - y) * 3.6 * k }));
  }, 30_000);

  it('reads small print again from a larger image', async () => {
    const small = new Uint8Array(drawBill(0.4).toBuffer('image/png')); // 400×480, text 14 px high
    const r = done(await ocrBill({ kind: 'png', bytes: small }));
    const k = 595 / (WIDTH * 0.4);
    expectBill(r.items, (x, y) => ({ x: x * 0.4 * k, y: (HEIGHT - y) * 0.4 * k }));
  }, 30_000);

  it('reads an image-only PDF where the page shows its scan', async () => {
    const place = { x: 40, y: 60, width: 515 };
    const r = done(await ocrBill({ kind: 'pdf', bytes: await imagePdf(jpeg, place) }));
    const k = place.width / WIDTH; // points per image pixel
    const n = 595 / 595.28;
    expectBill(r.items, (x, y) => ({ x: (place.x + x * k) * n, y: (place.y + (HEIGHT - y) * k) * n }));
    expect(r.pages).toBe(1);
  }, 30_000);

  it('reads the first pages only (maxPages), each word with its page', async () => {
    const r = done(await ocrBill({ kind: 'pdf', bytes: await imagePdf(jpeg, { x: 40, y: 60, width: 515 }, 3) }, { maxPages: 2 }));
    expect(r.pages).toBe(2);
    expect(r.items.filter((i) => i.text === '123,45').map((i) => i.page)).toEqual([1, 2]);
  }, 30_000);

  it('renders a PDF page whose picture is only part of it', async () => {
    const place = { x: 150, y: 300, width: 330 }; // a third of the page: rendered, not taken as is
    const r = done(await ocrBill({ kind: 'pdf', bytes: await imagePdf(jpeg, place) }));
    const k = place.width / WIDTH;
    const n = 595 / 595.28;
    expectBill(r.items, (x, y) => ({ x: (place.x + x * k) * n, y: (place.y + (HEIGHT - y) * k) * n }));
  }, 30_000);
});

describe('ocrBill refuses and recovers', () => {
  it('stops a reading past its time, and the next file is read by a fresh thread', async () => {
    expect(await ocrBill({ kind: 'png', bytes: png }, { timeoutMs: 1 })).toEqual({ kind: 'timeout' });
    const r = done(await ocrBill({ kind: 'png', bytes: png }));
    expect(r.items.some((i) => i.text === '123,45')).toBe(true);
  }, 30_000);

  it('fails on bytes that are no image or PDF', async () => {
    const garbage = new TextEncoder().encode('isto não é uma imagem'.repeat(50));
    for (const kind of ['png', 'jpeg', 'pdf'] as const) {
      expect(await ocrBill({ kind, bytes: garbage })).toMatchObject({ kind: 'failed' });
    }
    expect(await ocrBill({ kind: 'jpeg', bytes: png.slice(0, 200) })).toMatchObject({ kind: 'failed' });
  }, 30_000);

  it('fails on an image over 50 megapixels before decoding it (a decompression bomb)', async () => {
    const bomb = pngBomb(10_000, 10_000); // 100 megapixels in a few kB
    expect(bomb.length).toBeLessThan(100_000);
    const r = await ocrBill({ kind: 'png', bytes: bomb });
    expect(r).toMatchObject({ kind: 'failed' });
    expect(r.kind === 'failed' && r.error).toMatch(/too large/);
  }, 30_000);
});

/** A valid 1-bit grey PNG of the given size, all black: tiny on disk, huge once decoded. */
function pngBomb(width: number, height: number): Uint8Array {
  const row = 1 + Math.ceil(width / 8);
  const idat = deflateSync(new Uint8Array(row * height), { level: 9 });
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, grey, deflate, no filter, no interlace
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
