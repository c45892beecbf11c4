import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { CitiesResponse } from '#shared/auth/payloads';
import { ErrorCode } from '#shared/errors';
import type { AppDeps } from '../config';
import { cities, states } from '../platform/db/schema';
import { ApiError } from '../http/errors';
import { err } from '../http/common';
import type { RouteDoc } from '../http/registry';

export const citiesRoutes: RouteDoc[] = [{
  method: 'get',
  path: '/portal/cities/:state',
  tag: 'reference',
  summary: 'Municipalities of a state (UF, e.g. SP); city_id is the 7-digit IBGE code.',
  responses: { 200: { description: 'cities by name', schema: CitiesResponse }, 404: err('unknown state (4040)') },
}];

export function citiesApi(deps: AppDeps): Hono {
  return new Hono().get('/:state', async (c) => {
    const uf = c.req.param('state').toUpperCase();
    const [state] = v.is(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), uf)
      ? await deps.db.select({ code: states.code }).from(states).where(eq(states.code, uf))
      : [];
    if (!state) throw new ApiError(404, ErrorCode.NOT_FOUND, { field: 'state' });
    const rows = await deps.db.select({ city_id: cities.id, name: cities.name }).from(cities)
      .where(eq(cities.stateCode, uf)).orderBy(asc(cities.name));
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json({ success: true, data: rows });
  });
}
