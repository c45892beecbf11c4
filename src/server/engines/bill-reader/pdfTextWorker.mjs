// Worker thread that reads the positioned text of PDFs with pdf.js, so a huge or hostile file
// can be stopped (the thread is terminated) and never blocks the server's event loop.
// Plain JS: it runs under plain Node as well as under tsx and vitest. Spoken to by extractText.ts.
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Bills are one or two pages; reading more only costs time. */
const MAX_PAGES = 4;

async function read(bytes) {
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const items = [];
    for (let p = 1; p <= Math.min(pdf.numPages, MAX_PAGES); p++) {
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
  } finally {
    await pdf.destroy();
  }
}

parentPort.on('message', async ({ id, bytes }) => {
  try {
    parentPort.postMessage({ id, items: await read(bytes) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
