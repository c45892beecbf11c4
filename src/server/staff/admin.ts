import type { Context, Hono } from 'hono';
import {
  addPasskey, auditTrail, currentSession, endSessions, enrol, enrolPasskey, invitationPasskeyOptions, listPasskeys, passkeyOptions, readInvitation, removePasskey,
  signIn, signInPasskey, signInPasskeyOptions, signOut, staffMembers,
} from '#shared/staff/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import { clientAddress } from '../http/common';
import { auditTrail as trailOf } from './audit';
import * as auth from './auth';
import * as passkey from './passkey';
import { queue, queues } from '#shared/staff/queues';
import { queueItems, queueSummaries } from './queues';

/** The back-office's sign-in and staff management, and the audit trail. */
export function staffAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  // passkeys are made and used on the portal's origin: PUBLIC_ORIGIN, else the request's own
  const site = (c: Context) => passkey.passkeySite(deps.publicOrigin ?? new URL(c.req.url).origin);
  route(auditTrail, async (c) => {
    const q = c.req.valid('query');
    return c.json({ data: await trailOf(deps.db, {
      customerId: q.customer_id ? idParam(q.customer_id) : undefined,
      staffId: q.staff_id ? idParam(q.staff_id) : undefined,
      action: q.action || undefined,
      from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
      until: q.until ? new Date(`${q.until}T23:59:59.999Z`) : undefined,
      page: q.page,
      order: q.order,
    }) });
  });
  route(queues, async (c) => c.json(await queueSummaries(deps)));
  route(queue, async (c) => {
    const q = c.req.valid('query');
    return c.json(await queueItems(deps, c.get('staff').roles, c.req.param('queue'), { page: q.page, order: q.order, status: q.status }));
  });
  route(readInvitation, async (c) => c.json(await auth.readInvitation(deps, c.req.valid('json').invite)));
  route(enrol, async (c) => c.json(await auth.enrol(deps, c.req.valid('json')), 201));
  route(signIn, async (c) => c.json(await auth.signIn(deps, c.req.valid('json'), clientAddress(c, deps)), 201));
  route(invitationPasskeyOptions, async (c) => c.json(await passkey.invitationOptions(deps, site(c), c.req.valid('json').invite)));
  route(enrolPasskey, async (c) => c.json(await passkey.enrolWithPasskey(deps, site(c), c.req.valid('json')), 201));
  route(signInPasskeyOptions, async (c) => c.json(await passkey.signInOptions(deps, site(c), c.req.valid('json').email)));
  route(signInPasskey, async (c) => c.json(await passkey.signInWithPasskey(deps, site(c), c.req.valid('json'), clientAddress(c, deps)), 201));
  route(passkeyOptions, async (c) => c.json(await passkey.addOptions(deps, site(c), c.get('staff'))));
  route(addPasskey, async (c) => c.json(await passkey.addPasskey(deps, site(c), c.get('staff'), c.req.valid('json').response), 201));
  route(listPasskeys, async (c) => c.json({ data: await passkey.listPasskeys(deps, c.get('staff')) }));
  route(removePasskey, async (c) => {
    await passkey.removePasskey(deps, c.get('staff'), idParam(c.req.param('passkeyId')));
    return c.body(null, 204);
  });
  route(currentSession, async (c) => c.json(await auth.me(deps.db, c.get('staff'))));
  route(signOut, async (c) => {
    await auth.signOut(deps, c.get('staff'));
    return c.body(null, 204);
  });
  route(staffMembers, async (c) => c.json(await auth.staffList(deps)));
  route(endSessions, async (c) => c.json({ ended: await auth.endSessions(deps, c.get('staffId'), idParam(c.req.param('staffId'))) }));
  return app;
}
