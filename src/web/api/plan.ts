import { customerPlans, salesFreeMonths, selectedClientPlan, signPlan, simulatePlan } from '#shared/plan/endpoints';
import type { ClientPlan, PlanOffer, PlanSimulated, PlanSimulatedRequest, SalesFreeMonths } from '#shared/plan/payloads';
import type { Transport } from './transport';

/** The customer's plan simulation, their three plans and the choice of one. */
export const planCalls = (t: Transport) => ({
  /** POST /portal/customers/plan-simulated */
  async simulatePlan(request: PlanSimulatedRequest): Promise<PlanSimulated> {
    const { data } = await t.call(simulatePlan, { json: request });
    return data;
  },

  /** GET portal/customers/plans: the three plans with the customer's figures */
  async getPlanOffers(): Promise<PlanOffer[]> {
    const { data } = await t.call(customerPlans, {});
    return data.data;
  },

  /** GET portal/customers/plans/selected-plan: the client plan, or null */
  async getClientPlan(): Promise<ClientPlan | null> {
    const { data } = await t.call(selectedClientPlan, {});
    return data.data;
  },

  /** POST portal/customers/plans/{planId}/sign */
  async signPlan(planId: number): Promise<ClientPlan> {
    const { data } = await t.call(signPlan, { params: { planId } });
    return data.data;
  },

  /** GET /portal/customers/{id}/plans/sales_free_month */
  async getSalesFreeMonths(clientId: number): Promise<SalesFreeMonths> {
    const { data } = await t.call(salesFreeMonths, { params: { id: clientId } });
    return data.data;
  },
});
