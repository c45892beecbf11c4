import * as v from 'valibot';
import { messages } from '../messages';

/** A frequently asked question (spec §3 FAQ entry): the answer is HTML, sanitised before it is shown. */
export const FaqEntrySchema = v.object({ id: v.number(), title: v.string(), description: v.string() });

/** GET /faq */
export const FaqResponse = v.object({ data: v.array(FaqEntrySchema) });
export type FaqResponse = v.InferOutput<typeof FaqResponse>;

/** GET /support/contact: how the team is reached (the company's settings, never a placeholder). */
export const SupportContact = v.object({
  /** country code first, digits only */
  whatsapp: v.pipe(v.string(), v.regex(/^\d{12,13}$/)),
  email: v.string(),
});
export type SupportContact = v.InferOutput<typeof SupportContact>;

// ---- staff --------------------------------------------------------------------------------------

/** How long a question and its answer (the HTML as written) may be. */
export const FAQ_QUESTION_MAX = 200;
export const FAQ_ANSWER_MAX = 5000;

/** POST admin/faq and PUT admin/faq/{faqId}: a question and its answer (HTML, sanitised by the server before it is kept). */
export const FaqEntryInput = v.object({
  question: v.pipe(
    v.string(messages['faq.question.required']), v.trim(),
    v.minLength(1, messages['faq.question.required']), v.maxLength(FAQ_QUESTION_MAX, messages['faq.question.tooLong']),
  ),
  answer_html: v.pipe(
    v.string(messages['faq.answer.required']), v.trim(),
    v.minLength(1, messages['faq.answer.required']), v.maxLength(FAQ_ANSWER_MAX, messages['faq.answer.tooLong']),
  ),
});
export type FaqEntryInput = v.InferOutput<typeof FaqEntryInput>;

/** PUT admin/faq/order: every question's id, in the order the customer will read them. */
export const FaqOrder = v.object({
  ids: v.pipe(v.array(v.pipe(v.number(), v.integer()), messages['faq.order.incomplete']), v.minLength(1, messages['faq.order.incomplete'])),
});

/** One question as the admins see it: the answer as kept (already sanitised), its place and who changed it last. */
export const StaffFaqEntry = v.object({
  id: v.number(),
  question: v.string(),
  answer_html: v.string(),
  position: v.number(),
  updated_by: v.nullable(v.number()),
  updated_at: v.string(),
});
export type StaffFaqEntry = v.InferOutput<typeof StaffFaqEntry>;

/** GET admin/faq (and the answer of a reorder or a delete): every question, in the customer's order. */
export const StaffFaqList = v.object({ data: v.array(StaffFaqEntry) });
