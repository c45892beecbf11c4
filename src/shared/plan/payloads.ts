import * as v from 'valibot';
import { MenuStep } from '../process/payloads';
import { PLAN_CATALOGUE, type PlanType } from './rules';

/** POST /portal/plans/simulator (anonymous): the monthly bill in BRL. */
export const SimulatorRequest = v.object({ bill_value: v.pipe(v.number(), v.minValue(1), v.maxValue(10_000_000)) });

export type { PlanType } from './rules';

/** The plan levels and their terms (spec §9: LOW 3, MEDIUM 5, MAX 20 years). */
export const PLAN_YEARS: Readonly<Record<PlanType, number>> = Object.fromEntries(PLAN_CATALOGUE.map((p) => [p.type, p.deadline_years])) as Record<PlanType, number>;

/** POST /portal/customers/plan-simulated; the bill page sends {bill_value, deadline_years: 20, nivel: 'MAX'} once. */
export const PlanSimulatedRequest = v.pipe(
  v.object({
    bill_value: v.pipe(v.number(), v.minValue(1), v.maxValue(10_000_000)),
    deadline_years: v.pipe(v.number(), v.integer()),
    nivel: v.pipe(v.string(), v.toUpperCase(), v.transform((s) => (s === 'MED' ? 'MEDIUM' : s)), v.picklist(['LOW', 'MEDIUM', 'MAX'])),
  }),
  v.forward(v.check((r) => PLAN_YEARS[r.nivel] === r.deadline_years, 'O prazo não corresponde ao plano.'), ['deadline_years']),
);
export type PlanSimulatedRequest = v.InferOutput<typeof PlanSimulatedRequest>;

/** One simulated plan (spec §3 "Plan"). */
/** A plan's figures for one bill (spec §3 "Plan"), the same in a simulation and in an offer. */
const PLAN_FIGURES = {
  deadline_type: v.picklist(['LOW', 'MEDIUM', 'MAX']),
  deadline_years: v.number(),
  free_months: v.number(),
  /** monthly fee, R$ */
  price: v.number(),
  is_fit: v.boolean(),
  annual_savings: v.number(),
  annual_production: v.number(),
  /** kWp */
  total_potential: v.number(),
  economy_per_month: v.number(),
  reduction_percent: v.number(),
  new_bill: v.number(),
  old_bill: v.number(),
};

export const PlanSimulated = v.object({
  id: v.number(),
  plan: v.object({ type: v.picklist(['LOW', 'MEDIUM', 'MAX']), name: v.string() }),
  ...PLAN_FIGURES,
  bill_value: v.number(),
});
export type PlanSimulated = v.InferOutput<typeof PlanSimulated>;

const Plan = v.object({
  type: v.picklist(['LOW', 'MEDIUM', 'MAX']),
  name: v.string(),
  has_assistance: v.boolean(),
  has_monitoring_by_app: v.boolean(),
  joining_fee: v.number(),
});

/** GET portal/plans/: the catalogue (spec §9 facts), the same for every customer. */
export const CatalogResponse = v.object({
  data: v.array(v.object({
    id: v.number(), type: v.picklist(['LOW', 'MEDIUM', 'MAX']), name: v.string(), deadline_years: v.number(), free_months: v.number(),
    joining_fee: v.number(), has_assistance: v.boolean(), has_monitoring_by_app: v.boolean(), system_becomes_yours: v.boolean(),
  })),
});

/**
 * One plan as offered to the signed-in customer (spec §3 "Plan"): the catalogue's facts and the
 * customer's own figures from the sizing engine with their bill value, state and city. `free_months`
 * counts the partnership's two.
 */
export const PlanOffer = v.object({
  plan_id: v.number(),
  plan: Plan,
  ...PLAN_FIGURES,
  system_becomes_yours: v.boolean(),
});
export type PlanOffer = v.InferOutput<typeof PlanOffer>;

/** GET portal/customers/plans/: the three plans with the customer's figures; empty before a bill value exists. */
export const PlanOffersResponse = v.object({ data: v.array(PlanOffer) });

/** The plan the customer chose (GET portal/customers/plans/selected-plan): `id` is the client plan id. */
export const ClientPlan = v.object({
  id: v.number(),
  plan_id: v.number(),
  plan: v.object({ type: v.picklist(['LOW', 'MEDIUM', 'MAX']), name: v.string() }),
  price: v.number(),
  free_months: v.number(),
  deadline_years: v.number(),
  economy_per_month: v.number(),
  created_at: v.string(),
});
export type ClientPlan = v.InferOutput<typeof ClientPlan>;
export const SelectedClientPlanResponse = v.object({ data: v.nullable(ClientPlan) });

/** POST portal/customers/plans/{planId}/sign: the plan is the customer's; the steps move on to CHECKOUT. */
export const PlanSignedResponse = v.object({ data: ClientPlan, steps: v.array(MenuStep) });

/** GET /portal/customers/{id}/plans/sales_free_month (spec §3 freeMonths {low, med, max}). */
export const SalesFreeMonthsResponse = v.object({
  data: v.object({ low: v.number(), med: v.number(), max: v.number(), has_partnership: v.boolean() }),
});
export type SalesFreeMonths = v.InferOutput<typeof SalesFreeMonthsResponse>['data'];
