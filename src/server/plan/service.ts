import { desc, eq } from 'drizzle-orm';
import type { PlanSimulated, PlanSimulatedRequest, PlanType } from '#shared/plan/payloads';
import { ErrorCode } from '#shared/errors';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import { customers, planSimulations } from '../platform/db/schema';
import { ApiError } from '../http/errors';
import { byCustomer, loadProcess, moveProcessIn } from '../process/host';
import { PLAN_LEVEL_BY_TYPE, sizeSolarSystem, type SizingResult } from '../engines/sizing/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;

const PLAN_NAME: Record<PlanType, string> = { LOW: 'Plano 3 anos', MEDIUM: 'Plano 5 anos', MAX: 'Plano 20 anos' };

/** The anonymous simulator: national averages when no state is known. */
export function simulate(deps: Pick<AppDeps, 'clock'>, billValue: number, uf?: string, municipalityIbge?: string): SizingResult {
  return sizeSolarSystem({ billValue, uf: uf ?? null, municipalityIbge, year: deps.clock.now().getUTCFullYear() });
}

const planOf = (id: number, billValue: number, level: PlanType, r: SizingResult): PlanSimulated => {
  const p = r.plan[PLAN_LEVEL_BY_TYPE[level]];
  return {
    id, plan: { type: level, name: PLAN_NAME[level] }, deadline_type: level, deadline_years: p.deadline_years, free_months: p.free_months,
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
  if (!c) throw new ApiError(401, ErrorCode.UNAUTHORIZED);
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
      await moveProcessIn(tx, clock, customerId, { type: 'simulation.done' }, { by: byCustomer });
    }
    return planOf(row.id, req.bill_value, req.nivel, result);
  });
}

export async function selectedSimulation(db: Db, customerId: number): Promise<PlanSimulated | null> {
  const [row] = await db.select().from(planSimulations).where(eq(planSimulations.customerId, customerId)).orderBy(desc(planSimulations.id)).limit(1);
  return row ? planOf(row.id, row.billValue, row.level, row.result as SizingResult) : null;
}
