import type { Hono } from 'hono';
import { attribution, searchCustomers, setPartnership, staffCustomer } from '#shared/customer/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import { customerAttribution } from './attribution';
import { setPartnership as savePartnership } from './partnership';
import { auditRead } from '../staff/audit';
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
  // each customer page opened is audited (who read whom)
  route(staffCustomer, async (c) => {
    const id = idParam(c.req.param('id'));
    const page = await customerPage(deps.db, id);
    await auditRead(deps, c.get('staffId'), 'customer', id);
    return c.json(page);
  });

  route(attribution, async (c) => c.json({ data: await customerAttribution(deps.db, idParam(c.req.param('id'))) }));

  return app;
}
