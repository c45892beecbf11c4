import { definePathModel, sample } from './engine';
import { planMachine, type PlanContext, type PlansPageData } from '../../machines/plan/planMachine';
import type { PlanOffer } from '#shared/plan/payloads';
import { PLAN_CATALOGUE, type PlanType } from '#shared/plan/rules';
import type { StepStatus, StepType } from '../../src/shared/steps';
import { apiErrors, companyCustomer } from './samples';

/**
 * Path model of the plans screen (spec §2 "Plans screen", §7): what the server answers (three plans
 * with the short one not fit, a customer who already chose, one at CHECKOUT, one whose contracts
 * exist, one with no bill value yet, a failed free-months check) and the customer's choices (a plan
 * that is fit or 'Não apto', confirm or close the modal).
 */

const offer = (type: PlanType, isFit: boolean): PlanOffer => {
  const plan = PLAN_CATALOGUE.find((p) => p.type === type)!;
  return {
    plan_id: plan.id, plan: { type, name: plan.name, has_assistance: true, has_monitoring_by_app: true, joining_fee: 0 },
    deadline_type: type, deadline_years: plan.deadline_years, free_months: plan.free_months, price: isFit ? 380 : 720, is_fit: isFit,
    annual_savings: isFit ? 1_400 : -900, annual_production: 6_100, total_potential: 4.4, economy_per_month: isFit ? 120 : -75,
    reduction_percent: isFit ? 21 : 0, new_bill: 95, old_bill: 600, system_becomes_yours: type === 'MAX',
  };
};
const OFFERS = [offer('LOW', false), offer('MEDIUM', true), offer('MAX', true)];
const atStep = (type: StepType, status: StepStatus = 'NOT_DONE') => [
  ...companyCustomer.steps.filter((s) => s.type !== 'SIGNATURE').map(({ type: t, status: st }) => ({ type: t, status: st })),
  ...(type === 'SIGNATURE' ? [{ type, status }] : [{ type: 'SIGNATURE' as const, status: 'APPROVED' as const }, { type, status }]),
];
const page = (over: Partial<PlansPageData> = {}, customer: Partial<PlansPageData['customer']> = {}): PlansPageData => ({
  customer: { id: companyCustomer.id, steps: atStep('SIGNATURE'), hasContracts: false, ...customer },
  offers: OFFERS, chosen: null, partnership: null, freeMonthsChecked: true, ...over,
});

export const planPaths = definePathModel({
  name: 'plan',
  machine: planMachine,
  events: {
    'plan.select': [
      sample('fitPlan', { type: 'plan.select', plan: 'MAX' as const }),
      sample('notFitPlan', { type: 'plan.select', plan: 'LOW' as const }),
    ],
  },
  actors: {
    loadPlans: {
      done: [
        sample('atPlanChoice', page()),
        sample('withPartnership', page({ partnership: { description: 'Mais 2 mensalidades grátis.', freeMonths: 2 } })),
        sample('freeMonthsCheckFailed', page({ freeMonthsChecked: false })),
        sample('planAlreadyChosen', page({ chosen: 'MEDIUM' })),
        sample('atCheckout', page({}, { steps: atStep('CHECKOUT') })),
        sample('contractsGenerated', page({ chosen: 'MAX' }, { steps: atStep('CONTRACT'), hasContracts: true })),
        sample('noBillValueYet', page({ offers: [] })),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    signPlan: { done: [sample('signed', { data: {} })], error: [sample('offline', apiErrors.offline)] },
  },
  context: (c: PlanContext) => ({
    data: c.data && {
      offers: c.data.offers.map((o) => `${o.deadline_type}:${o.is_fit ? 'fit' : 'notFit'}`),
      chosen: c.data.chosen,
      step: c.data.customer.steps.at(-1)?.type ?? null,
      contracts: c.data.customer.hasContracts,
    },
    selected: c.selected,
    error: c.error,
  }),
  checks: {
    'plan.confirming': (s) => {
      const c = s.context as PlanContext;
      return c.data?.offers.find((o) => o.deadline_type === c.selected)?.is_fit ? undefined : `the modal opened for ${String(c.selected)}, which is not fit`;
    },
  },
});
