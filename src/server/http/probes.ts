import { Hono } from 'hono';
import type { AppDeps } from '../config';
import { checkReadiness } from '../platform/health';

/**
 * The orchestrator's probes, beside the API (not under /api/v1, no token, never cached; not
 * descriptors: no browser calls them). GET /healthz: the process answers. GET /readyz: it may take
 * traffic (database answers, migrations applied, not draining), else 503 naming the failed check.
 */
export const PROBE_ROUTES = ['GET /healthz', 'GET /readyz'];

export function probeRoutes(deps: Pick<AppDeps, 'db' | 'readiness'>): Hono {
  const app = new Hono();
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const answer = await checkReadiness(deps.db, deps.readiness);
    return c.json(answer, answer.status === 'ready' ? 200 : 503);
  });
  return app;
}
