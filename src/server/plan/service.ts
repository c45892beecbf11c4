import { desc, eq } from 'drizzle-orm';
import type { ClientPlan, PlanOffer, PlanSimulated, PlanSimulatedRequest, PlanType, SalesFreeMonths } from '#shared/plan/payloads';
import { catalogPlan, catalogPlanById, freeMonthsOf, PLAN_TYPES } from '#shared/plan/rules';
import type { MenuStep } from '#shared/steps';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import { clientPlans, customers, planSimulations } from '../platform/db/schema';
import { DomainError } from '../errors';
import { sizedBillOf } from '../bill/sizedBill';
import { byCustomer, loadProcess, moveProcessIn } from '../process/host';
import { PLAN_LEVEL_BY_TYPE, sizeSolarSystem, type SizingResult } from '../engines/sizing/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'reactions' | 'storage'>;


/** The anonymous simulator: national averages when no state is known. */
export function simulate(deps: Pick<AppDeps, 'clock'>, billValue: number, uf?: string, municipalityIbge?: string): SizingResult {
  return sizeSolarSystem({ billValue, uf: uf ?? null, municipalityIbge, year: deps.clock.now().getUTCFullYear() });
}

const planOf = (id: number, billValue: number, level: PlanType, r: SizingResult): PlanSimulated => {
  const p = r.plan[PLAN_LEVEL_BY_TYPE[level]];
  return {
    id, plan: { type: level, name: catalogPlan(level).name }, deadline_type: level, deadline_years: p.deadline_years, free_months: p.free_months,
    price: p.price, is_fit: p.is_fit, annual_savings: p.annual_savings, annual_production: p.annual_production, total_potential: p.total_potential,
    economy_per_month: p.economy_per_month, reduction_percent: p.reduction_percent, new_bill: p.new_bill, old_bill: p.old_bill, bill_value: billValue,
  };
};

/**
 * The customer's plan simulation with their state and city; stored as the selected simulation. A fit
 * plan approves the SIMULATION step (when the process still has it open); an unfit one leaves it open
 * and the bill page asks for a customer-success follow-up.
 */
export async function simulatePlan(deps: Deps, customerId: number, req: PlanSimulatedRequest): Promise<PlanSimulated> {
  const { db, clock } = deps;
  const [c] = await db.select({ state: customers.stateCode, city: customers.cityId }).from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('UNAUTHORIZED');
  const result = sizeSolarSystem({ billValue: req.bill_value, uf: c.state, municipalityIbge: String(c.city), year: clock.now().getUTCFullYear() });
  const fit = result.plan[PLAN_LEVEL_BY_TYPE[req.nivel]].is_fit;
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(planSimulations).values({
      customerId, billValue: req.bill_value, deadlineYears: req.deadline_years, level: req.nivel, isFit: fit, result, createdAt: clock.now(),
    }).returning({ id: planSimulations.id });
    if (!row) throw new Error('simulation insert returned nothing');
    const p = await loadProcess(tx, customerId);
    if (fit && p?.snapshot.can({ type: 'simulation.done' })) {
      // the bill may have been approved first: the move's reactions then send the initial proposal
      await moveProcessIn(tx, deps, customerId, { type: 'simulation.done' }, { by: byCustomer });
    }
    return planOf(row.id, req.bill_value, req.nivel, result);
  });
}

export async function selectedSimulation(db: Db, customerId: number): Promise<PlanSimulated | null> {
  const [row] = await db.select().from(planSimulations).where(eq(planSimulations.customerId, customerId)).orderBy(desc(planSimulations.id)).limit(1);
  return row ? planOf(row.id, row.billValue, row.level, row.result as SizingResult) : null;
}

// ---- the plans screen ---------------------------------------------------------------------------

async function customerForPlans(db: Db, customerId: number) {
  const sized = await sizedBillOf(db, customerId);
  if (!sized) throw new DomainError('UNAUTHORIZED');
  return sized;
}

/**
 * GET portal/customers/plans: the three plans with the customer's figures, sized like their proposals
 * (the latest approved bill's value, else the sign-up value; their state and city) and with the partnership's free months. Empty while
 * the customer has no bill value.
 */
export async function planOffers(deps: Pick<AppDeps, 'db' | 'clock'>, customerId: number): Promise<PlanOffer[]> {
  const c = await customerForPlans(deps.db, customerId);
  if (!c.billValue || c.billValue <= 0) return [];
  const r = sizeSolarSystem({ billValue: c.billValue, uf: c.uf, municipalityIbge: c.municipalityIbge, year: deps.clock.now().getUTCFullYear() });
  return PLAN_TYPES.map((type) => {
    const p = r.plan[PLAN_LEVEL_BY_TYPE[type]];
    const plan = catalogPlan(type);
    return {
      plan_id: plan.id,
      plan: { type, name: plan.name, has_assistance: plan.has_assistance, has_monitoring_by_app: plan.has_monitoring_by_app, joining_fee: plan.joining_fee },
      deadline_type: type, deadline_years: p.deadline_years, free_months: freeMonthsOf(type, c.hasPartnership),
      price: p.price, is_fit: p.is_fit, annual_savings: p.annual_savings, annual_production: p.annual_production, total_potential: p.total_potential,
      economy_per_month: p.economy_per_month, reduction_percent: p.reduction_percent, new_bill: p.new_bill, old_bill: p.old_bill,
      system_becomes_yours: plan.system_becomes_yours,
    };
  });
}

/** GET /portal/customers/{id}/plans/sales_free_month: free months per level for this customer. */
export async function salesFreeMonths(db: Db, customerId: number): Promise<SalesFreeMonths> {
  const c = await customerForPlans(db, customerId);
  return { low: freeMonthsOf('LOW', c.hasPartnership), med: freeMonthsOf('MEDIUM', c.hasPartnership), max: freeMonthsOf('MAX', c.hasPartnership), has_partnership: c.hasPartnership };
}

type ClientPlanRow = typeof clientPlans.$inferSelect;
const clientPlanOf = (row: ClientPlanRow): ClientPlan => ({
  id: row.id, plan_id: catalogPlan(row.planType).id, plan: { type: row.planType, name: catalogPlan(row.planType).name },
  price: row.price, free_months: row.freeMonths, deadline_years: row.deadlineYears,
  economy_per_month: (row.offer as PlanOffer).economy_per_month, created_at: row.createdAt.toISOString(),
});

/** GET portal/customers/plans/selected-plan: the client plan, or null before the choice. */
export async function selectedClientPlan(db: Db, customerId: number): Promise<ClientPlan | null> {
  const [row] = await db.select().from(clientPlans).where(eq(clientPlans.customerId, customerId));
  return row ? clientPlanOf(row) : null;
}

/**
 * POST portal/customers/plans/{planId}/sign: the customer takes a plan. It must be fit for their bill
 * ('Não apto' otherwise, 4097) and the process must be at the plan choice (4090): the client plan is
 * stored with the figures shown and the process moves to CHECKOUT in the same transaction.
 */
export async function signPlan(deps: Pick<AppDeps, 'db' | 'clock' | 'reactions'>, customerId: number, planId: number): Promise<{ plan: ClientPlan; steps: MenuStep[] }> {
  const catalogue = catalogPlanById(planId);
  if (!catalogue) throw new DomainError('NOT_FOUND');
  const offer = (await planOffers(deps, customerId)).find((o) => o.plan_id === planId);
  if (!offer?.is_fit) throw new DomainError('PLAN_NOT_FIT', { field: 'planId' });
  return deps.db.transaction(async (tx) => {
    const move = await moveProcessIn(tx, deps, customerId, { type: 'plan.signed' }, { by: byCustomer });
    const [row] = await tx.insert(clientPlans).values({
      customerId, planType: catalogue.type, price: offer.price, freeMonths: offer.free_months, deadlineYears: offer.deadline_years,
      offer, createdAt: deps.clock.now(),
    }).onConflictDoUpdate({
      target: clientPlans.customerId,
      set: { planType: catalogue.type, price: offer.price, freeMonths: offer.free_months, deadlineYears: offer.deadline_years, offer, createdAt: deps.clock.now() },
    }).returning();
    if (!row) throw new Error('client plan upsert returned nothing');
    return { plan: clientPlanOf(row), steps: move.steps };
  });
}
