import { Hono } from 'hono';
import { Notification, NotificationPatch, NotificationsResponse } from '#shared/bill/payloads';
import { ErrorCode } from '#shared/errors';
import { requireSession, type SessionVars } from '../auth/sessions';
import type { AppDeps } from '../config';
import { ApiError, jsonBody } from '../http/errors';
import { listNotifications, markRead } from './service';
import { err } from '../http/common';
import type { RouteDoc } from '../http/registry';

export const notificationsRoutes: RouteDoc[] = [
  {
    method: 'get', path: '/portal/notifications', tag: 'notifications', auth: true, summary: "The customer's notifications, newest first.",
    responses: { 200: { description: 'notifications', schema: NotificationsResponse }, 401: err('no valid session') },
  },
  {
    method: 'patch', path: '/portal/notifications/:id', tag: 'notifications', auth: true, body: NotificationPatch, summary: 'Mark a notification READ.',
    responses: { 200: { description: 'the notification', schema: Notification }, 401: err('no valid session'), 404: err('not one of this customer\'s notifications') },
  },
];

export function notificationsApi(deps: AppDeps): Hono<SessionVars> {
  const app = new Hono<SessionVars>();
  const session = requireSession(deps);
  app.get('/', session, async (c) => c.json({ data: await listNotifications(deps.db, c.get('customerId')) }));
  app.patch('/:id', session, jsonBody(NotificationPatch), async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isInteger(id) || id <= 0) throw new ApiError(404, ErrorCode.NOT_FOUND);
    return c.json(await markRead(deps.db, deps.clock, c.get('customerId'), id));
  });
  return app;
}
