import type { Hono } from 'hono';
import { faq, supportContact } from '#shared/faq/endpoints';
import type { AppDeps } from '../config';
import { endpointApp } from '../http/route';
import { EXAMPLE_COMPANY } from '../settings';
import { publicFaq } from './service';

/** GET /faq (spec §7): the questions the admins keep, with their answers sanitised again, the same for everyone; and how to reach the team. */
export function faqRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(faq, async (c) => {
    const data = await publicFaq(deps.db, deps.clock);
    // public and the same for everyone: a browser may keep it for a while
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ data });
  });
  route(supportContact, (c) => {
    const company = deps.company ?? EXAMPLE_COMPANY;
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ whatsapp: company.whatsapp, email: company.supportEmail });
  });
  return app;
}
