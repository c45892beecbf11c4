// Worker thread that opens PDFs with pdf.js, so a huge or hostile file can be stopped (the thread
// is terminated) and never blocks the server's event loop. Two jobs: `open` proves the bytes are a
// PDF (a document with a first page the reader loads; the upload check), `text` reads the
// positioned text of the first pages (the bill reader), `document` the text of every page up to
// 40 (a contract shown on the signing page). Plain JS: it runs under plain Node as well
// as under tsx and vitest. Spoken to by pdfThread.ts.
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Bills are one or two pages; reading more only costs time. */
const MAX_PAGES = 4;
/** A contract is a few pages; a longer file is not one of ours. */
const MAX_DOCUMENT_PAGES = 40;

async function withDocument(bytes, work) {
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

parentPort.on('message', async ({ id, bytes, job = 'text' }) => {
  try {
    parentPort.postMessage({ id, items: await withDocument(bytes, job === 'open' ? open : job === 'document' ? (pdf) => read(pdf, MAX_DOCUMENT_PAGES) : read) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
