import type { Hono } from 'hono';
import { sendNotification } from '#shared/notification/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import { sendStaffNotification } from './service';

/** Staff writing to a customer's bell. */
export function notificationAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(sendNotification, async (c) => {
    const id = idParam(c.req.param('id'));
    const created = await sendStaffNotification(deps.db, deps.clock, c.get('staffId'), id, c.req.valid('json').message);
    return c.json({ id: created }, 201);
  });
  return app;
}
