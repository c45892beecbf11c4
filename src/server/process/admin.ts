import type { Hono } from 'hono';
import { processOf, sendProcessEvent } from '#shared/process/endpoints';
import { hasRole, STAFF_EVENT_ROLES } from '#shared/staff/roles';
import type { AppDeps } from '../config';
import { DomainError } from '../errors';
import { endpointApp, idParam } from '../http/route';
import { processView, sendStaffEvent } from './service';

/** Staff reading a customer's process and moving it. */
export function processAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  route(processOf, async (c) => c.json(await processView(deps.db, idParam(c.req.param('id')))));
  route(sendProcessEvent, async (c) => {
    const id = idParam(c.req.param('id'));
    // each event belongs to one role (the visit's to the scheduler, the sale's to sales...)
    if (!hasRole(c.get('staff').roles, STAFF_EVENT_ROLES[c.req.valid('json').type] ?? [])) throw new DomainError('STAFF_ROLE');
    await sendStaffEvent(deps, c.get('staffId'), id, c.req.valid('json'));
    return c.json(await processView(deps.db, id));
  });

  return app;
}
