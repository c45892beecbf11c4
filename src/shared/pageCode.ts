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

import { LANG } from './routes';

/** The id of the `<script type="application/json">` that lists the page's code. */
export const PAGE_CODE_ID = 'page-code';

/** What the JSON block holds: the entry module and the chunks the page's screen needs. */
export interface PageCode {
  entry: string;
  preload: string[];
}

/** The inline loader (plain ES5: it runs before any bundle). */
export const PAGE_LOADER = `(function(){var b=document.getElementById(${JSON.stringify(PAGE_CODE_ID)});if(!b)return;var c=JSON.parse(b.textContent),d=!1;function l(){if(d)return;d=!0;for(var i=0;i<c.preload.length;i++){var p=document.createElement("link");p.rel="modulepreload";p.crossOrigin="";p.href=c.preload[i];document.head.appendChild(p)}var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=c.entry;document.head.appendChild(s)}document.addEventListener("visibilitychange",l);if(document.visibilityState==="hidden")l();else requestAnimationFrame(function(){setTimeout(l,0)})})();`;

/** Where the browser keeps the session (spec §3): {auth: {token, signed, phone}, user, schedule}. */
export const SESSION_STORAGE_KEY = 'portal:session';

/** The profile call a stored session starts before any bundle (GET /portal/customers). */
export const EARLY_PROFILE_PATH = '/api/v1/portal/customers';

/** The id of the `<script type="application/json">` in index.html that lists the signed-in pages' code. */
export const PRIVATE_CODE_ID = 'private-code';

/** Built JS and CSS files (paths from the site's root). */
export interface CodeFiles {
  js: string[];
  css: string[];
}

/** What the signed-in pages' JSON block holds: the frame's code and, by path after the language segment, each screen's own. */
export interface PrivateCode {
  shell: CodeFiles;
  screens: Record<string, CodeFiles>;
}

/** The `window` property the session's early start leaves its call in, for the API client to take (once). */
export const EARLY_START_GLOBAL = '__portalEarly';

/** What the session's early start leaves on `window`. */
export interface EarlyStart {
  token: string;
  /** the answer to the profile call; null when it could not be made */
  profile: Promise<Response | null>;
}

/**
 * In every page's head: a signed-in customer's reload asks for the profile while the code loads,
 * instead of after it (the journey needs the profile to know which screen to show), and fetches
 * the signed-in frame's and the asked-for screen's code (index.html's PRIVATE_CODE_ID block) side
 * by side with the entry, instead of each chunk after the one that imports it. Stylesheets added
 * by a script block no rendering; Vite's loader finds them linked and does not link them again.
 */
export const SESSION_EARLY_START = `(function(){try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||"null"),t=s&&s.auth&&s.auth.signed===true&&s.auth.token;if(typeof t!=="string"||!t)return;window[${JSON.stringify(EARLY_START_GLOBAL)}]={token:t,profile:fetch(${JSON.stringify(EARLY_PROFILE_PATH)},{headers:{Authorization:"Bearer "+t,"Accept-Language":"pt-BR"}}).catch(function(){return null})};var b=document.getElementById(${JSON.stringify(PRIVATE_CODE_ID)});if(!b)return;var c=JSON.parse(b.textContent),f=c.screens[location.pathname.replace(/^\\/${LANG}(?=\\/)/,"")];if(!f)return;[c.shell,f].forEach(function(g){g.js.forEach(function(h){l("modulepreload",h)});g.css.forEach(function(h){l("stylesheet",h)})})}catch(e){}function l(r,h){var k=document.createElement("link");k.rel=r;k.crossOrigin="";k.href=h;document.head.appendChild(k)}})();`;
