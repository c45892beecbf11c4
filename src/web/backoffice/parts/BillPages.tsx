import { useEffect, useRef, useState } from 'react';
import { evidenceBox, imagePageUnits, type EvidenceRun, type PageUnits } from '#shared/bill/evidence';
import { Button } from '../../ui/Button/Button';
import { visuallyHidden } from '../../theme/a11y.css';
import * as css from './BillPages.css';

/** A page as drawn: its picture's URL (a photo) or canvas (a PDF page), and its size in the reader's units. */
interface DrawnPage { number: number; units: PageUnits; image?: string; canvas?: HTMLCanvasElement }

const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * pdf.js, only when a PDF bill is opened (its own chunk, in the back-office only), without eval
 * (the page's CSP allows none). The PDF's fonts are handed to the browser from memory; a font the
 * PDF names without embedding it is drawn with a like system font.
 */
async function drawPdf(file: Blob, cssWidth: number): Promise<DrawnPage[]> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false }).promise;
  try {
    const pages: DrawnPage[] = [];
    // a bill has one to three pages; a longer file is not a bill, and its first pages are enough
    for (let n = 1; n <= Math.min(doc.numPages, 4); n++) {
      const page = await doc.getPage(n);
      const units = page.getViewport({ scale: 1 });
      // sharp at three times the frame's width (the largest zoom), within a sane canvas size
      const scale = Math.min(4, (cssWidth * 3 * (window.devicePixelRatio || 1)) / units.width / 2);
      const viewport = page.getViewport({ scale });
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      await page.render({ canvasContext: context, viewport }).promise;
      pages.push({ number: n, units: { width: units.width, height: units.height }, canvas });
    }
    return pages;
  } finally {
    void doc.destroy();
  }
}

function PageCanvas({ canvas, label }: { canvas: HTMLCanvasElement; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const at = holder.current;
    if (!at) return;
    canvas.className = css.drawing;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    at.replaceChildren(canvas);
  }, [canvas, label]);
  return <div ref={holder} />;
}

/**
 * The bill as the customer sent it, every page drawn (a photo as it is, a PDF's pages by pdf.js),
 * with the evidence of the field the reviewer chose boxed on the page it was read from. The frame
 * scrolls to the first box (the frame only, never the page under the reviewer); zoom 1x to 3x.
 */
export function BillPages({ file, runs, fieldLabel }: { file: Blob; runs: readonly EvidenceRun[]; fieldLabel: string | null }) {
  const [pages, setPages] = useState<DrawnPage[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>(1);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let url: string | null = null;
    let stale = false;
    setPages(null);
    setFailed(false);
    if (file.type.startsWith('image/')) {
      url = URL.createObjectURL(file);
      const img = new Image();
      img.onload = () => { if (!stale) setPages([{ number: 1, units: imagePageUnits(img.naturalWidth, img.naturalHeight), image: url ?? '' }]); };
      img.onerror = () => { if (!stale) setFailed(true); };
      img.src = url;
    } else {
      drawPdf(file, frame.current?.clientWidth || 600).then((drawn) => { if (!stale) setPages(drawn); }, () => { if (!stale) setFailed(true); });
    }
    return () => {
      stale = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  // the first box of the chosen field in view, by scrolling the frame
  useEffect(() => {
    const root = frame.current;
    const first = root?.querySelector<HTMLElement>('[data-evidence]');
    if (!root || !first) return;
    const at = first.getBoundingClientRect();
    const box = root.getBoundingClientRect();
    root.scrollTo({ top: root.scrollTop + at.top - box.top - (root.clientHeight - at.height) / 2, left: root.scrollLeft + at.left - box.left - (root.clientWidth - at.width) / 2 });
  }, [pages, runs, zoom]);

  const shownRuns = runs.filter((r) => pages?.some((p) => p.number === r.page));
  return (
    <div>
      <div className={css.tools}>
        <Button size="sm" variant="secondary" onPress={() => setZoom(ZOOMS[Math.max(0, ZOOMS.indexOf(zoom) - 1)] ?? 1)} isDisabled={zoom === ZOOMS[0]}>Reduzir</Button>
        <Button size="sm" variant="secondary" onPress={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, ZOOMS.indexOf(zoom) + 1)] ?? 3)} isDisabled={zoom === ZOOMS[ZOOMS.length - 1]}>Ampliar</Button>
        <span aria-live="polite">{`Zoom ${zoom}x`}</span>
      </div>
      <p aria-live="polite" className={visuallyHidden}>
        {fieldLabel === null ? '' : shownRuns.length ? `${fieldLabel}: ${shownRuns.length} trecho(s) marcado(s) na conta.` : `${fieldLabel}: sem trecho marcado na conta.`}
      </p>
      <div ref={frame} className={css.frame} tabIndex={0} aria-label="A conta de luz enviada pelo cliente, página a página">
        {failed ? <p>O arquivo não pôde ser desenhado aqui. Abra-o em outra aba.</p> : null}
        {!pages && !failed ? <p role="status">Desenhando a conta…</p> : null}
        {pages?.map((p) => (
          <div key={p.number} className={css.page} style={{ width: `${zoom * 100}%` }} data-page={p.number}>
            {p.image ? <img className={css.drawing} src={p.image} alt={`Página ${p.number} da conta de luz`} /> : null}
            {p.canvas ? <PageCanvas canvas={p.canvas} label={`Página ${p.number} da conta de luz`} /> : null}
            {runs.filter((r) => r.page === p.number).map((r, i) => {
              const b = evidenceBox(r, p.units);
              return (
                <span
                  key={`${r.x}-${r.y}-${i}`}
                  className={css.mark}
                  data-evidence={r.text}
                  aria-hidden="true"
                  style={{ left: `${b.left * 100}%`, top: `${b.top * 100}%`, width: `${b.width * 100}%`, height: `${b.height * 100}%` }}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
