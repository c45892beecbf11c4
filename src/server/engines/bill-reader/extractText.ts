import { PdfThread } from '../pdf/pdfThread';

import type { TextItem } from './layout';

export type { TextItem, TextLine } from './layout';
export { toLines } from './layout';

export class UnreadablePdfError extends Error {
  override name = 'UnreadablePdfError';
}

export class PdfReadTimeoutError extends Error {
  override name = 'PdfReadTimeoutError';
}

/** The reading thread died (out of memory on a hostile file, or it could not start). */
export class PdfReaderFailedError extends Error {
  override name = 'PdfReaderFailedError';
}

const reader = new PdfThread();

/**
 * The positioned text of a PDF (first pages only). The order of the content stream is not
 * trusted (producers write runs in any order): callers rebuild lines from positions.
 * Throws UnreadablePdfError when pdf.js cannot open the bytes, PdfReadTimeoutError after `timeoutMs`.
 */
export async function extractPdfText(bytes: Uint8Array, timeoutMs: number): Promise<TextItem[]> {
  const outcome = await reader.run('text', bytes, timeoutMs);
  if (outcome.kind === 'done') return outcome.items as TextItem[];
  if (outcome.kind === 'refused') throw new UnreadablePdfError(outcome.error);
  if (outcome.kind === 'timeout') throw new PdfReadTimeoutError(`PDF not read within ${timeoutMs} ms`);
  throw new PdfReaderFailedError(outcome.error);
}
