import { faq, supportContact } from '#shared/faq/endpoints';
import type { SupportContact } from '#shared/faq/payloads';
import type { FaqEntry } from '#shared/faq/rules';
import type { Transport } from './transport';

/** The FAQ (spec §7 GET /faq): public; its answers are HTML, sanitised before they are shown. */
export const faqCalls = (t: Transport) => ({
  /** GET /faq */
  async getFaq(): Promise<FaqEntry[]> {
    return (await t.call(faq, {})).data.data;
  },
  /** GET /support/contact */
  async getSupportContact(): Promise<SupportContact> {
    return (await t.call(supportContact, {})).data;
  },
});
