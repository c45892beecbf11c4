import { fromPromise } from 'xstate';
import type { CardInput } from '#machines/checkout/checkoutMachine';
import type { Billing, ProfileData } from '#machines/profile/profileMachine';
import { newRequestSecret } from '#shared/auth/secret';
import type { PaymentTokenResponse } from '#shared/checkout/payloads';
import type { CustomerProfile } from '#shared/customer/payloads';
import type { Invoice } from '#shared/payment/payloads';
import type { Card, DeletionDone, SessionsEnded } from '#shared/profile/payloads';
import { EXPORT_FILE_NAME } from '#shared/profile/rules';
import { latestProposal } from '#shared/proposal/rules';
import type { Api } from '../../api/client';
import type { SaveFile } from '../../ui/download/saveFile';

/** How the customer pays, read from the call that tells it: a buyer's purchase, a company's boleto day, an individual's card. */
async function billingOf(api: Api, customer: CustomerProfile): Promise<Billing> {
  if (customer.subscription_lending === 'LENDING') return { method: 'PURCHASE' };
  if (customer.type === 'CNPJ') {
    const checkout = await api.getCheckout();
    return { method: 'BOLETO', day: checkout.data?.method === 'BOLETO' ? checkout.data.expires_day : null };
  }
  return { method: 'CARD', card: await api.getCard() };
}

/** The profile machine's side effects against the API (spec §7) and the browser (the copy's download). */
export function profileActors(getApi: () => Promise<Api>, saveFile: SaveFile) {
  return {
    loadProfile: fromPromise<ProfileData>(async () => {
      const api = await getApi();
      const customer = await api.getCustomer();
      const buyer = customer.subscription_lending === 'LENDING';
      const [visit, documents, contracts, plan, proposals, billing, invoice, sessions] = await Promise.all([
        api.getVisit(),
        api.getDocuments(),
        customer.contracts.length > 0 ? api.getContracts() : Promise.resolve(null),
        buyer ? Promise.resolve(null) : api.getClientPlan(),
        buyer ? api.getProposals(customer.id) : Promise.resolve([]),
        billingOf(api, customer),
        // spec §8: a failed invoice read is silent; the payment button then waits
        buyer && customer.payment_type === 'CASH_PURCHASE'
          ? api.getInvoiceStatus().then((r) => r.invoice_status, () => 'unknown' as const) : Promise.resolve(null),
        api.getSessions(),
      ]);
      return {
        customer, visit: visit.visit, plan, purchase: buyer ? latestProposal(proposals, 'FINAL') : null, billing, documents,
        contracts: contracts?.contracts ?? [], frameOrigin: contracts?.frame_origin ?? '', invoice, sessions,
      };
    }),
    saveProfile: fromPromise<CustomerProfile, { name: string; email: string }>(async ({ input }) => (await getApi()).updateProfile(input)),
    tokenizeCard: fromPromise<PaymentTokenResponse, CardInput>(async ({ input }) => (await getApi()).tokenizeCard(input)),
    replaceCard: fromPromise<Card, { token: string }>(async ({ input }) => (await getApi()).updateCard(input.token)),
    loadCard: fromPromise<Card | null>(async () => (await getApi()).getCard()),
    checkSigner: fromPromise<boolean, { key: string }>(async ({ input }) => (await getApi()).checkSigner(input.key)),
    createInvoice: fromPromise<Invoice, { profileId: number }>(async ({ input }) => (await getApi()).createInvoice(input.profileId)),
    exportData: fromPromise<unknown>(async () => { saveFile(await (await getApi()).downloadMyData(), EXPORT_FILE_NAME); }),
    requestDeletionCode: fromPromise<{ secret: string; phoneLast4: string }, { secret: string | null }>(async ({ input }) => {
      // one secret per deletion: a resend asks for the same request's code
      const secret = input.secret ?? newRequestSecret();
      const sent = await (await getApi()).requestDeletionCode(secret);
      return { secret, phoneLast4: sent.phone_last4 };
    }),
    deleteAccount: fromPromise<DeletionDone, { secret: string; code: string }>(async ({ input }) => (await getApi()).deleteAccount(input.secret, input.code)),
    requestEmailChangeCodes: fromPromise<{ secret: string; email: string; phoneLast4: string }, { secret: string | null; email: string }>(async ({ input }) => {
      // one secret per change: a resend asks for the same request's codes
      const secret = input.secret ?? newRequestSecret();
      const sent = await (await getApi()).requestEmailChangeCodes(secret, input.email);
      return { secret, email: sent.email, phoneLast4: sent.phone_last4 };
    }),
    changeEmail: fromPromise<CustomerProfile, { secret: string; emailCode: string; smsCode: string }>(
      async ({ input }) => (await getApi()).changeEmail(input.secret, input.emailCode, input.smsCode),
    ),
    requestSessionsCode: fromPromise<{ secret: string; phoneLast4: string }, { secret: string | null }>(async ({ input }) => {
      // one secret per ending: a resend asks for the same request's code
      const secret = input.secret ?? newRequestSecret();
      const sent = await (await getApi()).requestSessionsCode(secret);
      return { secret, phoneLast4: sent.phone_last4 };
    }),
    endSessions: fromPromise<SessionsEnded, { secret: string; code: string; sessionId: string | null }>(
      async ({ input }) => (await getApi()).endSessions(input.secret, input.code, input.sessionId),
    ),
  };
}
