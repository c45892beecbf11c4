/**
 * How a page rendered at build time (scripts/prerender-plugin.ts) loads its code: the HTML names
 * the entry and the chunks to preload in a JSON block, and a small inline script adds them to the
 * document only after the first frame. The page is readable from its HTML alone, so its first
 * paint (and the largest one) must not wait for, nor compete with, ~100 KiB of JavaScript; the
 * code still starts loading at once after that frame (a hidden tab, which paints no frame, loads
 * it straight away or when it is hidden).
 *
 * The server allows exactly these inline scripts in its CSP (by their SHA-256), nothing else inline.
 */

import { API_PREFIX } from './api';
import { LANG } from './routes';

/** The id of the `<script type="application/json">` that lists the page's code. */
export const PAGE_CODE_ID = 'page-code';

/** What the JSON block holds: the entry module and the chunks the page's screen needs. */
export interface PageCode {
  entry: string;
  preload: string[];
}

/**
 * The `window` property where a press on the page's HTML waits until its code has taken over
 * (src/web/app/earlyInput.ts): {live, press}. Until React has hydrated the markup, a click on a
 * button (or a form sent with Enter) would reach no handler and be lost, or send the form natively
 * with its fields in the URL; the loader holds it back and keeps the element instead.
 */
export const EARLY_PRESS_GLOBAL = '__portalEarlyPress';

/** The inline loader (plain ES5: it runs before any bundle). */
export const PAGE_LOADER = `(function(){var q=window[${JSON.stringify(EARLY_PRESS_GLOBAL)}]={live:!1,press:null};function h(e){if(q.live)return;var t=e.target,r=document.getElementById("root");if(!t||!t.closest||!r||!r.contains(t))return;var x=e.type==="submit"?e.submitter||t:t.closest("button");if(!x||x.disabled)return;e.preventDefault();e.stopPropagation();q.press=x}document.addEventListener("click",h,!0);document.addEventListener("submit",h,!0);})();(function(){var b=document.getElementById(${JSON.stringify(PAGE_CODE_ID)});if(!b)return;var c=JSON.parse(b.textContent),d=!1;function l(){if(d)return;d=!0;for(var i=0;i<c.preload.length;i++){var p=document.createElement("link");p.rel="modulepreload";p.crossOrigin="";p.href=c.preload[i];document.head.appendChild(p)}var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=c.entry;document.head.appendChild(s)}document.addEventListener("visibilitychange",l);if(document.visibilityState==="hidden")l();else requestAnimationFrame(function(){setTimeout(l,0)})})();`;

/** Where the browser keeps the session (spec §3): {auth: {token, signed, phone}, user, schedule}. */
export const SESSION_STORAGE_KEY = 'portal:session';

/** The profile call a stored session starts before any bundle (GET /portal/customers). */
export const EARLY_PROFILE_PATH = `${API_PREFIX}/portal/customers`;

/** The id of the `<script type="application/json">` in index.html that lists the signed-in pages' code. */
export const PRIVATE_CODE_ID = 'private-code';

/** Built JS and CSS files (paths from the site's root), and the API reads (GET paths under /api/v1, no parameters) a page makes as it opens. */
export interface CodeFiles {
  js: string[];
  css: string[];
  reads: string[];
}

/** What the signed-in pages' JSON block holds: the frame's code and, by path after the language segment, each screen's own. */
export interface PrivateCode {
  shell: CodeFiles;
  screens: Record<string, CodeFiles>;
}

/** The `window` property the session's early start leaves its calls in, for the API client to take (each once). */
export const EARLY_START_GLOBAL = '__portalEarly';

/**
 * How long the early answers may stand in for the page's own reads (ms since the head asked): a
 * screen opened later, after a redirect or a click, asks the server itself.
 */
export const EARLY_READS_FOR_MS = 10_000;

/** What the session's early start leaves on `window`. */
export interface EarlyStart {
  token: string;
  /** Date.now() when the head asked */
  at: number;
  /** by path ('/api/v1/portal/customers'): the answer; null when the call could not be made */
  reads: Record<string, Promise<Response | null>>;
}

/**
 * In every page's head: a signed-in customer's reload asks for the profile while the code loads,
 * instead of after it (the journey needs the profile to know which screen to show). On a signed-in
 * page it also fetches the frame's and the asked-for screen's code (index.html's PRIVATE_CODE_ID
 * block) side by side with the entry, instead of each chunk after the one that imports it, and
 * makes their first reads (before the code: a browser opens six connections to a host). Stylesheets added by a script block no rendering; Vite's loader finds
 * them linked and does not link them again. All of it starts after the first frame (at once in a
 * hidden tab), as the entry does: the page's head painted from the HTML (EARLY_HEAD_PAINT) must
 * not wait for, nor compete with, the code and the reads.
 */
export const SESSION_EARLY_START = `(function(){try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||"null"),t=s&&s.auth&&s.auth.signed===true&&s.auth.token;if(typeof t!=="string"||!t)return;var r={};function g(u){if(!r[u])r[u]=fetch(u,{headers:{Authorization:"Bearer "+t,"Accept-Language":"pt-BR"}}).catch(function(){return null})}window[${JSON.stringify(EARLY_START_GLOBAL)}]={token:t,at:Date.now(),reads:r};var d=!1;function go(){if(d)return;d=!0;try{g(${JSON.stringify(EARLY_PROFILE_PATH)});var b=document.getElementById(${JSON.stringify(PRIVATE_CODE_ID)});if(!b)return;var c=JSON.parse(b.textContent),f=c.screens[location.pathname.replace(/^\\/${LANG}(?=\\/)/,"")];if(!f)return;[c.shell,f].forEach(function(h){h.reads.forEach(g)});[c.shell,f].forEach(function(h){h.js.forEach(function(u){l("modulepreload",u)});h.css.forEach(function(u){l("stylesheet",u)})})}catch(e){}}document.addEventListener("visibilitychange",go);if(document.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)})}catch(e){}function l(k,u){var n=document.createElement("link");n.rel=k;n.crossOrigin="";n.href=u;document.head.appendChild(n)}})();`;

/** The id of the `<script type="application/json">` in index.html that holds the signed-in pages' heads (PrivateHeads). */
export const PRIVATE_HEADS_ID = 'private-heads';

/**
 * The signed-in pages' heads as index.html holds them: the frame once, split where the page's
 * head goes, and by path after the language each page's head and which menu link is current
 * (the n-th `[role=link]` in the frame; -1: none), or its whole markup where its frame differs.
 */
export interface PrivateHeads {
  frame: [before: string, after: string];
  pages: Record<string, { main: string; current: number } | { html: string }>;
}

/** The attribute #root carries while it shows a head painted from the HTML (main.tsx keeps it until the frame renders). */
export const EARLY_HEAD_ATTRIBUTE = 'data-early-head';

/**
 * Right after #root in index.html: for a stored session, the asked-for signed-in page's head
 * (frame, title, lead, loading indicator: src/web/prerender.tsx) replaces the loading screen
 * before the first paint, so the customer sees the page they asked for at once rather than a
 * loading screen until the code has run.
 */
export const EARLY_HEAD_PAINT = `(function(){try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||"null"),t=s&&s.auth&&s.auth.signed===true&&s.auth.token;if(typeof t!=="string"||!t)return;var b=document.getElementById(${JSON.stringify(PRIVATE_HEADS_ID)}),r=document.getElementById("root");if(!b||!r)return;var h=JSON.parse(b.textContent),p=h.pages[location.pathname.replace(/^\\/${LANG}(?=\\/)/,"")];if(!p)return;r.innerHTML=p.html||h.frame[0]+p.main+h.frame[1];var c=p.html?null:r.querySelectorAll("[role=link]")[p.current];if(c){c.setAttribute("aria-current","page");c.setAttribute("data-current","true")}r.setAttribute(${JSON.stringify(EARLY_HEAD_ATTRIBUTE)},"")}catch(e){}})();`;
