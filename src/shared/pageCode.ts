/**
 * How a page rendered at build time (scripts/prerender-plugin.ts) loads its code: the HTML names
 * the entry and the chunks to preload in a JSON block, and a small inline script adds them to the
 * document only after the first frame. The page is readable from its HTML alone, so its first
 * paint (and the largest one) must not wait for, nor compete with, ~100 KiB of JavaScript; the
 * code still starts loading at once after that frame (a hidden tab, which paints no frame, loads
 * it straight away or when it is hidden).
 *
 * The server allows exactly this inline script in its CSP (by its SHA-256), nothing else inline.
 */

/** The id of the `<script type="application/json">` that lists the page's code. */
export const PAGE_CODE_ID = 'page-code';

/** What the JSON block holds: the entry module and the chunks the page's screen needs. */
export interface PageCode {
  entry: string;
  preload: string[];
}

/** The inline loader (plain ES5: it runs before any bundle). */
export const PAGE_LOADER = `(function(){var b=document.getElementById(${JSON.stringify(PAGE_CODE_ID)});if(!b)return;var c=JSON.parse(b.textContent),d=!1;function l(){if(d)return;d=!0;for(var i=0;i<c.preload.length;i++){var p=document.createElement("link");p.rel="modulepreload";p.crossOrigin="";p.href=c.preload[i];document.head.appendChild(p)}var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=c.entry;document.head.appendChild(s)}document.addEventListener("visibilitychange",l);if(document.visibilityState==="hidden")l();else requestAnimationFrame(function(){setTimeout(l,0)})})();`;
