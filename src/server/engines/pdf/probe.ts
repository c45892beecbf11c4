import { DECODED_OVER_CAP } from './decodedSize.mjs';
import { PdfThread } from './pdfThread';

/**
 * Whether bytes are a PDF the reader opens: `pdf` (a document with a first page pdf.js loads),
 * `not-pdf` (pdf.js refused it), `too-large` (its streams decode past PDF_DECODED_CAP: a bomb), `timeout` (not opened in time) or `failed` (the reading thread
 * died: out of memory on a hostile file, or it could not start).
 */
export type PdfProbe = 'pdf' | 'not-pdf' | 'too-large' | 'timeout' | 'failed';

// its own thread: an upload never waits behind a bill the reader is analysing
const thread = new PdfThread();

/** Opens `bytes` with pdf.js (in a worker thread, given `timeoutMs`) and says whether it is a PDF. */
export async function probePdf(bytes: Uint8Array, timeoutMs: number): Promise<PdfProbe> {
  const outcome = await thread.run('open', bytes, timeoutMs);
  if (outcome.kind === 'done') return 'pdf';
  if (outcome.kind === 'refused') return outcome.error === DECODED_OVER_CAP ? 'too-large' : 'not-pdf';
  return outcome.kind;
}
