import { simulatePlan } from '#shared/plan/endpoints';
import type { PlanSimulated, PlanSimulatedRequest } from '#shared/plan/payloads';
import type { Transport } from './transport';

/** The customer's plan simulation. */
export const planCalls = (t: Transport) => ({
  /** POST /portal/customers/plan-simulated */
  async simulatePlan(request: PlanSimulatedRequest): Promise<PlanSimulated> {
    const { data } = await t.call(simulatePlan, { json: request });
    return data;
  },
});
