import type { Hono } from 'hono';
import { processOf, sendProcessEvent } from '#shared/process/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import { processView, sendStaffEvent } from './service';

/** Staff reading a customer's process and moving it. */
export function processAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  route(processOf, async (c) => c.json(await processView(deps.db, idParam(c.req.param('id')))));
  route(sendProcessEvent, async (c) => {
    const id = idParam(c.req.param('id'));
    await sendStaffEvent(deps, c.get('staffId'), id, c.req.valid('json'));
    return c.json(await processView(deps.db, id));
  });

  return app;
}
