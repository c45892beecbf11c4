import { endpoint, failure, staffFailures } from '../endpoint';
import { FaqEntryInput, FaqOrder, FaqResponse, StaffFaqEntry, StaffFaqList, SupportContact } from './payloads';

/** The FAQ (spec §7 GET /faq): public, the same for everyone. */
export const faq = endpoint({
  method: 'get', path: '/faq', auth: 'none', tag: 'faq',
  summary: 'The frequently asked questions, in the order the admins set; each answer is HTML, sanitised by the server and again by the browser before it is shown.',
  responses: { 200: { description: 'the questions', schema: FaqResponse } },
});

/** 'Preciso de atendimento': the team's WhatsApp and support e-mail, from the company's settings. */
export const supportContact = endpoint({
  method: 'get', path: '/support/contact', auth: 'none', tag: 'faq',
  summary: "How the team is reached: its WhatsApp number (country code first, digits only) and support e-mail, as the company's settings (COMPANY_WHATSAPP, COMPANY_SUPPORT_EMAIL) say.",
  responses: { 200: { description: 'the contact', schema: SupportContact } },
});

// ---- staff: the admins keep the questions (src/server/faq/admin.ts) ----------------------------

export const staffFaq = endpoint({
  method: 'get', path: '/admin/faq', auth: 'staff', roles: ['admin'], tag: 'admin',
  summary: 'Every FAQ question with its answer as kept, in the order the customer reads them.',
  responses: { 200: { description: 'the questions', schema: StaffFaqList }, ...staffFailures },
});

export const createFaq = endpoint({
  method: 'post', path: '/admin/faq', auth: 'staff', roles: ['admin'], tag: 'admin', body: FaqEntryInput,
  summary: 'A new question, last in the list; the answer HTML is sanitised before it is kept (only paragraphs, bold, italic, lists and http(s)/mailto/tel links). Audited.',
  responses: {
    201: { description: 'the question as kept', schema: StaffFaqEntry },
    400: failure('a question empty or over 200 characters, an answer empty (after sanitising) or over 5,000 (4000)'), ...staffFailures,
  },
});

export const reorderFaq = endpoint({
  method: 'put', path: '/admin/faq/order', auth: 'staff', roles: ['admin'], tag: 'admin', body: FaqOrder,
  summary: 'The order the customer reads the questions in: every id once, first to last. Audited.',
  responses: { 200: { description: 'the questions in their new order', schema: StaffFaqList }, 400: failure('not every question exactly once (4000)'), ...staffFailures },
});

export const updateFaq = endpoint({
  method: 'put', path: '/admin/faq/:faqId', auth: 'staff', roles: ['admin'], tag: 'admin', body: FaqEntryInput,
  summary: 'Change a question or its answer (sanitised as on creation). Audited with before and after.',
  responses: {
    200: { description: 'the question as kept', schema: StaffFaqEntry },
    400: failure('a question empty or over 200 characters, an answer empty (after sanitising) or over 5,000 (4000)'), ...staffFailures, 404: failure('no such question (4040)'),
  },
});

export const deleteFaq = endpoint({
  method: 'delete', path: '/admin/faq/:faqId', auth: 'staff', roles: ['admin'], tag: 'admin',
  summary: 'Remove a question. Audited with what it said.',
  responses: { 200: { description: 'the questions left', schema: StaffFaqList }, ...staffFailures, 404: failure('no such question (4040)') },
});

export const faqEndpoints = [faq, supportContact, staffFaq, createFaq, reorderFaq, updateFaq, deleteFaq];
