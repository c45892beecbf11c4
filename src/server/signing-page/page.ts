import { messages as m, fill } from '#shared/messages';
import { BRAND_NAME } from '#shared/brand';
import { SCRIPT_PATH } from './script';

/**
 * The signing page's HTML: server-rendered, no framework, one small script (./script.ts, served
 * from our origin so the CSP needs no inline code). Texts come from the one catalogue.
 */

const escape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#16241f;background:#fff}
main{max-width:760px;margin:0 auto;padding:16px}h1{font-size:1.25rem;margin:0 0 8px;color:#0b4d3a}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 12px}dt{color:#4f5f59}dd{margin:0;font-weight:600}
.doc{border:1px solid #d9dcd5;border-radius:8px;padding:12px;height:260px;overflow:auto;background:#fafaf7;font-size:.875rem;white-space:pre-wrap}
.doc:focus-visible,button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f5a524;outline-offset:2px}
label.consent{display:flex;gap:8px;align-items:flex-start;margin:12px 0}label.consent input{width:20px;height:20px;margin-top:2px}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;margin-top:8px}
.field{display:flex;flex-direction:column;gap:4px}.field input{font:inherit;padding:8px 10px;border:1px solid #8a948f;border-radius:6px;width:10ch;letter-spacing:.2em}
button{font:inherit;font-weight:600;padding:10px 18px;border-radius:999px;border:0;background:#0b4d3a;color:#fff;cursor:pointer;min-height:44px}
button.secondary{background:#fff;color:#0b4d3a;border:2px solid #0b4d3a}button[disabled]{opacity:.55;cursor:not-allowed}
.alert{color:#a4262c;font-weight:600;min-height:1.5em}.ok{background:#e3f1eb;border-radius:8px;padding:12px;font-weight:600}
a{color:#0b4d3a}[hidden]{display:none!important}
`;

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<meta name="robots" content="noindex"><title>${escape(title)} | ${escape(BRAND_NAME)}</title><style>${STYLE}</style></head>`
    + `<body>${body}</body></html>`;
}

/** The page refusing to open (an unknown key, a foreign origin). */
export function refusalPage(text: string): string {
  return shell(m['signing.title'], `<main><h1>${escape(m['signing.title'])}</h1><p class="alert" role="alert">${escape(text)}</p></main>`);
}

export interface ContractPageData {
  key: string;
  title: string;
  signer: string;
  phoneLast4: string;
  /** the document's text, page by page, as extracted from the PDF being signed */
  text: string;
  /** when signed: the server time, as shown */
  signedAt: string | null;
  /** where 'signed' is posted (null when the page is not embedded) */
  origin: string | null;
}

/** The signing page: the document, the signer, the consent, the SMS code and the sign button (spec §5 "Signature"). */
export function signingPage(d: ContractPageData): string {
  const base = `/sign/${encodeURIComponent(d.key)}`;
  const done = d.signedAt !== null;
  const body = `<main id="signing" data-key="${escape(d.key)}" data-origin="${escape(d.origin ?? '')}" data-signed="${done ? 'true' : 'false'}">
<h1>${escape(m['signing.title'])}</h1>
<dl><dt>${escape(m['signing.document'])}</dt><dd>${escape(d.title)}</dd><dt>${escape(m['signing.signer'])}</dt><dd>${escape(d.signer)}</dd></dl>
<div class="doc" tabindex="0" role="region" aria-label="${escape(d.title)}">${escape(d.text)}</div>
<p><a href="${base}/document.pdf" target="_blank" rel="noopener">${escape(m['signing.openPdf'])}</a></p>
<p id="done" class="ok" role="status" ${done ? '' : 'hidden'}>${done ? escape(fill('signing.done', { at: d.signedAt! })) : ''}</p>
<form id="sign" ${done ? 'hidden' : ''} novalidate>
<label class="consent"><input type="checkbox" id="consent" name="consent"> <span>${escape(m['signing.consent'])}</span></label>
<div class="row"><button type="button" id="send-code" class="secondary">${escape(m['signing.sendCode'])}</button></div>
<div id="code-step" hidden>
<p id="code-sent">${escape(fill('signing.codeSent', { last4: d.phoneLast4 }))}</p>
<div class="row"><div class="field"><label for="code">${escape(m['signing.code'])}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}"></div>
<button type="submit" id="submit">${escape(m['signing.submit'])}</button></div>
</div>
<p id="error" class="alert" role="alert"></p>
</form>
<template id="texts" data-error="${escape(m['signing.error'])}" data-consent="${escape(m['signing.consent.required'])}" data-code="${escape(m['common.access.form.maxCode'])}" data-done="${escape(m['signing.done'])}"></template>
</main><script src="${SCRIPT_PATH}" defer></script>`;
  return shell(d.title, body);
}
