import type { Hono } from 'hono';
import { auditTrail } from '#shared/staff/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import { auditTrail as trailOf } from './service';

/** What staff read across domains: the audit trail. */
export function staffAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(auditTrail, async (c) => {
    const raw = c.req.valid('query').customer_id;
    return c.json({ data: await trailOf(deps.db, raw ? idParam(raw) : undefined) });
  });
  return app;
}
