import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify';

/**
 * The FAQ's answers are HTML from the server (GET /faq): only text markup and links survive
 * (ARCHITECTURE "FAQ HTML sanitized before rendering"). No script, no event handler, no style, no
 * frame, no image, no SVG; links only to https, mailto and tel, opened in a new tab without access
 * to this page (rel="noopener noreferrer").
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a'];
const SAFE_LINK = /^(?:https:|mailto:|tel:)/i;

let purifier: Purifier | null = null;
let parserWindow: WindowLike | null = null;

/**
 * The window whose parser DOMPurify uses; the page's own by default. Tests in happy-dom give it a
 * jsdom window: DOMPurify does not support happy-dom, whose parser lets payloads through
 * (cure53/DOMPurify#1457), so the test sanitises with a supported DOM and renders in happy-dom.
 */
export function useSanitizerWindow(win: WindowLike | null): void {
  parserWindow = win;
  purifier = null;
}

function instance(): Purifier | null {
  if (purifier) return purifier;
  const win = parserWindow ?? (typeof window === 'undefined' ? null : window);
  // the prerender runs without a window: nothing is sanitised there, so nothing is shown
  if (!win) return null;
  const p = DOMPurify(win);
  if (!p.isSupported) return null;
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_LINK.test(href.trim())) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = p;
  return p;
}

/** An answer's HTML with only text markup and safe links left; '' where no DOM can sanitise it. */
export function sanitizeFaqHtml(html: string): string {
  const p = instance();
  if (!p) return '';
  return p.sanitize(html, {
    ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'], ALLOWED_URI_REGEXP: SAFE_LINK,
    ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false, KEEP_CONTENT: true, RETURN_TRUSTED_TYPE: false,
  });
}
