import type { Hono } from 'hono';
import { coverage, serveState, stopServingState } from '#shared/coverage/endpoints';
import type { AppDeps } from '../config';
import { endpointApp } from '../http/route';
import { coverageTable, serveState as serve, stopServingState as stopServing } from './service';

/** Staff's franchisee coverage table (which franchisee serves which state). */
export function coverageAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  route(coverage, async (c) => c.json({ data: await coverageTable(deps.db) }));
  route(serveState, async (c) => {
    const state = c.req.param('state').toUpperCase();
    const { franchisee_id } = c.req.valid('json');
    await serve(deps.db, deps.clock, c.get('staffId'), state, franchisee_id);
    return c.json({ state, franchisee_id });
  });
  route(stopServingState, async (c) => {
    const state = c.req.param('state').toUpperCase();
    await stopServing(deps.db, deps.clock, c.get('staffId'), state);
    return c.json({ state, franchisee_id: null });
  });

  return app;
}
