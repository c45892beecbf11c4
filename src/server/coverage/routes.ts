import type { Hono } from 'hono';
import { cities } from '#shared/coverage/endpoints';
import type { AppDeps } from '../config';
import { endpointApp } from '../http/route';
import { citiesOf } from './service';

/** Reference data for the sign-up form: the municipalities of a state. */
export function coverageRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(cities, async (c) => {
    const data = await citiesOf(deps.db, c.req.param('state').toUpperCase());
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json({ success: true, data });
  });
  return app;
}
