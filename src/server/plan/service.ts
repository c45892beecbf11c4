import { and, desc, eq } from 'drizzle-orm';
import type { PlanSimulated, PlanSimulatedRequest, PlanType } from '#shared/plan/payloads';
import { ErrorCode } from '#shared/errors';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import { customers, customerSuccessCases, planSimulations, uploads } from '../platform/db/schema';
import { ApiError } from '../http/errors';
import { applyProcessEventIn, loadProcess } from '../process/host';
import { PLAN_LEVEL_BY_TYPE, sizeSolarSystem, type SizingResult } from '../engines/sizing/index';
import { newStorageKey } from '../providers/storage/index';
import type { StagedUpload } from '../http/multipart';
import { UPLOAD_MIME } from '#shared/bill/rules';
import { sendInitialProposalWhenReady } from '../proposal/service';

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
      await applyProcessEventIn(tx, clock, customerId, { type: 'simulation.done' });
      await sendInitialProposalWhenReady(tx, clock, customerId); // the bill may have been approved first
    }
    return planOf(row.id, req.bill_value, req.nivel, result);
  });
}

export async function selectedSimulation(db: Db, customerId: number): Promise<PlanSimulated | null> {
  const [row] = await db.select().from(planSimulations).where(eq(planSimulations.customerId, customerId)).orderBy(desc(planSimulations.id)).limit(1);
  return row ? planOf(row.id, row.billValue, row.level, row.result as SizingResult) : null;
}

/** One open follow-up per customer: asking again returns the same case. Only for oneself. */
export async function openCustomerSuccess(deps: Pick<AppDeps, 'db' | 'clock'>, customerId: number, clientId: number) {
  if (clientId !== customerId) throw new ApiError(404, ErrorCode.NOT_FOUND);
  await deps.db.insert(customerSuccessCases).values({ customerId, createdAt: deps.clock.now() }).onConflictDoNothing();
  const [row] = await deps.db.select().from(customerSuccessCases).where(eq(customerSuccessCases.customerId, customerId));
  if (!row) throw new Error('customer success case missing');
  return { id: row.id, client_id: customerId, status: row.status, messages: [] as { id: number; message: string }[] };
}

export async function customerSuccessOf(db: Db, customerId: number) {
  const [row] = await db.select().from(customerSuccessCases).where(eq(customerSuccessCases.customerId, customerId));
  return row ? { id: row.id, status: row.status, upload_available: false } : null;
}

const badgeUrl = (id: number) => `/api/v1/portal/client-partnership/${id}/emproyee-card`;

async function latestBadge(db: Db, customerId: number) {
  const [row] = await db.select().from(uploads).where(and(eq(uploads.customerId, customerId), eq(uploads.purpose, 'employee_card'))).orderBy(desc(uploads.id)).limit(1);
  return row ?? null;
}

/** The partnership of the signed-in customer (`id` is their own client id; anyone else's is not found). */
export async function partnershipOf(db: Db, customerId: number, id: number) {
  if (id !== customerId) throw new ApiError(404, ErrorCode.NOT_FOUND);
  const [c] = await db.select({ has: customers.hasPartnership }).from(customers).where(eq(customers.id, customerId));
  const badge = await latestBadge(db, customerId);
  return { id: customerId, has_partnership: c?.has ?? false, url: badge ? badgeUrl(customerId) : null, is_validated: false };
}

/** Stores the employee badge like a bill: file moved into place as the transaction's last step. */
export async function saveEmployeeCard(deps: Deps, customerId: number, id: number, file: StagedUpload) {
  const key = newStorageKey();
  let saved = false;
  try {
    if (id !== customerId) throw new ApiError(404, ErrorCode.NOT_FOUND);
    await deps.db.transaction(async (tx) => {
      await tx.insert(uploads).values({
        customerId, purpose: 'employee_card', storageKey: key, originalName: file.originalName, kind: file.kind, size: file.size, createdAt: deps.clock.now(),
      });
      await deps.storage.save(file.path, key, UPLOAD_MIME[file.kind]);
      saved = true;
    });
  } catch (e) {
    await file.discard();
    if (saved) await deps.storage.remove(key).catch(() => undefined);
    throw e;
  }
  return partnershipOf(deps.db, customerId, id);
}

export async function employeeCardFile(deps: Deps, customerId: number, id: number) {
  if (id !== customerId) throw new ApiError(404, ErrorCode.FILE_NOT_FOUND);
  const badge = await latestBadge(deps.db, customerId);
  if (!badge) throw new ApiError(404, ErrorCode.FILE_NOT_FOUND);
  return { bytes: await deps.storage.read(badge.storageKey), kind: badge.kind, name: badge.originalName };
}
