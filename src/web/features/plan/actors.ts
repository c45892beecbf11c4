import { fromPromise } from 'xstate';
import type { PlansPageData } from '#machines/plan/planMachine';
import type { Api } from '../../api/client';

/** The plans machine's side effects against the API (spec §7 plan calls). */
export function planActors(getApi: () => Promise<Api>) {
  return {
    loadPlans: fromPromise<PlansPageData>(async () => {
      const api = await getApi();
      const customer = await api.getCustomer();
      // the free-months check may fail alone: the plans still show, with the spec's message
      const [offers, chosen, freeMonths] = await Promise.all([
        api.getPlanOffers(), api.getClientPlan(), api.getSalesFreeMonths(customer.id).catch(() => null),
      ]);
      const partnership = freeMonths?.has_partnership ? await api.getPartnership(customer.id).catch(() => null) : null;
      return {
        customer: { id: customer.id, steps: customer.steps, hasContracts: customer.contracts.length > 0 },
        offers,
        chosen: chosen?.plan.type ?? null,
        partnership: partnership?.description ? { description: partnership.description, freeMonths: partnership.free_months } : null,
        freeMonthsChecked: freeMonths !== null,
      };
    }),
    signPlan: fromPromise<unknown, { planId: number }>(async ({ input }) => (await getApi()).signPlan(input.planId)),
  };
}
