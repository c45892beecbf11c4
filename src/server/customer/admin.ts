import type { Hono } from 'hono';
import { attribution, setPartnership } from '#shared/customer/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import { customerAttribution } from './attribution';
import { setPartnership as savePartnership } from './partnership';

/** Staff on a customer's account: the employer partnership, and the marketing attribution of the sign-up. */
export function customerAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  route(setPartnership, async (c) => {
    const { has_partnership } = c.req.valid('json');
    const r = await savePartnership(deps.db, deps.clock, c.get('staffId'), idParam(c.req.param('id')), has_partnership);
    return c.json({ id: r.id, has_partnership: r.has_partnership });
  });

  route(attribution, async (c) => c.json({ data: await customerAttribution(deps.db, idParam(c.req.param('id'))) }));

  return app;
}
