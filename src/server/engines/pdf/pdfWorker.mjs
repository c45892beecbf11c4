// Worker thread that opens PDFs with pdf.js, so a huge or hostile file can be stopped (the thread
// is terminated) and never blocks the server's event loop. Two jobs: `open` proves the bytes are a
// PDF (a document with a first page the reader loads; the upload check), `text` reads the
// positioned text of the first pages (the bill reader), `document` the text of every page up to
// 40 (a contract shown on the signing page), `metadata` the document information (a signed PDF's
// original hash, for its public verification). No PDF whose streams decode past PDF_DECODED_CAP
// reaches pdf.js. Plain JS: it runs under plain Node as well
// as under tsx and vitest. Spoken to by pdfThread.ts.
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { decodedSize, DECODED_OVER_CAP, PDF_DECODED_CAP } from './decodedSize.mjs';

/** Bills are one or two pages; reading more only costs time. */
const MAX_PAGES = 4;
/** A contract is a few pages; a longer file is not one of ours. */
const MAX_DOCUMENT_PAGES = 40;

async function withDocument(bytes, work) {
  // a PDF whose streams decode past the cap is never given to pdf.js (issue 29, F2)
  if ((await decodedSize(bytes, PDF_DECODED_CAP)).over) throw new Error(DECODED_OVER_CAP);
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    return await work(pdf);
  } finally {
    await pdf.destroy();
  }
}

async function open(pdf) {
  if (pdf.numPages < 1) throw new Error('a PDF without pages');
  await pdf.getPage(1);
  return [];
}

async function read(pdf, maxPages = MAX_PAGES) {
  const items = [];
  for (let p = 1; p <= Math.min(pdf.numPages, maxPages); p++) {
    const page = await pdf.getPage(p);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      items.push({
        text: item.str.replace(/\s+/g, ' ').trim(),
        x: item.transform[4],
        y: item.transform[5],
        width: item.width,
        size: item.height || Math.abs(item.transform[3]) || 8,
        page: p,
      });
    }
  }
  return items;
}

/** The document information's keywords and custom entries (strings only): what a signed PDF records of its original. */
async function metadata(pdf) {
  const { info } = await pdf.getMetadata();
  const custom = Object.entries(info?.Custom ?? {}).filter(([, value]) => typeof value === 'string');
  return [{ keywords: typeof info?.Keywords === 'string' ? info.Keywords : '', custom: Object.fromEntries(custom) }];
}

const JOBS = { open, text: read, document: (pdf) => read(pdf, MAX_DOCUMENT_PAGES), metadata };

parentPort.on('message', async ({ id, bytes, job = 'text' }) => {
  try {
    parentPort.postMessage({ id, items: await withDocument(bytes, JOBS[job] ?? read) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
