import type { Hono } from 'hono';
import { openCustomerSuccess } from '#shared/project/endpoints';
import type { AppDeps } from '../config';
import { endpointApp } from '../http/route';
import { openCustomerSuccess as openCase } from './service';

/** The customer's project follow-up: the customer-success case. */
export function projectRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(openCustomerSuccess, async (c) => c.json(await openCase(deps, c.get('customerId'), c.req.valid('json').client_id)));
  return app;
}
