import { readFile } from 'node:fs/promises';
import { MAX_IMAGE_PIXELS, type UploadKind } from '#shared/bill/rules';
import { DomainError } from '../errors';
import { PDF_DECODED_CAP } from '../engines/pdf/decodedSize.mjs';
import { probePdf } from '../engines/pdf/probe';
import { log } from '../platform/log';
import { countRefusedPayload } from '../platform/metrics';

/** Time a PDF gets to open at upload (a bill opens in milliseconds; a hostile file is stopped). */
const PDF_PROBE_TIMEOUT_MS = 15_000;

/** Width and height an image header declares. */
export interface ImageSize { width: number; height: number }

/**
 * A PNG's size from its IHDR chunk, which must come first (PNG spec 11.2.2): null when the file
 * is not laid out as a PNG.
 */
export function pngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 33) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ihdr = String.fromCharCode(...bytes.subarray(12, 16));
  if (view.getUint32(8) !== 13 || ihdr !== 'IHDR') return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): SOF0..SOF15 but DHT, JPG and DAC. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * A JPEG's size from its first start-of-frame segment, walking the segments from the start
 * (APPn segments such as EXIF, with their thumbnails, are skipped by length): null when no frame
 * header comes before the image data or the end.
 */
export function jpegSize(bytes: Uint8Array): ImageSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) { at += 1; continue; } // fill byte
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { at += 2; continue; } // no length
    if (marker === 0xd9 || marker === 0xda) return null; // end, or image data before any frame header
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (length < 7 || at + 9 > bytes.length) return null;
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      // a height of 0 (set later by a DNL segment) cannot be checked before decoding: refused
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

/**
 * Whether a JPEG's frame header and first scan header agree (1 to 4 components, lengths that match
 * their counts, every scan component declared by the frame): the image decoder (skia, in the bill
 * reader's thread) crashes the whole process on a JPEG without a scan or with inconsistent headers.
 */
export function jpegHeadersSound(bytes: Uint8Array): boolean {
  let at = 2;
  let frame: number[] | null = null;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) { at += 1; continue; }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { at += 2; continue; }
    if (marker === 0xd9) return false;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2 || at + 2 + length > bytes.length) return false;
    if (isStartOfFrame(marker)) {
      const count = bytes[at + 9] ?? 0;
      if (frame || count < 1 || count > 4 || length !== 8 + 3 * count) return false;
      frame = Array.from({ length: count }, (_, i) => bytes[at + 10 + 3 * i] ?? -1);
    }
    if (marker === 0xda) {
      const count = bytes[at + 4] ?? 0;
      if (!frame || count < 1 || count > frame.length || length !== 6 + 2 * count) return false;
      return Array.from({ length: count }, (_, i) => bytes[at + 5 + 2 * i] ?? -1).every((id) => frame!.includes(id));
    }
    at += 2 + length;
  }
  return false;
}

/**
 * Markup before the PDF header: an HTML (or XML, SVG) page that carries `%PDF-` somewhere in its
 * first KiB. Real files sometimes have a few junk bytes there (a byte-order mark, blank lines,
 * binary noise from a mail gateway), never a tag.
 */
export function markupBeforePdfHeader(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const at = head.indexOf('%PDF-');
  if (at < 0) return false;
  return /<[!?/A-Za-z]/.test(head.slice(0, at));
}

/**
 * What the content must be beyond its first bytes, for every upload endpoint: a PDF opens with
 * the PDF reader and has no markup before its header; an image's header is well formed and declares
 * at most MAX_IMAGE_PIXELS (decompression bombs refused before anything decodes them).
 * Throws the endpoint's refusal: 415 'Tipo de arquivo não suportado!' for a file that is not what
 * its first bytes claim, 413 for an image too large to decode.
 */
export async function checkUploadContent(path: string, kind: UploadKind, field: string): Promise<void> {
  const bytes = new Uint8Array(await readFile(path));
  const unsupported = () => new DomainError('UPLOAD_UNSUPPORTED', { field });
  if (kind === 'pdf') {
    if (markupBeforePdfHeader(bytes)) throw unsupported();
    const probe = await probePdf(bytes, PDF_PROBE_TIMEOUT_MS);
    // a thread that died or a file not opened in time is refused too; said in the log (no content, no name)
    if (probe === 'timeout' || probe === 'failed') {
      log().warn(`upload: a PDF of ${bytes.length} bytes refused, the PDF reader ${probe === 'timeout' ? 'timed out' : 'failed'}`);
      countRefusedPayload('pdf-unreadable');
    }
    if (probe === 'too-large') {
      log().warn(`upload: a PDF of ${bytes.length} bytes refused, its streams decode past ${PDF_DECODED_CAP} bytes`);
      countRefusedPayload('pdf-decoded-size');
    }
    if (probe !== 'pdf') throw unsupported();
    return;
  }
  const size = kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size || (kind === 'jpeg' && !jpegHeadersSound(bytes))) throw unsupported();
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new DomainError('UPLOAD_IMAGE_TOO_LARGE', { field });
}
