import * as v from 'valibot';

/** A frequently asked question (spec §3 FAQ entry): the answer is HTML, sanitised before it is shown. */
export const FaqEntrySchema = v.object({ id: v.number(), title: v.string(), description: v.string() });

/** GET /faq */
export const FaqResponse = v.object({ data: v.array(FaqEntrySchema) });
export type FaqResponse = v.InferOutput<typeof FaqResponse>;
