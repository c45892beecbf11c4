import type { Hono } from 'hono';
import { publishFinalProposal } from '#shared/proposal/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import { publishFinalProposal as publish } from './service';

/** Staff publishing the FINAL proposal after the technical visit. */
export function proposalAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(publishFinalProposal, async (c) => {
    const id = idParam(c.req.param('id'));
    const body = c.req.valid('json');
    const published = await deps.db.transaction((tx) => publish(tx, deps.clock, id, c.get('staffId'), body));
    return c.json(published, 201);
  });
  return app;
}
