import { assign, setup } from 'xstate';
import { failureOf } from '#shared/failure';
import type { MessageKey } from '#shared/messages';
import type { CheckoutRequest, CheckoutStatus, PaymentTokenResponse } from '#shared/checkout/payloads';
import { bookingNeedsPlan } from '#shared/plan/rules';
import { isBillingDay, paysByBoleto, type BillingDay, type CardField } from '#shared/checkout/rules';
import type { ClientPlan } from '#shared/plan/payloads';
import { currentStep, type MenuStep } from '#shared/steps';
import { notProvided } from '../notProvided';

/**
 * The booking screen's payment (spec §2 "Booking / checkout screen", §4 "Checkout", §5 card form
 * and billing day): load the customer, their client plan and whether the checkout exists -> with no
 * plan (and the step not CHECKOUT) back to the plans; a company chooses the boleto day; an
 * individual types the card, which the provider tokenizes in the browser (its flagged fields become
 * 'O {field label} é inválido'), then the token pre-authorises the first fee on the server. Once
 * done the card step is replaced by 'Tudo certo, seu cartão foi aprovado, podemos seguir!'.
 */

export interface CardInput { number: string; holder: string; month: string; year: string; cvv: string }

export interface BookingPageData {
  customer: { id: number; documentType: 'CPF' | 'CNPJ'; steps: Pick<MenuStep, 'type' | 'status'>[] };
  plan: ClientPlan | null;
  checkout: CheckoutStatus;
}

export interface CheckoutContext {
  data: BookingPageData | null;
  /** the card as typed, kept while it is tokenized and authorised (never beyond: cleared once done or refused) */
  card: CardInput | null;
  token: string | null;
  /** the fields the provider flagged */
  flagged: CardField[];
  day: BillingDay | null;
  error: MessageKey | null;
}

export type CheckoutEvent =
  | { type: 'page.retry' }
  | { type: 'card.submit'; card: CardInput }
  | { type: 'day.choose'; day: number }
  | { type: 'boleto.submit' };

const complete = (card: CardInput) => Object.values(card).every((v) => v.trim() !== '');

export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent },
  actors: {
    /** GET /portal/customers, portal/customers/plans/selected-plan, /portal/customers/checkout */
    loadBooking: notProvided<BookingPageData>('loadBooking'),
    /** the provider's payment_token, from the browser (the number never goes to our API) */
    tokenizeCard: notProvided<PaymentTokenResponse, CardInput>('tokenizeCard'),
    /** POST /portal/customers/checkout */
    submitCheckout: notProvided<CheckoutStatus, CheckoutRequest>('submitCheckout'),
  },
  actions: {
    /** the journey goes to /pt/plan-signature */
    goToPlans: () => {},
    notifySuccess: (_, _params: { key: MessageKey }) => {},
    notifyError: (_, _params: { key: MessageKey }) => {},
  },
  guards: {
    needsPlan: ({ context }) => {
      const d = context.data;
      return d !== null && bookingNeedsPlan({ planChosen: d.plan !== null, currentStep: currentStep(d.customer.steps) });
    },
    checkoutDone: ({ context }) => context.data?.checkout.exists ?? false,
    paysByBoleto: ({ context }) => (context.data ? paysByBoleto(context.data.customer.documentType) : false),
    cardComplete: ({ event }) => event.type === 'card.submit' && complete(event.card),
    /** spec §5: 10, 15, 20 or 25 */
    validDay: ({ event }) => event.type === 'day.choose' && isBillingDay(event.day),
    dayChosen: ({ context }) => context.day !== null,
    tokenRefused: ({ event }) => 'output' in event && typeof event.output === 'object' && event.output !== null && 'errors' in event.output,
  },
}).createMachine({
  id: 'checkout',
  description: 'The booking screen: the plan summary and the payment, a card (individuals) or the boleto day (companies).',
  context: { data: null, card: null, token: null, flagged: [], day: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBooking',
        onDone: { target: 'deciding', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { description: "'Não foi possível carregar o pagamento da assinatura.' with a retry.", on: { 'page.retry': 'loading' } },
    deciding: {
      always: [
        { guard: 'needsPlan', target: 'leaving', actions: 'goToPlans' },
        { guard: 'checkoutDone', target: 'done' },
        { guard: 'paysByBoleto', target: 'boleto' },
        { target: 'card' },
      ],
    },
    card: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'card.submit': [
              { guard: 'cardComplete', target: 'tokenizing', actions: assign({ card: ({ event }) => event.card, flagged: [], error: null }) },
              // spec §5: 'Por favor, verifique se os dados preenchidos estão corretos'
              { actions: assign({ error: 'checkout.input.error', flagged: [] }) },
            ],
          },
        },
        tokenizing: {
          invoke: {
            src: 'tokenizeCard',
            input: ({ context }) => context.card!,
            onDone: [
              {
                guard: 'tokenRefused',
                target: 'editing',
                actions: assign({
                  flagged: ({ event }) => Object.keys((event.output as { errors: Record<string, string> }).errors) as CardField[],
                  error: 'checkout.input.error', card: null,
                }),
              },
              { target: 'authorising', actions: assign({ token: ({ event }) => (event.output as { id: string }).id, card: null }) },
            ],
            onError: { target: 'editing', actions: [assign({ error: 'checkout.error', card: null }), { type: 'notifyError', params: { key: 'checkout.error' } }] },
          },
        },
        authorising: {
          invoke: {
            src: 'submitCheckout',
            input: ({ context }) => ({ client_plan_id: context.data?.plan?.id ?? 0, token: context.token ?? '' }),
            onDone: {
              target: '#checkout.done',
              actions: [assign({ data: ({ context, event }) => context.data && { ...context.data, checkout: event.output }, token: null }), { type: 'notifySuccess', params: { key: 'checkout.success' } }],
            },
            onError: {
              target: 'editing',
              actions: [
                assign({ error: ({ event }) => failureOf(event.error, 'checkout.error').key, token: null }),
                { type: 'notifyError', params: { key: 'checkout.error' } },
              ],
            },
          },
        },
      },
    },
    boleto: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'day.choose': { guard: 'validDay', actions: assign({ day: ({ event }) => event.day as BillingDay, error: null }) },
            'boleto.submit': [
              { guard: 'dayChosen', target: 'submitting', actions: assign({ error: null }) },
              // spec §5: the day is required (booking.plan.checkout.error.input)
              { actions: assign({ error: 'booking.plan.checkout.error.input' }) },
            ],
          },
        },
        submitting: {
          invoke: {
            src: 'submitCheckout',
            input: ({ context }) => ({ client_plan_id: context.data?.plan?.id ?? 0, expires_day: context.day ?? 10 }),
            onDone: {
              target: '#checkout.done',
              actions: [assign({ data: ({ context, event }) => context.data && { ...context.data, checkout: event.output } }), { type: 'notifySuccess', params: { key: 'checkout.success' } }],
            },
            onError: {
              target: 'choosing',
              actions: [assign({ error: ({ event }) => failureOf(event.error, 'checkout.error').key }), { type: 'notifyError', params: { key: 'checkout.error' } }],
            },
          },
        },
      },
    },
    done: { description: "'Tudo certo, seu cartão foi aprovado, podemos seguir!' (or the boleto day); documents and contracts come next." },
    leaving: { type: 'final', description: 'Back to the plans.' },
  },
});
