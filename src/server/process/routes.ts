import type { Hono } from 'hono';
import { steps } from '#shared/process/endpoints';
import type { AppDeps } from '../config';
import { endpointApp } from '../http/route';
import { customerSteps } from './host';

/** The customer's steps, derived from their process. */
export function processRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(steps, async (c) => c.json({ data: await customerSteps(deps.db, c.get('customerId')) }));
  return app;
}
