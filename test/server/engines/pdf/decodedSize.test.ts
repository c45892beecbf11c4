import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { decodedSize, PDF_DECODED_CAP } from '../../../../src/server/engines/pdf/decodedSize.mjs';
import { pdfFlateBomb, pdfObjectStreamBomb } from '../../../resilience/attackFiles';

const ascii = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** A PDF-shaped file with one stream of `data` under `filter` (what the count reads). */
const withStream = (filter: string, data: Uint8Array) => new Uint8Array(Buffer.concat([
  ascii(`%PDF-1.5\n4 0 obj\n<< /Length ${data.length} /Filter ${filter} >>\nstream\n`), data, ascii('\nendstream\nendobj\n%%EOF\n'),
]));

describe('the decoded size of a PDF, counted before a reader opens it (F2)', () => {
  const bomb = pdfObjectStreamBomb();

  test('an object stream of about 1 MB that inflates to 1 GiB is over the cap, counted without keeping it', async () => {
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    // the bomb is what it says: its first MiB inflates as zeros
    const before = process.memoryUsage().rss;
    const r = await decodedSize(bomb, PDF_DECODED_CAP);
    expect(r.over).toBe(true);
    expect(r.total).toBeGreaterThan(PDF_DECODED_CAP);
    expect(r.total).toBeLessThan(PDF_DECODED_CAP + 2 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  test('a page stream bomb, and the same behind a hex stage ([/ASCIIHexDecode /FlateDecode]), are counted whole', async () => {
    const page = pdfFlateBomb(64 * 1024 * 1024);
    expect(await decodedSize(page, PDF_DECODED_CAP)).toMatchObject({ over: false, total: 64 * 1024 * 1024 });
    expect((await decodedSize(page, 32 * 1024 * 1024)).over).toBe(true);
    const at = Buffer.from(bomb).indexOf('stream\n') + 7;
    const inner = Buffer.from(bomb.subarray(at, at + 64 * 1024));
    const chained = withStream('[/ASCIIHexDecode /FlateDecode]', ascii(`${hex(inner)}>`));
    expect((await decodedSize(chained, 1024 * 1024)).over).toBe(true);
  });

  test('RunLength and LZW are counted by their codes, without decoding', async () => {
    // RunLength: 257 - 129 = 128 copies of one byte, twice, then end of data
    expect((await decodedSize(withStream('/RunLengthDecode', new Uint8Array([129, 0x41, 129, 0x42, 128])), 1e9)).total).toBe(256);
    // LZW, 9-bit codes: clear (256), 'A' (65), 'B' (66), the new entry 258 ('AB'), end of data (257)
    const codes = [256, 65, 66, 258, 257];
    const bits = codes.map((c) => c.toString(2).padStart(9, '0')).join('').padEnd(48, '0');
    const bytes = new Uint8Array(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
    expect((await decodedSize(withStream('/LZWDecode', bytes), 1e9)).total).toBe(4);
  });

  test('an encrypted file cannot be decoded to count: each stream counts at the most its filter could give', async () => {
    const small = ascii('x'.repeat(1000));
    const encrypted = (n: number) => new Uint8Array(Buffer.concat([ascii('%PDF-1.5\ntrailer << /Encrypt 9 0 R >>\n'), ...Array.from({ length: n }, () => withStream('/FlateDecode', small))]));
    expect(await decodedSize(encrypted(1), PDF_DECODED_CAP)).toMatchObject({ over: false, encrypted: true, total: 1000 * 1032 });
    expect((await decodedSize(encrypted(300), PDF_DECODED_CAP)).over).toBe(true);
  });

  test('every bill and contract of the test corpus is well within the cap', async () => {
    for (const dir of ['test/fixtures/bills', 'test/fixtures/contracts']) {
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.pdf'))) {
        const r = await decodedSize(new Uint8Array(readFileSync(join(dir, name))), PDF_DECODED_CAP);
        expect(r.over, name).toBe(false);
      }
    }
    // and the count is the true size: a stream inflated the ordinary way gives the same
    const page = pdfFlateBomb(3 * 1024 * 1024);
    const start = Buffer.from(page).indexOf('stream\n') + 7;
    const end = Buffer.from(page).indexOf('\nendstream');
    expect((await decodedSize(page, PDF_DECODED_CAP)).total).toBe(inflateSync(page.subarray(start, end)).length);
  });
});
