import * as v from 'valibot';

/** POST /portal/plans/simulator (anonymous): the monthly bill in BRL. */
export const SimulatorRequest = v.object({ bill_value: v.pipe(v.number(), v.minValue(1), v.maxValue(10_000_000)) });

/** The plan levels and their terms (spec §9: LOW 3, MEDIUM 5, MAX 20 years). */
export const PLAN_YEARS = { LOW: 3, MEDIUM: 5, MAX: 20 } as const;
export type PlanType = keyof typeof PLAN_YEARS;

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
export const PlanSimulated = v.object({
  id: v.number(),
  plan: v.object({ type: v.picklist(['LOW', 'MEDIUM', 'MAX']), name: v.string() }),
  deadline_type: v.picklist(['LOW', 'MEDIUM', 'MAX']),
  deadline_years: v.number(),
  free_months: v.number(),
  price: v.number(),
  is_fit: v.boolean(),
  annual_savings: v.number(),
  annual_production: v.number(),
  total_potential: v.number(),
  economy_per_month: v.number(),
  reduction_percent: v.number(),
  new_bill: v.number(),
  old_bill: v.number(),
  bill_value: v.number(),
});
export type PlanSimulated = v.InferOutput<typeof PlanSimulated>;
