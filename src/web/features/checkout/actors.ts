import { fromPromise } from 'xstate';
import type { BookingPageData, CardInput } from '#machines/checkout/checkoutMachine';
import type { CheckoutRequest, CheckoutStatus, PaymentTokenResponse } from '#shared/checkout/payloads';
import type { Api } from '../../api/client';

/** The checkout machine's side effects: the API (spec §7) and the provider's tokenizer. */
export function checkoutActors(getApi: () => Promise<Api>) {
  return {
    loadBooking: fromPromise<BookingPageData>(async () => {
      const api = await getApi();
      const [customer, plan, checkout] = await Promise.all([api.getCustomer(), api.getClientPlan(), api.getCheckout()]);
      return { customer: { id: customer.id, documentType: customer.type, steps: customer.steps }, plan, checkout };
    }),
    tokenizeCard: fromPromise<PaymentTokenResponse, CardInput>(async ({ input }) => (await getApi()).tokenizeCard(input)),
    submitCheckout: fromPromise<CheckoutStatus, CheckoutRequest>(async ({ input }) => (await getApi()).checkout(input)),
  };
}
