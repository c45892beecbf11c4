import sanitizeHtml from 'sanitize-html';

/**
 * The one rule for FAQ answers (ARCHITECTURE "FAQ HTML sanitized before rendering"): the answer is
 * HTML that an admin writes and every customer's browser renders, so anything that could run there
 * (a <script>, an onerror=, a javascript: or data: link, a style, a frame) would be stored XSS
 * against every customer. Only text markup and plain links survive, applied when an answer is kept
 * and again when GET /faq serves it (a row written some other way is cleaned on the way out too);
 * the browser sanitises once more before it shows it (src/web/ui/FaqDialog/faqHtml.ts).
 */
export const FAQ_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'] as const;
// https only, as the customer's browser keeps (an http link would show there as plain text)
const LINK = /^(?:https:|mailto:|tel:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...FAQ_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // a tag not allowed goes, its text stays; script, style and the like go with their content
  disallowedTagsMode: 'discard',
  transformTags: {
    b: 'strong',
    i: 'em',
    // a link keeps only a safe target and always opens apart from the portal; one without is no link
    // (an <a> with no href: renaming it here mismatches sanitize-html's closing tags)
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      return { tagName: 'a', attribs: LINK.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : {} };
    },
  },
};

/** An answer's HTML with only paragraphs, line breaks, bold, italic, lists and safe links left. */
export function sanitiseFaqHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised HTML still says something (an answer of only tags or spaces is empty). */
export function hasText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
