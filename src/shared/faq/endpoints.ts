import { endpoint } from '../endpoint';
import { FaqResponse } from './payloads';

/** The FAQ (spec §7 GET /faq): public, the same for everyone. */
export const faq = endpoint({
  method: 'get', path: '/faq', auth: 'none', tag: 'faq',
  summary: 'The frequently asked questions; each answer is HTML that the browser sanitises before showing it.',
  responses: { 200: { description: 'the questions', schema: FaqResponse } },
});

export const faqEndpoints = [faq];
