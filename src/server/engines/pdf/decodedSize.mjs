// The decoded size of a PDF's streams, counted before any PDF reader opens it (issue 29, F2). A
// small PDF may hold a stream that inflates to gigabytes (a page's content, or an object stream
// /Type /ObjStm that a reader inflates just to find its objects); pdf.js and pdf-lib would inflate
// it whole. Here each stream is decoded through its filters into a counter, a chunk at a time,
// never kept: memory stays at a chunk whatever the ratio, and counting stops at the cap.
// Plain JS: the PDF and OCR workers run it under plain Node as well as under tsx and vitest.
import { Buffer } from 'node:buffer';
import { createInflate } from 'node:zlib';

/**
 * The most a PDF the server reads may decode to, all its streams together: the largest real bill
 * scanned as raw pixels decodes to about 130 MB; a bomb's gigabytes are refused long before.
 */
export const PDF_DECODED_CAP = 256 * 1024 * 1024;
/** What a worker answers for such a file (pdfThread.ts tells it from other refusals). */
export const DECODED_OVER_CAP = 'decoded size over the cap';

/** Filters that only re-encode (at most a few times the bytes they are given) or are not decoded to count. */
const PASS_THROUGH = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'CCITTFaxDecode', 'CCF', 'JBIG2Decode', 'Crypt']);

/**
 * How many bytes the streams of `bytes` decode to, counting stops just past `cap`; `encrypted`
 * when the file is encrypted (its streams cannot be decoded without the key: their counts are
 * their stored bytes times the most a filter could give, see `bounded`).
 */
export async function decodedSize(bytes, cap) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const encrypted = /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(text);
  let total = 0;
  const streamKeyword = /stream\r?\n/g;
  for (let m = streamKeyword.exec(text); m; m = streamKeyword.exec(text)) {
    const start = m.index + m[0].length;
    // "endstream" is matched by this pattern too; a stream's keyword follows its dictionary
    if (text.slice(Math.max(0, m.index - 3), m.index) === 'end') continue;
    const dictStart = text.lastIndexOf('obj', m.index);
    const dict = text.slice(dictStart < 0 ? Math.max(0, m.index - 4096) : dictStart, m.index);
    const end = text.indexOf('endstream', start);
    const stop = end < 0 ? text.length : end;
    // the end of line before "endstream" is not the stream's
    const eol = text.endsWith('\r\n', stop) ? 2 : text[stop - 1] === '\n' || text[stop - 1] === '\r' ? 1 : 0;
    const data = bytes.subarray(start, Math.max(start, stop - eol));
    const filters = filtersOf(dict);
    total += encrypted && filters.length > 0 ? bounded(data.length, filters) : await decodedLength(data, filters, cap - total + 1);
    if (total > cap) return { total, over: true, encrypted };
    streamKeyword.lastIndex = stop;
  }
  return { total, over: false, encrypted };
}

/** The filter names of a stream's dictionary, in order (`/Filter /X` or `/Filter [/X /Y]`). */
function filtersOf(dict) {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!m) return [];
  return [...m[1].matchAll(/\/([A-Za-z0-9]+)/g)].map((x) => x[1]);
}

/** The most an encrypted stream could decode to: zlib's and LZW's worst ratios, RunLength's 128. */
function bounded(length, filters) {
  let n = length;
  for (const f of filters) {
    if (f === 'FlateDecode' || f === 'Fl') n *= 1032;
    else if (f === 'LZWDecode' || f === 'LZW') n *= 2731;
    else if (f === 'RunLengthDecode' || f === 'RL') n *= 128;
    else if (f === 'ASCII85Decode' || f === 'A85') n *= 4;
  }
  return n;
}

/** The decoded length of one stream, stopping once past `limit`. */
async function decodedLength(data, filters, limit) {
  let stage = data;
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i];
    const last = i === filters.length - 1;
    if (f === 'ASCIIHexDecode' || f === 'AHx') stage = asciiHex(stage);
    else if (f === 'ASCII85Decode' || f === 'A85') stage = ascii85(stage);
    else if (PASS_THROUGH.has(f)) return stage.length;
    else if (f === 'FlateDecode' || f === 'Fl') {
      if (last) return inflate(stage, limit, false);
      stage = await inflate(stage, limit, true);
    } else if (f === 'LZWDecode' || f === 'LZW') {
      if (last) return lzwLength(stage, limit);
      return limit; // an LZW stage feeding another filter: not a form a reader's output needs; counted as the cap
    } else if (f === 'RunLengthDecode' || f === 'RL') {
      if (last) return runLengthLength(stage);
      return limit;
    } else return stage.length; // a filter no reader knows: nothing decodes it
    if (stage.length > limit) return stage.length;
  }
  return stage.length;
}

/**
 * Inflates `data` until past `limit`: the count alone (never more than a chunk held), or with
 * `keep` the bytes too (a stage that feeds another filter). A broken stream gives what came out.
 */
function inflate(data, limit, keep) {
  return new Promise((resolve) => {
    const chunks = [];
    let n = 0;
    const z = createInflate({ finishFlush: 2 /* Z_SYNC_FLUSH: a truncated stream is not an error */ });
    const finish = () => { z.removeAllListeners(); z.destroy(); resolve(keep ? Buffer.concat(chunks) : n); };
    z.on('data', (chunk) => { n += chunk.length; if (keep) chunks.push(chunk); if (n > limit) finish(); });
    z.on('end', finish);
    z.on('error', finish);
    z.end(data);
  });
}

function asciiHex(data) {
  const hex = Buffer.from(data).toString('latin1').replace(/>.*$/s, '').replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function ascii85(data) {
  const s = Buffer.from(data).toString('latin1').replace(/~>.*$/s, '').replace(/^<~/, '').replace(/\s/g, '');
  const out = [];
  let group = [];
  for (const ch of s) {
    if (ch === 'z' && group.length === 0) { out.push(0, 0, 0, 0); continue; }
    const c = ch.charCodeAt(0) - 33;
    if (c < 0 || c > 84) continue;
    group.push(c);
    if (group.length === 5) {
      let v = 0;
      for (const d of group) v = v * 85 + d;
      out.push((v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255);
      group = [];
    }
  }
  if (group.length > 1) {
    const k = group.length;
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const d of group) v = v * 85 + d;
    out.push(...[(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].slice(0, k - 1));
  }
  return Uint8Array.from(out);
}

/** LZW's output length (PDF's variant, early change 1) from the lengths of its table's entries alone. */
function lzwLength(data, limit) {
  const lengths = new Uint32Array(4096);
  let next = 258;
  let width = 9;
  let previous = -1;
  let n = 0;
  let bits = 0;
  let buffer = 0;
  for (let i = 0; i < data.length; i++) {
    buffer = (buffer << 8) | data[i];
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      buffer &= (1 << bits) - 1;
      if (code === 256) { next = 258; width = 9; previous = -1; continue; }
      if (code === 257) return n;
      let length;
      if (code < 256) length = 1;
      else if (code < next) length = lengths[code];
      else if (code === next && previous >= 0) length = (previous < 256 ? 1 : lengths[previous]) + 1;
      else return n; // a broken code: a reader stops here
      if (previous >= 0 && next < 4096) {
        lengths[next] = (previous < 256 ? 1 : lengths[previous]) + 1;
        next++;
        if (next + 1 >= 1 << width && width < 12) width++;
      }
      previous = code;
      n += length;
      if (n > limit) return n;
    }
  }
  return n;
}

function runLengthLength(data) {
  let n = 0;
  for (let i = 0; i < data.length;) {
    const b = data[i];
    if (b === 128) break;
    if (b < 128) { n += b + 1; i += b + 2; } else { n += 257 - b; i += 2; }
  }
  return n;
}
