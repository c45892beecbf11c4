import { assign, setup } from 'xstate';
import type { MessageKey } from '#shared/messages';
import { plansScreenExit, type PlanType } from '#shared/plan/rules';
import { currentStep, type MenuStep } from '#shared/steps';
import type { PlanOffer } from '#shared/plan/payloads';
import { notProvided } from '../notProvided';

/**
 * The plans screen (spec §2 "Plans screen", §7 plan calls): load the customer, their three plans
 * with their own figures, their chosen plan and the free months -> a customer past the choice goes
 * on (booking-payment, or customers-signature once contracts exist); otherwise the plans are shown.
 * A fit plan opens the modal; 'Siga para assinatura' takes it (the process moves to CHECKOUT) and
 * goes to booking-payment. A plan that is not fit cannot be chosen ('Não apto'). The free-months
 * check may fail alone: the plans still show, with 'Não foi possível verificar a opção de 1º mês
 * grátis'. Side effects are the named actors and actions, provided at the edge.
 */

export interface PlansPageData {
  customer: { id: number; steps: Pick<MenuStep, 'type' | 'status'>[]; hasContracts: boolean };
  offers: PlanOffer[];
  /** the client plan's level, when one was chosen */
  chosen: PlanType | null;
  /** the partnership's text beside the plans (null without one) */
  partnership: { description: string; freeMonths: number } | null;
  /** false when the free-months check failed (the figures then leave the partnership out) */
  freeMonthsChecked: boolean;
}

export interface PlanContext {
  data: PlansPageData | null;
  /** the plan in the modal */
  selected: PlanType | null;
  error: MessageKey | null;
}

export type PlanEvent =
  | { type: 'page.retry' }
  | { type: 'plan.select'; plan: PlanType }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.dismiss' };

const exitOf = (data: PlansPageData | null) => (data ? plansScreenExit({
  planChosen: data.chosen !== null, currentStep: currentStep(data.customer.steps), hasContracts: data.customer.hasContracts,
}) : null);

export const planMachine = setup({
  types: { context: {} as PlanContext, events: {} as PlanEvent },
  actors: {
    /** GET /portal/customers, portal/customers/plans, selected-plan, sales_free_month, client-partnership */
    loadPlans: notProvided<PlansPageData>('loadPlans'),
    /** POST portal/customers/plans/{planId}/sign */
    signPlan: notProvided<unknown, { planId: number }>('signPlan'),
  },
  actions: {
    /** the journey reloads the side navigation (the steps changed) */
    menuChanged: () => {},
    /** the journey goes to /pt/booking-payment */
    goToBooking: () => {},
    /** the journey goes to /pt/customers-signature */
    goToContracts: () => {},
  },
  guards: {
    contractsExist: ({ context }) => exitOf(context.data) === 'customersSignature',
    pastPlanChoice: ({ context }) => exitOf(context.data) === 'bookingPayment',
    noOffers: ({ context }) => (context.data?.offers.length ?? 0) === 0,
    /** spec §2: a plan that is not fit cannot be selected */
    planIsFit: ({ context, event }) => event.type === 'plan.select' && (context.data?.offers.some((o) => o.deadline_type === event.plan && o.is_fit) ?? false),
  },
}).createMachine({
  id: 'plan',
  description: 'The plans screen: the three plans with the customer\'s figures, the choice and on to booking-payment.',
  context: { data: null, selected: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPlans',
        onDone: { target: 'deciding', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: "'Não foi possível carregar os planos.' with a retry.",
      on: { 'page.retry': 'loading' },
    },
    deciding: {
      always: [
        { guard: 'contractsExist', target: 'leaving', actions: 'goToContracts' },
        { guard: 'pastPlanChoice', target: 'leaving', actions: 'goToBooking' },
        { guard: 'noOffers', target: 'noPlans' },
        { target: 'choosing' },
      ],
    },
    noPlans: {
      description: 'No bill value yet: the plans appear once the bill is analysed.',
      on: { 'page.retry': 'loading' },
    },
    choosing: {
      on: {
        'plan.select': { guard: 'planIsFit', target: 'confirming', actions: assign({ selected: ({ event }) => event.plan, error: null }) },
      },
    },
    confirming: {
      description: "The modal: what comes next (card or boleto day, documents; nothing charged now) and 'Siga para assinatura'.",
      on: {
        'dialog.confirm': 'signing',
        'dialog.dismiss': { target: 'choosing', actions: assign({ selected: null }) },
      },
    },
    signing: {
      invoke: {
        src: 'signPlan',
        input: ({ context }) => ({ planId: context.data?.offers.find((o) => o.deadline_type === context.selected)?.plan_id ?? 0 }),
        onDone: { target: 'leaving', actions: ['menuChanged', 'goToBooking'] },
        // spec §8: 'Não foi possível selecionar a simulação do plano.'; the plans stay as they were
        onError: { target: 'choosing', actions: assign({ error: 'plan.select.error', selected: null }) },
      },
    },
    leaving: { type: 'final', description: 'On to booking-payment or the contracts.' },
  },
});
