import { deflateSync, crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_IMAGE_PIXELS } from '#shared/bill/rules';
import { messages } from '#shared/messages';
import { customers, uploads } from '../../../src/server/platform/db/schema';
import { jpegSize, markupBeforePdfHeader, pngSize } from '../../../src/server/http/uploadContent';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, storedFiles, upload } from '../../support/uploads';

/**
 * The content behind the first bytes, on every upload endpoint (bill and employee badge): a PDF
 * must open with the PDF reader and carry no markup before its header; an image must declare a
 * size it may be decoded at (decompression bombs refused before anything decodes them).
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const PDF = fixture('cemig-clean-residential.pdf');
const text = (t: string) => new TextEncoder().encode(t);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** A PNG chunk with its length and CRC, as encoders write it. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return concat(head, data, crc);
}

/** A PNG declaring width x height (8-bit RGB) whose image data is a few hundred bytes of zeros. */
function png(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(4096))), chunk('IEND', new Uint8Array()),
  );
}

/** The smallest real JPEG (1x1, progressive) and the same with its frame header rewritten to width x height. */
const JPEG_1X1 = new Uint8Array(Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64'));
function jpeg(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(JPEG_1X1);
  const sof = Buffer.from(bytes).indexOf(Buffer.from([0xff, 0xc2]));
  Buffer.from(bytes.buffer).writeUInt16BE(height, sof + 5);
  Buffer.from(bytes.buffer).writeUInt16BE(width, sof + 7);
  return bytes;
}

async function customer(opts: { partnership?: boolean } = {}) {
  const c = await signUpNewCustomer(s);
  const id = Number((await call(s, 'GET', '/portal/customers', undefined, { token: c.token })).body.id);
  if (opts.partnership) await s.db.update(customers).set({ hasPartnership: true }).where(eq(customers.id, id));
  return { ...c, id, filesBefore: await storedFiles(s) };
}

const sendBill = (token: string, bytes: Uint8Array, name = 'conta.pdf') => upload(s, '/portal/customers/bills?is_holder=true', { bytes, name }, { token });
const sendBadge = (c: { token: string; id: number }, bytes: Uint8Array, name = 'cracha.png') =>
  upload(s, `/portal/client-partnership/${c.id}/emproyee-card`, { bytes, name }, { token: c.token });

async function nothingKept(c: { id: number; filesBefore: string[] }) {
  expect(await s.db.select().from(uploads).where(eq(uploads.customerId, c.id))).toEqual([]);
  expect(await storedFiles(s)).toEqual(c.filesBefore); // staging files included
}

describe('a PDF must be one', () => {
  test('an HTML page with %PDF- in its first KiB is refused with the endpoint\'s invalid-file answer; nothing kept', async () => {
    const c = await customer();
    const page = text('<!doctype html><html><body><script>alert(document.cookie)</script>%PDF-1.7 não é uma conta</body></html>');
    const r = await sendBill(c.token, page, 'fatura.pdf');
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ code: 4150, message: messages['upload.file.unsupported'], field: 'file' });
    await nothingKept(c);
  });

  test('a real PDF behind HTML markup (a polyglot a browser would render) is refused too', async () => {
    const c = await customer();
    const r = await sendBill(c.token, concat(text('<html><!-- '), PDF), 'fatura.pdf');
    expect(r.status).toBe(415);
    expect(r.body.code).toBe(4150);
    await nothingKept(c);
  });

  test('bytes with a PDF header that the PDF reader cannot open are refused', async () => {
    const c = await customer();
    const r = await sendBill(c.token, text('%PDF-1.4\nnada aqui\n%%EOF\n'), 'conta.pdf');
    expect(r.status).toBe(415);
    await nothingKept(c);
  });

  test('a real bill with a few junk bytes (BOM, blank lines, binary) before its header still goes through and is read', async () => {
    const c = await customer();
    const r = await sendBill(c.token, concat(new Uint8Array([0xef, 0xbb, 0xbf, 0x0d, 0x0a, 0x00, 0x9c, 0x20, 0x0a]), PDF));
    expect(r.status).toBe(201);
    const bills = await call(s, 'GET', '/portal/customers/bills', undefined, { token: c.token });
    expect(bills.body.billValues).toMatchObject({ status: 'APPROVED' });
  });

  test('markup before the header: tags and comments count, junk bytes do not', () => {
    expect(markupBeforePdfHeader(text('<html>%PDF-1.4'))).toBe(true);
    expect(markupBeforePdfHeader(text('<?xml version="1.0"?>%PDF-1.4'))).toBe(true);
    expect(markupBeforePdfHeader(text('<!-- x -->%PDF-1.4'))).toBe(true);
    expect(markupBeforePdfHeader(text('\r\n \t%PDF-1.4'))).toBe(false);
    expect(markupBeforePdfHeader(new Uint8Array([0x00, 0x3c, 0x20, 0xff, ...text('%PDF-1.4')]))).toBe(false); // a lone '<' in binary noise
    expect(markupBeforePdfHeader(PDF)).toBe(false);
  });

  test('the badge endpoint applies the same rule', async () => {
    const c = await customer({ partnership: true });
    const r = await sendBadge(c, text('<html><body>%PDF-1.4</body></html>'), 'cracha.pdf');
    expect(r.status).toBe(415);
    await nothingKept(c);
  });
});

describe('an image must decode within the pixel limit', () => {
  test('header sizes are read from PNG and JPEG (EXIF-style segments skipped)', () => {
    expect(pngSize(png(50_000, 50_000))).toEqual({ width: 50_000, height: 50_000 });
    expect(pngSize(fixture('photo-bill.png'))).toEqual(expect.objectContaining({ width: expect.any(Number) }));
    expect(jpegSize(JPEG_1X1)).toEqual({ width: 1, height: 1 });
    expect(jpegSize(jpeg(60_000, 60_000))).toEqual({ width: 60_000, height: 60_000 });
    // an APP1 segment (as EXIF, holding a thumbnail with its own frame header) before the real frame
    const app1 = concat(new Uint8Array([0xff, 0xe1, 0x00, 0x0c]), new Uint8Array([0xff, 0xc0, 0x00, 0x08, 0x08, 0x00, 0x02, 0x00, 0x02, 0x01]));
    expect(jpegSize(concat(JPEG_1X1.subarray(0, 2), app1, JPEG_1X1.subarray(2)))).toEqual({ width: 1, height: 1 });
    expect(jpegSize(concat(JPEG_1X1.subarray(0, 2), text('garbage')))).toBeNull();
    expect(pngSize(concat(png(10, 10).subarray(0, 12), text('IDAT'), new Uint8Array(20)))).toBeNull();
  });

  test('a PNG of a few KB declaring 50000 x 50000 pixels is refused (413); nothing kept', async () => {
    expect(50_000 * 50_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const c = await customer();
    const bomb = png(50_000, 50_000);
    expect(bomb.length).toBeLessThan(10_000);
    const r = await sendBill(c.token, bomb, 'conta.png');
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 4131, message: messages['upload.image.tooLarge'], field: 'file' });
    await nothingKept(c);
  });

  test('a JPEG declaring 60000 x 60000 pixels is refused on the badge endpoint as well', async () => {
    const c = await customer({ partnership: true });
    const r = await sendBadge(c, jpeg(60_000, 60_000), 'cracha.jpg');
    expect(r.status).toBe(413);
    expect(r.body.code).toBe(4131);
    await nothingKept(c);
  });

  test('an image at the limit goes through; a JPEG with no frame header does not', async () => {
    const c = await customer({ partnership: true });
    expect((await sendBadge(c, png(8000, 5000), 'cracha.png')).status).toBe(201); // 40 MP exactly
    const broken = await sendBadge(c, concat(JPEG_1X1.subarray(0, 2), text('garbage after the start marker')), 'cracha.jpg');
    expect(broken.status).toBe(415);
    expect((await sendBadge(c, JPEG_1X1, 'cracha.jpg')).status).toBe(201);
  });
});
