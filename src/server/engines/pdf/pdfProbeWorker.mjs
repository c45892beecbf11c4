// Worker thread that opens uploaded PDFs with pdf.js to prove they are PDFs (a document with at
// least one page that the reader can load), so a hostile file can be stopped (the thread is
// terminated) and never blocks the server's event loop. Plain JS: it runs under plain Node as well
// as under tsx and vitest. Spoken to by probe.ts.
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function probe(bytes) {
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    if (pdf.numPages < 1) throw new Error('a PDF without pages');
    await pdf.getPage(1);
  } finally {
    await pdf.destroy();
  }
}

parentPort.on('message', async ({ id, bytes }) => {
  try {
    await probe(bytes);
    parentPort.postMessage({ id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
