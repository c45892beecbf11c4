import { describe, expect, test } from 'vitest';
import { BRAND_NAME } from '../../../src/shared/brand';
import { messages } from '../../../src/shared/messages';
import {
  CODE_EMAIL_SUBJECT, EMAIL_NOTICE_KEYS, codeEmail, codeOfEmail, emailChangeCodeEmail, emailChangedEmail, emailOfNotice, noticeEmail, STAFF_MESSAGE,
} from '../../../src/server/notification/emails';
import type { NotificationKey } from '../../../machines/process/processMachine';

/**
 * The e-mails' templates (src/server/notification/emails.ts): every notice the portal sends by
 * e-mail renders a pt-BR subject, a plain text and an HTML body that stands alone (no remote
 * images), names the brand, and carries nothing but the message.
 */
const VALUES = { name: 'Documento de identidade', reason: 'A foto está ilegível.', when: '24/11/2026 às 09:00' };
const notificationKeys = (Object.keys(messages) as string[]).filter((k): k is NotificationKey => k.startsWith('notification.'));
/** Notices that only echo what the customer just did on screen: the bell has them, e-mail does not. */
const ECHOES = ['notification.bill.waiting', 'notification.visit.requested'];

describe('which notices go by e-mail', () => {
  test('every notice of the bell has an e-mail, but the two that echo what the customer just did', () => {
    for (const key of notificationKeys) {
      if (ECHOES.includes(key)) expect(emailOfNotice(key), key).toBeUndefined();
      else expect(emailOfNotice(key, VALUES), key).toEqual({ template: key, values: VALUES });
    }
  });

  test('the promises of the screens are among them: a document\'s decision and the bill\'s analysis', () => {
    expect(messages['document.sent.text']).toContain('avisado por e-mail');
    for (const key of ['notification.document.approved', 'notification.document.denied', 'notification.bill.approved', 'notification.bill.disapproved', 'notification.bill.app'] as const) {
      expect(emailOfNotice(key)).toBeDefined();
    }
  });
});

describe('the templates', () => {
  const rendered = EMAIL_NOTICE_KEYS.map((template) => ({ template, origin: noticeEmail({ template, values: VALUES }, 'https://portal.example'), bare: noticeEmail({ template, values: VALUES }) }));

  test.each(rendered)('$template: subject, text and accessible HTML in pt-BR, signed by the brand, placeholders filled', ({ template, origin, bare }) => {
    for (const email of [origin, bare]) {
      expect(email.subject.length).toBeGreaterThan(5);
      expect(email.text).toMatch(/^Olá,/);
      expect(email.text).toContain(BRAND_NAME);
      expect(email.text).not.toMatch(/\{\w+\}/);
      expect(email.html).toContain('<html lang="pt-BR">');
      expect(email.html).toContain(`<title>${email.subject}</title>`);
      expect(email.html).toContain(BRAND_NAME);
      expect(email.html).not.toMatch(/<img|<script|src=|url\(/i);
    }
    if (template !== STAFF_MESSAGE) expect(bare.text).toContain(noticeText(template));
    // the link to the portal only when its origin is known, and to the portal only
    expect(origin.text).toContain('https://portal.example/pt/login');
    expect(origin.html).toContain('href="https://portal.example/pt/login"');
    expect(bare.text).not.toMatch(/https?:/);
    expect(bare.html).not.toMatch(/href=/);
  });

  test('a staff member\'s free text never goes by e-mail: only that there is a message', () => {
    const email = noticeEmail({ template: STAFF_MESSAGE, values: { message: 'Seu CPF 123.456.789-09 está errado' } });
    expect(email.subject).toBe('Você tem uma nova mensagem');
    expect(email.text + email.html).not.toContain('123.456.789-09');
  });

  test('values are escaped in the HTML', () => {
    const email = noticeEmail({ template: 'notification.document.denied', values: { name: 'Documento', reason: '<script>alert(1)</script>' } });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&#60;script&#62;');
    expect(email.text).toContain('<script>alert(1)</script>');
  });

  test('a bill refused with a reason says the reason; without one, the bill page\'s sentence', () => {
    expect(noticeEmail({ template: 'notification.bill.disapproved', values: { reason: 'A conta está ilegível.' } }).text)
      .toContain(`${messages['notification.bill.disapproved']}A conta está ilegível.`);
    expect(noticeEmail({ template: 'notification.bill.disapproved' }).text).toContain(messages['bill.outcome.disapproved']);
  });
});

describe('the code e-mail', () => {
  test('carries the code in the text and the HTML, the catalogue\'s sentence, and no link', () => {
    const email = codeEmail('482913');
    expect(email.subject).toBe(CODE_EMAIL_SUBJECT);
    expect(email.subject).not.toContain('482913');
    expect(email.text).toContain(messages['access.code.delivery'].replace('{code}', '482913'));
    expect(email.html).toContain('482913');
    expect(email.html).not.toMatch(/href=|<img/);
  });

  test('the catcher reads the code back only from a code e-mail', () => {
    const code = codeEmail('048213');
    expect(codeOfEmail(code.subject, code.text)).toBe('048213');
    const other = noticeEmail({ template: 'notification.visit.confirmed', values: { when: '24/11/2026 às 09:00' } });
    expect(codeOfEmail(other.subject, `${other.text} 123456`)).toBeNull();
  });
});

describe('the e-mail change (issue 29, F15)', () => {
  test('the code to the new address is in its text and HTML, with no link; the catcher reads it back', () => {
    const email = emailChangeCodeEmail('305718');
    expect(email.subject).not.toContain('305718');
    expect(email.text).toContain('305718');
    expect(email.html).toContain('305718');
    expect(email.html).not.toMatch(/href=|<img/);
    expect(codeOfEmail(email.subject, email.text)).toBe('305718');
  });

  test('the notice to the previous address says the e-mail changed and carries no address', () => {
    const email = emailChangedEmail();
    expect(email.subject).toBe('O e-mail da sua conta foi trocado');
    expect(`${email.text}${email.html}`).not.toMatch(/@/);
  });
});

function noticeText(key: Exclude<(typeof EMAIL_NOTICE_KEYS)[number], typeof STAFF_MESSAGE>): string {
  if (key === 'notification.bill.disapproved') return `${messages['notification.bill.disapproved']}${VALUES.reason}`;
  return messages[key].replace(/\{(\w+)\}/g, (_, n: keyof typeof VALUES) => VALUES[n]);
}
