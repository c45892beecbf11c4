import type { Hono } from 'hono';
import { auditTrail, currentSession, endSessions, enrol, readInvitation, signIn, signOut, staffMembers } from '#shared/staff/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import { auditTrail as trailOf } from './service';
import * as auth from './auth';
import { queue, queues } from '#shared/staff/queues';
import { queueItems, queueSummaries } from './queues';

/** The back-office's sign-in and staff management, and the audit trail. */
export function staffAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(auditTrail, async (c) => {
    const q = c.req.valid('query');
    return c.json({ data: await trailOf(deps.db, {
      customerId: q.customer_id ? idParam(q.customer_id) : undefined,
      staffId: q.staff_id ? idParam(q.staff_id) : undefined,
      action: q.action || undefined,
      from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
      until: q.until ? new Date(`${q.until}T23:59:59.999Z`) : undefined,
      page: q.page,
    }) });
  });
  route(queues, async (c) => c.json(await queueSummaries(deps)));
  route(queue, async (c) => c.json(await queueItems(deps, c.req.param('queue'), c.req.valid('query').page ?? 1)));
  route(readInvitation, async (c) => c.json(await auth.readInvitation(deps, c.req.valid('json').invite)));
  route(enrol, async (c) => c.json(await auth.enrol(deps, c.req.valid('json')), 201));
  route(signIn, async (c) => c.json(await auth.signIn(deps, c.req.valid('json')), 201));
  route(currentSession, async (c) => c.json(await auth.me(deps.db, c.get('staff'))));
  route(signOut, async (c) => {
    await auth.signOut(deps, c.get('staff'));
    return c.body(null, 204);
  });
  route(staffMembers, async (c) => c.json(await auth.staffList(deps)));
  route(endSessions, async (c) => c.json({ ended: await auth.endSessions(deps, c.get('staffId'), idParam(c.req.param('staffId'))) }));
  return app;
}
