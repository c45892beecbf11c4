import * as v from 'valibot';

/** POST /portal/customers_success/create: `client_id` is the signed-in customer's own id. */
export const CustomerSuccessCreate = v.object({ client_id: v.pipe(v.number(), v.integer()) });

/** The customer-success follow-up (one open case per customer). */
export const CustomerSuccessCase = v.object({
  id: v.number(), client_id: v.number(), status: v.picklist(['OPEN', 'CLOSED']), messages: v.array(v.object({ id: v.number(), message: v.string() })),
});
export type CustomerSuccessCase = v.InferOutput<typeof CustomerSuccessCase>;
