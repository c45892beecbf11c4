import type { Hono } from 'hono';
import { attribution, searchCustomers, setPartnership, staffCustomer } from '#shared/customer/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import { customerAttribution } from './attribution';
import { setPartnership as savePartnership } from './partnership';
import { customerPage, searchCustomers as search } from './staffView';

/** Staff on a customer's account: the employer partnership, and the marketing attribution of the sign-up. */
export function customerAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  route(setPartnership, async (c) => {
    const { has_partnership } = c.req.valid('json');
    const r = await savePartnership(deps.db, deps.clock, c.get('staffId'), idParam(c.req.param('id')), has_partnership);
    return c.json({ id: r.id, has_partnership: r.has_partnership });
  });

  route(searchCustomers, async (c) => {
    const { q, page, sort } = c.req.valid('query');
    return c.json(await search(deps.db, q, page ?? 1, sort));
  });
  route(staffCustomer, async (c) => c.json(await customerPage(deps.db, idParam(c.req.param('id')))));

  route(attribution, async (c) => c.json({ data: await customerAttribution(deps.db, idParam(c.req.param('id'))) }));

  return app;
}
