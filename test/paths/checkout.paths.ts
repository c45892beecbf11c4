import { definePathModel, sample } from './engine';
import { checkoutMachine, type BookingPageData, type CheckoutContext } from '../../machines/checkout/checkoutMachine';
import type { ClientPlan } from '#shared/plan/payloads';
import type { StepStatus, StepType } from '../../src/shared/steps';
import { apiErrors, companyCustomer, subscriptionCustomer } from './samples';

/**
 * Path model of the booking screen's payment (spec §2 "Booking / checkout screen", §4, §5): who
 * opens it (an individual or a company at CHECKOUT, one who already paid, one who has not chosen a
 * plan), what the provider's tokenizer answers (a token, flagged fields) and what the server says
 * (authorised, declined), and what the customer does (a complete or incomplete card, a boleto day).
 */

const plan: ClientPlan = {
  id: 71, plan_id: 3, plan: { type: 'MAX', name: 'Plano 20 anos' }, price: 206.54, free_months: 3, deadline_years: 20,
  economy_per_month: 272.22, created_at: '2026-11-20T13:00:00.000Z',
};
const steps = (last: StepType, status: StepStatus = 'NOT_DONE') => [
  ...(['SIMULATION', 'BILL', 'PROPOSAL_INITIAL', 'TECHNICAL_VISIT'] as const).map((type) => ({ type, status: 'APPROVED' as const })),
  ...(last === 'SIGNATURE' ? [] : [{ type: 'SIGNATURE' as const, status: 'APPROVED' as const }]), { type: last, status },
];
const page = (documentType: 'CPF' | 'CNPJ', over: Partial<BookingPageData> = {}): BookingPageData => ({
  customer: { id: documentType === 'CPF' ? subscriptionCustomer.id : companyCustomer.id, documentType, steps: steps('CHECKOUT') },
  plan, checkout: { exists: false, data: null }, ...over,
});
const card = { number: '4111 1111 1111 1111', holder: 'Ana Souza', month: '12', year: '2028', cvv: '123' };

export const checkoutPaths = definePathModel({
  name: 'checkout',
  machine: checkoutMachine,
  events: {
    'card.submit': [
      sample('completeCard', { type: 'card.submit', card }),
      sample('cardWithoutCvv', { type: 'card.submit', card: { ...card, cvv: '' } }),
    ],
    'day.choose': [sample('day15', { type: 'day.choose', day: 15 }), sample('day12', { type: 'day.choose', day: 12 })],
  },
  actors: {
    loadBooking: {
      done: [
        sample('individualAtCheckout', page('CPF')),
        sample('companyAtCheckout', page('CNPJ')),
        sample('cardAlreadyApproved', page('CPF', { checkout: { exists: true, data: { method: 'CARD', brand: 'VISA', last4: '1111', holder: 'Ana Souza', month: 12, year: 2028 } } })),
        sample('noPlanChosen', page('CPF', { plan: null, customer: { id: subscriptionCustomer.id, documentType: 'CPF', steps: steps('SIGNATURE') } })),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    tokenizeCard: {
      done: [
        sample('token', { id: 'tok_sample', method: 'credit_card' as const, test: true, extra_info: { brand: 'VISA', holder_name: 'Ana Souza', display_number: 'XXXX-XXXX-XXXX-1111', month: 12, year: 2028 } }),
        sample('numberFlagged', { errors: { number: 'is_invalid' as const } }),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    submitCheckout: {
      done: [sample('authorised', { exists: true, data: { method: 'CARD' as const, brand: 'VISA' as const, last4: '1111', holder: 'Ana Souza', month: 12, year: 2028 } })],
      error: [sample('declined', { status: 422, body: { code: 4222, message: 'O cartão foi recusado pela operadora. Confira os dados ou use outro cartão.' } }), sample('offline', apiErrors.offline)],
    },
  },
  context: (c: CheckoutContext) => ({
    data: c.data && { documentType: c.data.customer.documentType, plan: c.data.plan !== null, paid: c.data.checkout.exists },
    card: c.card !== null, token: c.token !== null, flagged: c.flagged, day: c.day, error: c.error,
  }),
  checks: {
    'checkout.card.tokenizing': (s) => ((s.context as CheckoutContext).card ? undefined : 'tokenizing without the card'),
    'checkout.done': (s) => ((s.context as CheckoutContext).card === null ? undefined : 'the card is still held after the checkout'),
  },
});
