import type { Hono } from 'hono';
import { customerActionLimiter } from '../http/windowLimit';
import { messages } from '#shared/messages';
import { blockedDays, bookVisit, cancelVisit, cep, rescheduleVisit, visit } from '#shared/visit/endpoints';
import type { AppDeps } from '../config';
import { maskPersonalData } from '../http/errors';
import { DomainError } from '../errors';
import { log } from '../platform/log';
import { endpointApp, idParam } from '../http/route';
import { cepLookupFromEnv, CepUnavailable, type CepLookup } from '../providers/cep/index';
import {
  blockedDays as blockedDaysOf, bookVisit as book, cancelVisit as cancel, rescheduleVisit as reschedule, visitPage,
} from './service';

export const CEP_LOOKUPS_PER_WINDOW = 30;
const CEP_LOOKUP_WINDOW_MS = 10 * 60_000;

/** The customer's technical visit, the blocked days of the calendar and the CEP lookup. */
export function visitRoutes(deps: AppDeps): Hono {
  const { db, clock } = deps;
  const { app, route } = endpointApp(deps);
  let envLookup: CepLookup | undefined;
  // a signed-in customer's lookups per 10 minutes: the endpoint must not become a free proxy to ViaCEP
  const withinLimit = customerActionLimiter(deps, 'visit.cep', CEP_LOOKUPS_PER_WINDOW, CEP_LOOKUP_WINDOW_MS);
  const cepLookup = () => deps.cep ?? (envLookup ??= cepLookupFromEnv(process.env, clock));
  const visitId = (raw: string) => idParam(raw, 'VISIT_NOT_FOUND');

  route(visit, async (c) => c.json(await visitPage(db, c.get('customerId'))));
  route(bookVisit, async (c) => c.json({ data: await book(deps, c.get('customerId'), c.req.valid('json')) }, 201));
  route(rescheduleVisit, async (c) =>
    c.json({ data: await reschedule(deps, c.get('customerId'), visitId(c.req.param('id')), c.req.valid('json')) }));
  route(cancelVisit, async (c) => {
    await cancel(deps, c.get('customerId'), visitId(c.req.param('id')));
    return c.json(await visitPage(db, c.get('customerId')));
  });
  route(blockedDays, async (c) => c.json({ data: await blockedDaysOf(db) }));
  route(cep, async (c) => {
    const raw = c.req.param('cep').replace(/\D+/g, '');
    if (!/^\d{8}$/.test(raw)) throw new DomainError('VALIDATION', { field: 'cep' }, messages['visit.cep.invalid']);
    if (!await withinLimit(c.get('customerId'))) throw new DomainError('CEP_RATE_LIMIT', { retry_after_s: CEP_LOOKUP_WINDOW_MS / 1000 });
    try {
      const r = await cepLookup().lookup(raw);
      if (!r.found) throw new DomainError('CEP_NOT_FOUND');
      c.header('Cache-Control', 'private, max-age=3600');
      return c.json(r.address);
    } catch (e) {
      if (e instanceof CepUnavailable) {
        log().warn(maskPersonalData(e.message));
        throw new DomainError('CEP_UNAVAILABLE');
      }
      throw e;
    }
  });

  return app;
}
