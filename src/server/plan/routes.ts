import type { Hono } from 'hono';
import { customerPlans, plans, salesFreeMonths, selectedClientPlan, selectedPlan, signPlan, simulatePlan, simulator } from '#shared/plan/endpoints';
import { PLAN_CATALOGUE } from '#shared/plan/rules';
import type { AppDeps } from '../config';
import { DomainError } from '../errors';
import { endpointApp, idParam } from '../http/route';
import {
  planOffers, salesFreeMonths as freeMonthsOf, selectedClientPlan as clientPlanOf, selectedSimulation, signPlan as sign, simulate,
  simulatePlan as simulateForCustomer,
} from './service';

/** Plans: the anonymous simulator, the catalogue, the customer's offers and simulation, the choice. */
export function planRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(simulator, (c) => c.json(simulate(deps, c.req.valid('json').bill_value)));
  route(simulatePlan, async (c) => c.json(await simulateForCustomer(deps, c.get('customerId'), c.req.valid('json'))));
  route(selectedPlan, async (c) => c.json(await selectedSimulation(deps.db, c.get('customerId'))));
  route(plans, (c) => c.json({ data: PLAN_CATALOGUE }));
  route(customerPlans, async (c) => c.json({ data: await planOffers(deps, c.get('customerId')) }));
  route(selectedClientPlan, async (c) => c.json({ data: await clientPlanOf(deps.db, c.get('customerId')) }));
  route(signPlan, async (c) => {
    const { plan, steps } = await sign(deps, c.get('customerId'), idParam(c.req.param('planId')));
    return c.json({ data: plan, steps });
  });
  route(salesFreeMonths, async (c) => {
    // a customer reaches only their own id; anyone else's is simply not found
    if (idParam(c.req.param('id')) !== c.get('customerId')) throw new DomainError('NOT_FOUND');
    return c.json({ data: await freeMonthsOf(deps.db, c.get('customerId')) });
  });
  return app;
}
