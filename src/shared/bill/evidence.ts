/**
 * Where the reviewer sees what the virtual assistant read (issue 14, bill review): each field's
 * evidence is a run of text with its page and the start of its baseline, in the reader's units
 * (PDF points, origin bottom-left; a photo or scan is read as a page 595 units wide,
 * src/server/engines/bill-reader/ocr/ocrWorker.mjs PAGE_UNITS). These turn it into a box on the
 * page as drawn, in fractions of the page's width and height, so any size of drawing fits.
 */

/** Below this confidence a value is flagged for the reviewer's eye (the reader's own bar for a sure field is higher). */
export const LOW_CONFIDENCE = 0.7;

/** A photo or scan is read as a page this many units wide (the width of an A4 page in points). */
export const IMAGE_PAGE_UNITS = 595;

export interface EvidenceRun { text: string; page: number; x: number; y: number }

/** A page in the reader's units: a PDF page's size in points, or a picture scaled to IMAGE_PAGE_UNITS wide. */
export interface PageUnits { width: number; height: number }

export interface EvidenceBox { left: number; top: number; width: number; height: number }

/** Bills print small: about 8-point type, whose characters are about 0.55 em wide on average. */
const FONT = 8;
const CHAR = 0.55 * FONT;
const PAD = 2;

/** The picture's size in the reader's units (its width is IMAGE_PAGE_UNITS). */
export const imagePageUnits = (naturalWidth: number, naturalHeight: number): PageUnits => ({
  width: IMAGE_PAGE_UNITS,
  height: (naturalHeight * IMAGE_PAGE_UNITS) / naturalWidth,
});

/** The box around a run, as fractions of the page (0..1, origin top-left), kept inside the page. */
export function evidenceBox(run: EvidenceRun, page: PageUnits): EvidenceBox {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const width = Math.max(run.text.length * CHAR, FONT) + 2 * PAD;
  const height = FONT * 1.25 + 2 * PAD;
  // the baseline is near the bottom of the letters: the box rises a font's height above it
  const top = page.height - run.y - FONT - PAD;
  const left = clamp((run.x - PAD) / page.width);
  const topFraction = clamp(top / page.height);
  return {
    left,
    top: topFraction,
    width: Math.min(1 - left, width / page.width),
    height: Math.min(1 - topFraction, height / page.height),
  };
}
