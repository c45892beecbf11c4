import type { Hono } from 'hono';
import { selectedPlan, simulatePlan, simulator } from '#shared/plan/endpoints';
import type { AppDeps } from '../config';
import { endpointApp } from '../http/route';
import { selectedSimulation, simulate, simulatePlan as simulateForCustomer } from './service';

/** Plan simulations: the anonymous simulator and the customer's selected plan. */
export function planRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(simulator, (c) => c.json(simulate(deps, c.req.valid('json').bill_value)));
  route(simulatePlan, async (c) => c.json(await simulateForCustomer(deps, c.get('customerId'), c.req.valid('json'))));
  route(selectedPlan, async (c) => c.json(await selectedSimulation(deps.db, c.get('customerId'))));
  return app;
}
