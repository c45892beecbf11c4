import type { Hono } from 'hono';
import { markNotificationRead, notifications } from '#shared/notification/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import { listNotifications, markRead } from './service';

/** The customer's bell. */
export function notificationRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(notifications, async (c) => c.json({ data: await listNotifications(deps.db, c.get('customerId')) }));
  route(markNotificationRead, async (c) => c.json(await markRead(deps.db, deps.clock, c.get('customerId'), idParam(c.req.param('id')))));
  return app;
}
