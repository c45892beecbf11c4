import type { Hono } from 'hono';
import { createFaq, deleteFaq, reorderFaq, staffFaq, updateFaq } from '#shared/faq/endpoints';
import type { AppDeps } from '../config';
import { endpointApp, idParam } from '../http/route';
import * as service from './service';

/** The admins keeping the FAQ: list, add, change, remove and order the questions (each write audited). */
export function faqAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(staffFaq, async (c) => c.json({ data: await service.staffFaqList(deps.db, deps.clock) }));
  route(createFaq, async (c) => c.json(await service.createFaqEntry(deps.db, deps.clock, c.get('staffId'), c.req.valid('json')), 201));
  // before :faqId, so 'order' is never read as an id
  route(reorderFaq, async (c) => c.json({ data: await service.reorderFaq(deps.db, deps.clock, c.get('staffId'), c.req.valid('json').ids) }));
  route(updateFaq, async (c) => c.json(await service.updateFaqEntry(deps.db, deps.clock, c.get('staffId'), idParam(c.req.param('faqId')), c.req.valid('json'))));
  route(deleteFaq, async (c) => c.json({ data: await service.deleteFaqEntry(deps.db, deps.clock, c.get('staffId'), idParam(c.req.param('faqId'))) }));
  return app;
}
