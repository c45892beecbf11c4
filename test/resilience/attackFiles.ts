import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { MAX_UPLOAD_BYTES } from '#shared/bill/rules';
import { fixture } from '../support/uploads';

/**
 * The hostile files of the attack corpus, built in code (a few KB each on disk, nothing committed):
 * what a customer's browser could send to any upload endpoint.
 */

const ascii = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));

/** A real bill PDF (text layer: the reader opens it at once). */
export const realPdf = (): Uint8Array => fixture('cemig-clean-residential.pdf');

/** A PNG header (signature and IHDR) declaring `width` x `height`, then an empty IDAT and IEND. */
export function pngDeclaring(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    Buffer.from(data).copy(out, 8);
    return new Uint8Array(out); // the CRC is left zero: the server reads the header, it never decodes
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return join(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(0))), chunk('IEND', new Uint8Array()));
}

/** The smallest real JPEG (1 x 1, progressive). */
export const smallJpeg = (): Uint8Array => new Uint8Array(Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64',
));

/** A JPEG of a frame header and nothing else (no tables, no scan): the image decoder crashed the process on it. */
export const jpegWithoutScan = (): Uint8Array => new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x40, 0x00, 0x40, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9]);

const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';

/**
 * A one-page PDF whose object 4 is a FlateDecode stream of `stream` with the extra dictionary
 * entries `dict`; `contents` makes it the page's content stream.
 */
function pdfWithStream(version: string, stream: Uint8Array, dict: string, contents: boolean): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]${contents ? ' /Contents 4 0 R' : ''} >>`,
  ];
  const parts: Uint8Array[] = [ascii(`%PDF-${version}\n`)];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  const push = (p: Uint8Array) => { parts.push(p); at += p.length; };
  objects.forEach((body, i) => { offsets.push(at); push(ascii(`${i + 1} 0 obj\n${body}\nendobj\n`)); });
  offsets.push(at);
  push(ascii(`4 0 obj\n<< ${dict}/Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
  push(stream);
  push(ascii('\nendstream\nendobj\n'));
  const xref = at;
  push(ascii(`xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`));
  push(ascii(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return join(...parts);
}

/** A PDF with a content stream of `inflated` zero bytes squeezed by FlateDecode (about a thousandth of it on disk). */
export function pdfFlateBomb(inflated = 64 * 1024 * 1024): Uint8Array {
  return pdfWithStream('1.4', new Uint8Array(deflateSync(Buffer.alloc(inflated), { level: 9 })), '', true);
}

/**
 * A PDF whose object stream (/Type /ObjStm, FlateDecode) inflates to `inflated` bytes (1 GiB) from
 * about 1 MB: a reader that looks objects up in it, or loads every object (pdf-lib), inflates it
 * whole (issue 29, F2). Built from one flushed deflate block of 1 MiB of zeros, repeated.
 */
export function pdfObjectStreamBomb(inflated = 1024 * 1024 * 1024): Uint8Array {
  const MiB = 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const count = Math.ceil(inflated / MiB);
  // zlib header, the blocks, an empty final block, and the Adler-32 of `count` MiB of zeros
  const adler = ((((count * MiB) % 65521) << 16) | 1) >>> 0;
  const stream = join(new Uint8Array([0x78, 0xda]), ...Array.from({ length: count }, () => new Uint8Array(block)), new Uint8Array([0x03, 0x00]),
    new Uint8Array([adler >>> 24, (adler >>> 16) & 255, (adler >>> 8) & 255, adler & 255]));
  return pdfWithStream('1.5', stream, '/Type /ObjStm /N 1 /First 4 ', false);
}

let bomb: Uint8Array | null = null;
/** Built once: the corpus sends it to every upload endpoint. */
const objectStreamBomb = () => (bomb ??= pdfObjectStreamBomb());

/** `bytes` followed by zeros up to `size` bytes. */
const padded = (bytes: Uint8Array, size: number) => { const out = new Uint8Array(size); out.set(bytes); return out; };

/** One hostile file: its bytes, the name the browser gives it and the type it declares. */
export interface HostileFile { bytes: Uint8Array; name: string; type: string }

/**
 * The files of the corpus by case. `must`: 'refuse' (with the status and code given), 'accept'
 * (a valid file that must go through) or 'either' (refused with the status given, or stored only as
 * the type sniffed from its content, never as what its name or the declared type say).
 */
export interface UploadCase {
  name: string;
  tried: string;
  file: () => HostileFile;
  must: 'refuse' | 'accept' | 'either';
  status?: number;
  code?: number;
  /** the type an accepted file must be stored as */
  storedAs?: 'pdf' | 'png' | 'jpeg';
  /** the name the server may keep for display: never a path, never a control character */
  nameCheck?: boolean;
}

const MZ = () => join(ascii('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00'), new Uint8Array(496), ascii('This program cannot be run in DOS mode.'));

export const UPLOAD_CASES: readonly UploadCase[] = [
  { name: 'html-as-pdf', tried: 'An HTML page with a script named .pdf, declared application/pdf', file: () => ({ bytes: ascii(SCRIPT), name: 'conta.pdf', type: 'application/pdf' }), must: 'refuse', status: 415, code: 4150 },
  { name: 'exe-as-pdf', tried: 'A Windows executable (MZ) named .pdf', file: () => ({ bytes: MZ(), name: 'conta.pdf', type: 'application/pdf' }), must: 'refuse', status: 415, code: 4150 },
  { name: 'pdf-header-html', tried: 'A polyglot: a PDF header followed by HTML and script (not a PDF the reader opens)', file: () => ({ bytes: ascii(`%PDF-1.7\n${SCRIPT}`), name: 'conta.pdf', type: 'application/pdf' }), must: 'refuse', status: 415, code: 4150 },
  { name: 'html-then-pdf', tried: 'A polyglot: HTML markup, then a real PDF', file: () => ({ bytes: join(ascii(SCRIPT), realPdf()), name: 'conta.html', type: 'text/html' }), must: 'refuse', status: 415, code: 4150 },
  { name: 'pdf-then-script', tried: 'A polyglot: a real PDF with HTML and script after its end (%%EOF), named .html', file: () => ({ bytes: join(realPdf(), ascii(SCRIPT)), name: 'conta.html', type: 'text/html' }), must: 'either', status: 415, code: 4150, storedAs: 'pdf' },
  { name: 'jpeg-then-script', tried: 'A polyglot: a JPEG with a script appended, named .html', file: () => ({ bytes: join(smallJpeg(), ascii(SCRIPT)), name: 'foto.html', type: 'text/html' }), must: 'either', status: 415, code: 4150, storedAs: 'jpeg' },
  { name: 'jpeg-without-scan', tried: 'A JPEG of 17 bytes: a frame header, no scan (it crashed the bill reader\'s image decoder, and with it the server)', file: () => ({ bytes: jpegWithoutScan(), name: 'foto.jpg', type: 'image/jpeg' }), must: 'refuse', status: 415, code: 4150 },
  { name: 'svg-script', tried: 'An SVG with a script, named .png and declared image/svg+xml', file: () => ({ bytes: ascii('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'), name: 'foto.png', type: 'image/svg+xml' }), must: 'refuse', status: 415, code: 4150 },
  { name: 'png-bomb', tried: 'A decompression bomb: a PNG of a few bytes declaring 50000 x 50000 pixels', file: () => ({ bytes: pngDeclaring(50_000, 50_000), name: 'foto.png', type: 'image/png' }), must: 'refuse', status: 413, code: 4131 },
  { name: 'pdf-bomb', tried: 'A decompression bomb: a PDF whose FlateDecode page stream inflates to 64 MB', file: () => ({ bytes: pdfFlateBomb(), name: 'conta.pdf', type: 'application/pdf' }), must: 'either', status: 415, code: 4150, storedAs: 'pdf' },
  { name: 'pdf-objstm-bomb', tried: 'A decompression bomb: a PDF of about 1 MB whose object stream (/Type /ObjStm) inflates to 1 GiB (issue 29, F2)', file: () => ({ bytes: objectStreamBomb(), name: 'conta.pdf', type: 'application/pdf' }), must: 'refuse', status: 415, code: 4150 },
  { name: 'empty', tried: 'An empty file (0 bytes)', file: () => ({ bytes: new Uint8Array(), name: 'conta.pdf', type: 'application/pdf' }), must: 'refuse', status: 400, code: 4005 },
  { name: 'exactly-10mb', tried: 'A valid PDF of exactly 10 MB (10,485,760 bytes): accepted', file: () => ({ bytes: padded(realPdf(), MAX_UPLOAD_BYTES), name: 'conta.pdf', type: 'application/pdf' }), must: 'accept', storedAs: 'pdf' },
  { name: '10mb-plus-1', tried: 'A valid PDF of 10 MB and one byte', file: () => ({ bytes: padded(realPdf(), MAX_UPLOAD_BYTES + 1), name: 'conta.pdf', type: 'application/pdf' }), must: 'refuse', status: 413, code: 4130 },
  { name: 'path-name', tried: 'A valid file named ../../../etc/passwd.pdf (stored under a random key; the name kept for display is no path)', file: () => ({ bytes: realPdf(), name: '../../../etc/passwd.pdf', type: 'application/pdf' }), must: 'accept', storedAs: 'pdf', nameCheck: true },
  { name: 'windows-path-name', tried: 'A valid file named ..\\..\\windows\\win.ini.pdf', file: () => ({ bytes: realPdf(), name: '..\\..\\windows\\win.ini.pdf', type: 'application/pdf' }), must: 'accept', storedAs: 'pdf', nameCheck: true },
  { name: 'control-name', tried: 'A valid file whose name holds a NUL and an escape (filename*=UTF-8\'\'%00%1B)', file: () => ({ bytes: realPdf(), name: 'conta\u0000\u001b[31m.pdf', type: 'application/pdf' }), must: 'refuse', status: 400, code: 4000 },
];
