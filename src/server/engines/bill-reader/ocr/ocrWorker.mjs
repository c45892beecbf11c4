// Worker thread that reads scanned bills by OCR (tesseract.js, Portuguese), so a slow or hostile
// file can be stopped (the thread is terminated) and never blocks the server's event loop. Takes a
// PNG, a JPEG or an image-only PDF (the first pages) and answers one positioned item per word, in
// the units of the PDF text path: points across a 595-wide page, origin bottom-left, `y` the
// baseline. Plain JS: it runs under plain Node as well as under tsx and vitest. Spoken to by
// ocrThread.ts.
//
// Offline: the traineddata ships inside @tesseract.js-data/por, read from disk; nothing is fetched.
// tesseract.js runs its wasm engine in a thread of its own, started by this one: terminating this
// thread ends that one too.
import { decodedSize, DECODED_OVER_CAP, PDF_DECODED_CAP } from '../../pdf/decodedSize.mjs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { TextDecoder, TextEncoder } from 'node:util';
import process from 'node:process';
import { setInterval } from 'node:timers';
import { parentPort } from 'node:worker_threads';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { createWorker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/** Width of a page in output units: an A4 page in PDF points, as the text path gives it. */
const PAGE_UNITS = 595;
/** Larger images are refused before they are decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 50_000_000;
/** A photo's longest side is brought down to this before the first reading. */
const FIRST_PASS_MAX_SIDE = 3000;
/** No image handed to tesseract is larger than this, on any pass. */
const OCR_MAX_SIDE = 4200;
const OCR_MAX_PIXELS = 12_000_000;
/** A PDF page is read at this resolution (bill text is 6–8 pt: about 25 px high at 300 dpi). */
const PDF_DPI = 300;
/** Never enlarge a scanned page image more than this: it adds no detail. */
const PDF_MAX_UPSCALE = 2.5;
/** Words shorter than this (median, in pixels) are read again from a larger image. */
const SMALL_WORD_PX = 16;
const TARGET_WORD_PX = 26;
/** Tesseract's confidence (0–100) under which a word is noise. */
const MIN_CONFIDENCE = 30;

const langPath = join(dirname(require.resolve('@tesseract.js-data/por/package.json')), '4.0.0_best_int');
const standardFontDataUrl = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

/** @type {Promise<import('tesseract.js').Worker> | null} */
let tesseract = null;

function engine() {
  tesseract ??= createWorker('por', 1, { langPath, cacheMethod: 'none', gzip: true }).then(async (worker) => {
    // tesseract's own diagnostics ("Image too small to scale!!") would go to the server's stderr
    await worker.setParameters({ debug_file: '/dev/null' });
    return worker;
  });
  tesseract.catch(() => { tesseract = null; });
  return tesseract;
}

async function dropEngine() {
  const current = tesseract;
  tesseract = null;
  if (current) await current.then((w) => w.terminate()).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Images

/** PNG or JPEG by their bytes (the declared kind is a hint only), with the stored size. */
function sniffImage(bytes) {
  if (bytes.length > 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { type: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    if (!size) throw new Error('a JPEG without a frame header');
    return { type: 'jpeg', width: size.width, height: size.height, frameAt: size.at };
  }
  return null;
}

/**
 * A file cut short (an interrupted upload) decodes without an error, its missing part blank:
 * a PNG must reach its IEND chunk, a JPEG its end-of-image marker after the frame.
 */
function checkComplete(bytes, sniffed) {
  let complete = false;
  if (sniffed.type === 'png') {
    const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 64)));
    complete = tail.includes('IEND');
  } else {
    for (let i = bytes.length - 2; i > sniffed.frameAt && !complete; i--) complete = bytes[i] === 0xff && bytes[i + 1] === 0xd9;
  }
  if (!complete) throw new Error(`a truncated ${sniffed.type.toUpperCase()} image`);
}

/** The frame size from a JPEG's SOF marker (and where it is), read before any decoding. */
function jpegSize(bytes) {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xff) { i++; continue; }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: (bytes[i + 5] << 8) | bytes[i + 6], width: (bytes[i + 7] << 8) | bytes[i + 8], at: i };
    if (marker === 0xd9 || marker === 0xda) return null;
    i += 2 + length;
  }
  return null;
}

/**
 * Whether the frame header and the first scan header agree (as src/server/http/uploadContent.ts
 * checks at upload): skia's decoder crashes the whole process on a JPEG without a scan or with
 * inconsistent headers, so such a file is refused before it is decoded.
 */
function jpegHeadersSound(bytes) {
  let i = 2;
  let frame = null;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return false;
    const marker = bytes[i + 1];
    if (marker === 0xff) { i++; continue; }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
    if (marker === 0xd9) return false;
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    if (length < 2 || i + 2 + length > bytes.length) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const count = bytes[i + 9];
      if (frame || !(count >= 1 && count <= 4) || length !== 8 + 3 * count) return false;
      frame = Array.from({ length: count }, (_, k) => bytes[i + 10 + 3 * k]);
    }
    if (marker === 0xda) {
      const count = bytes[i + 4];
      if (!frame || !(count >= 1 && count <= frame.length) || length !== 6 + 2 * count) return false;
      return Array.from({ length: count }, (_, k) => bytes[i + 5 + 2 * k]).every((id) => frame.includes(id));
    }
    i += 2 + length;
  }
  return false;
}

function checkPixels(width, height) {
  if (!(width > 0 && height > 0)) throw new Error('an image without pixels');
  if (width * height > MAX_INPUT_PIXELS) {
    throw new Error(`image too large: ${width}×${height} px (limit ${MAX_INPUT_PIXELS / 1e6} megapixels)`);
  }
}

/** A drawable page source: `draw(scale)` gives the grey image tesseract reads. */
function imageSource(image, width, height, pageNumber) {
  const unitsPerPx = PAGE_UNITS / width;
  return {
    page: pageNumber,
    width,
    height,
    // image pixel (origin top-left) → output units (origin bottom-left)
    toUnits: { ox: 0, kx: unitsPerPx, oy: height * unitsPerPx, ky: unitsPerPx },
    firstScale: Math.min(1, FIRST_PASS_MAX_SIDE / Math.max(width, height)),
    draw: (scale) => drawScaled(image, width, height, scale),
  };
}

async function imagePages(bytes) {
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw new Error('not a PNG or JPEG image');
  checkPixels(sniffed.width, sniffed.height);
  checkComplete(bytes, sniffed);
  if (sniffed.type === 'jpeg' && !jpegHeadersSound(bytes)) throw new Error('an unsupported JPEG (its frame and scan headers do not agree)');
  const image = await loadImage(bytes); // applies the EXIF orientation of phone photos
  checkPixels(image.width, image.height);
  const source = imageSource(image, image.width, image.height, 1);
  return { count: 1, page: async () => source, close: async () => undefined };
}

/** The image at `scale` on white, as 8-bit grey. */
function drawScaled(image, width, height, scale) {
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, w, h);
  return { grey: toGrey(ctx.getImageData(0, 0, w, h).data, w * h), width: w, height: h };
}

function toGrey(rgba, n) {
  const grey = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) grey[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  return grey;
}

/** Binary PGM: the one format leptonica reads with no decoding cost. */
function pgm({ grey, width, height }) {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const file = new Uint8Array(header.length + grey.length);
  file.set(header, 0);
  file.set(grey, header.length);
  return file;
}

// ---------------------------------------------------------------------------------------------
// PDFs: the page's scanned image as is when the page is one upright picture, else the page rendered

let pdfjs = null;

/** The first `maxPages` pages, each prepared when its turn comes (one page's pixels at a time). */
async function pdfPages(bytes, maxPages) {
  // a PDF whose streams decode past the cap is never given to pdf.js (issue 29, F2)
  if ((await decodedSize(bytes, PDF_DECODED_CAP)).over) throw new Error(DECODED_OVER_CAP);
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({
    data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0,
    maxImageSize: MAX_INPUT_PIXELS, standardFontDataUrl,
  }).promise;
  return {
    count: Math.min(pdf.numPages, maxPages),
    page: async (p) => {
      const page = await pdf.getPage(p);
      const images = (await paintedImages(page)).sort((x, y) => area(y.ctm) - area(x.ctm));
      return (await scannedImage(page, p, images)) ?? renderedPage(pdf, page, p, nativePxPerPoint(images));
    },
    close: () => pdf.destroy(),
  };
}

/** The images the page paints, each with the page rectangle it fills (PDF units). */
async function paintedImages(page) {
  const { OPS } = pdfjs;
  const ops = await page.getOperatorList();
  const images = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  const stack = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, args);
    else if (fn === OPS.paintFormXObjectBegin) { stack.push(ctm); if (Array.isArray(args?.[0]) || ArrayBuffer.isView(args?.[0])) ctm = multiply(ctm, Array.from(args[0])); }
    else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject && typeof args?.[0] === 'string') images.push({ name: args[0], ctm, width: args[1], height: args[2] });
    else if (fn === OPS.paintImageMaskXObject || fn === OPS.paintImageXObjectRepeat || fn === OPS.paintInlineImageXObject) images.push({ name: null, ctm, width: 0, height: 0 });
  }
  return images;
}

function multiply([a, b, c, d, e, f], [a2, b2, c2, d2, e2, f2]) {
  // m2 applied first, then m (PDF `cm` semantics: new CTM = m2 × CTM)
  return [a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d, e2 * a + f2 * c + e, e2 * b + f2 * d + f];
}

/** Image pixels per point of the page's largest image (`images` largest first); null without one. */
function nativePxPerPoint(images) {
  const largest = images.find((i) => i.name && i.width > 0);
  if (!largest) return null;
  return Math.max(largest.width / Math.hypot(largest.ctm[0], largest.ctm[1]), largest.height / Math.hypot(largest.ctm[2], largest.ctm[3]));
}

function area([a, b, c, d]) { return Math.abs(a * d - b * c); }

/**
 * A scanned page: one upright image covering most of the page, nothing else painted of any size.
 * Its pixels are read as they are, placed where the page shows them. `images`: largest first.
 */
async function scannedImage(page, pageNumber, images) {
  if (page.rotate % 360 !== 0) return null;
  const [vx0, vy0, vx1, vy1] = page.view;
  const pageWidth = vx1 - vx0;
  const pageArea = pageWidth * (vy1 - vy0);
  const [largest, ...others] = images;
  if (!largest?.name) return null;
  const [a, b, c, d, e, f] = largest.ctm;
  const upright = Math.abs(b) < 1e-6 * Math.abs(a) && Math.abs(c) < 1e-6 * Math.abs(d) && a > 0 && d > 0;
  if (!upright || a * d < 0.4 * pageArea || others.reduce((s, i) => s + area(i.ctm), 0) > 0.1 * pageArea) return null;
  const objs = largest.name.startsWith('g_') ? page.commonObjs : page.objs;
  const data = await new Promise((resolve) => objs.get(largest.name, resolve));
  if (!data || !data.data || !(data.width > 0) || ![1, 2, 3].includes(data.kind)) return null;
  checkPixels(data.width, data.height);
  const canvas = createCanvas(data.width, data.height);
  const ctx = canvas.getContext('2d');
  const imageData = ctx.createImageData(data.width, data.height);
  toRgba(data, imageData.data);
  ctx.putImageData(imageData, 0, 0);
  const n = PAGE_UNITS / pageWidth;
  const pxPerPoint = Math.max(data.width / a, data.height / d);
  return {
    page: pageNumber,
    width: data.width,
    height: data.height,
    // image pixel (origin top-left) → page units: the image fills [e, e+a] × [f, f+d]
    toUnits: { ox: (e - vx0) * n, kx: (a / data.width) * n, oy: (f + d - vy0) * n, ky: (d / data.height) * n },
    firstScale: clampScale(data.width, data.height, Math.min(PDF_MAX_UPSCALE, PDF_DPI / 72 / pxPerPoint)),
    draw: (scale) => drawScaled(canvas, data.width, data.height, scale),
  };
}

/** pdf.js image data (1-bit grey, RGB or RGBA) as RGBA. */
function toRgba({ kind, data, width, height }, out) {
  const n = width * height;
  if (kind === 3) { out.set(data.subarray(0, n * 4)); return; }
  if (kind === 2) {
    for (let i = 0, s = 0, t = 0; i < n; i++, s += 3, t += 4) { out[t] = data[s]; out[t + 1] = data[s + 1]; out[t + 2] = data[s + 2]; out[t + 3] = 255; }
    return;
  }
  const rowBytes = (width + 7) >> 3; // 1 bit per pixel, rows padded to a byte, 1 = white
  for (let y = 0, t = 0; y < height; y++) {
    for (let x = 0; x < width; x++, t += 4) {
      const v = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
      out[t] = v; out[t + 1] = v; out[t + 2] = v; out[t + 3] = 255;
    }
  }
}

/** The general case: the page drawn by pdf.js (at the resolution of its scan, 300 dpi at most). */
function renderedPage(pdf, page, pageNumber, pxPerPoint) {
  const base = page.getViewport({ scale: 1 });
  const wanted = Math.min(PDF_DPI / 72, pxPerPoint ? pxPerPoint * PDF_MAX_UPSCALE : Infinity);
  const n = PAGE_UNITS / base.width;
  return {
    page: pageNumber,
    width: base.width,
    height: base.height,
    // viewport point at scale 1 (origin top-left) → page units
    toUnits: { ox: 0, kx: n, oy: base.height * n, ky: n },
    firstScale: clampScale(base.width, base.height, Math.max(wanted, 100 / 72)),
    draw: async (scale) => {
      const viewport = page.getViewport({ scale });
      const { canvas, context } = pdf.canvasFactory.create(Math.round(viewport.width), Math.round(viewport.height));
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: context, viewport }).promise;
      const result = { grey: toGrey(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width * canvas.height), width: canvas.width, height: canvas.height };
      pdf.canvasFactory.destroy({ canvas, context });
      return result;
    },
  };
}

/** `scale`, reduced so the drawn image stays within what tesseract is given. */
function clampScale(width, height, scale) {
  return Math.min(scale, OCR_MAX_SIDE / Math.max(width, height), Math.sqrt(OCR_MAX_PIXELS / (width * height)));
}

// ---------------------------------------------------------------------------------------------
// Reading

async function recognise(source, scale) {
  const drawn = await source.draw(scale);
  const worker = await engine();
  let data;
  try {
    ({ data } = await worker.recognize(pgm(drawn), {}, { blocks: true, text: false }));
  } catch (error) {
    await dropEngine(); // a fresh engine for the next file: this one may be left in any state
    throw error instanceof Error ? error : new Error(`OCR failed: ${String(error)}`);
  }
  const words = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) words.push({ word, baseline: line.baseline });
      }
    }
  }
  // the actual scale of the drawn image (rounded to whole pixels)
  return { words, sx: drawn.width / source.width, sy: drawn.height / source.height };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[sorted.length >> 1] : 0;
}

const keep = ({ word }) => word.confidence >= MIN_CONFIDENCE && word.text.trim() !== '' && !/^[|]+$/.test(word.text.trim());

/**
 * Reads one page; reads it again from a larger image when its words came out small (a low
 * resolution scan or screenshot) or there were none, if the deadline allows.
 */
async function readPage(source, deadline, pagesLeft) {
  const started = Date.now();
  const scale = source.firstScale;
  let reading = await recognise(source, scale);
  let kept = reading.words.filter(keep);
  const spent = Date.now() - started;
  const height = median(kept.map(({ word }) => word.bbox.y1 - word.bbox.y0));
  const factor = kept.length === 0 ? 2.5 : height < SMALL_WORD_PX ? TARGET_WORD_PX / height : 1;
  const larger = clampScale(source.width, source.height, scale * factor);
  // a second reading costs about twice the first; the pages still to read about one each
  const affordable = Date.now() + spent * (2 + pagesLeft) < deadline;
  if (larger >= scale * 1.25 && affordable) {
    const again = await recognise(source, larger);
    const keptAgain = again.words.filter(keep);
    if (keptAgain.length >= kept.length) { reading = again; kept = keptAgain; }
  }
  return kept.map(({ word, baseline }) => toItem(word, baseline, reading, source));
}

const round = (v) => Math.round(v * 100) / 100;

/** A tesseract word (pixels of the drawn image, origin top-left) as a TextItem. */
function toItem(word, baseline, { sx, sy }, source) {
  const { x0, y0, x1, y1 } = word.bbox;
  // the line's baseline under the middle of the word; the box's bottom when it does not fit
  // (descenders, commas and a stray box would otherwise move words of one line apart)
  let base = y1;
  if (baseline && baseline.x1 !== baseline.x0) {
    const mid = (x0 + x1) / 2;
    const onLine = baseline.y0 + ((baseline.y1 - baseline.y0) * (mid - baseline.x0)) / (baseline.x1 - baseline.x0);
    if (onLine >= y0 + 0.4 * (y1 - y0) && onLine <= y1 + 1) base = onLine;
  }
  const { ox, kx, oy, ky } = source.toUnits;
  return {
    text: word.text.trim(),
    x: round(ox + (x0 / sx) * kx),
    y: round(oy - (base / sy) * ky),
    width: round(((x1 - x0) / sx) * kx),
    size: round(((y1 - y0) / sy) * ky),
    page: source.page,
    confidence: round(word.confidence),
  };
}

async function read(kind, bytes, maxPages, budgetMs) {
  const deadline = Date.now() + budgetMs;
  // the bytes decide (the declared kind is what the upload claimed); a PDF header may follow junk
  const isPdf = kind === 'pdf' ? !sniffImage(bytes) : findPdfHeader(bytes);
  const file = isPdf ? await pdfPages(bytes, maxPages) : await imagePages(bytes);
  try {
    const items = [];
    for (let p = 1; p <= file.count; p++) items.push(...(await readPage(await file.page(p), deadline, file.count - p)));
    return { items, pages: file.count };
  } finally {
    await file.close();
  }
}

function findPdfHeader(bytes) {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

// a worker thread, or a child process (its IPC channel): the server runs it as a child, so a native
// crash in the image decoder ends this process only; a child whose server went away ends too (see below)
const port = parentPort ?? {
  on: (event, listener) => process.on(event, listener),
  postMessage: (message) => process.send(message),
};
if (!parentPort) {
  process.on('disconnect', () => process.exit(0));
  // A server that went away while this child was starting closed the channel before the listener
  // above was there; an orphan then kept the inherited stdout open and with it whatever read it
  // (a test runner waited for ever). Checked now and every second, without keeping the child alive.
  if (!process.connected) process.exit(0);
  setInterval(() => { if (!process.connected) process.exit(0); }, 1000).unref();
}

port.on('message', async ({ id, kind, bytes, maxPages, budgetMs }) => {
  try {
    port.postMessage({ id, ...(await read(kind, bytes, maxPages, budgetMs)) });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
