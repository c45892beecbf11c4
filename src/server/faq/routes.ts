import type { Hono } from 'hono';
import { faq } from '#shared/faq/endpoints';
import type { AppDeps } from '../config';
import { endpointApp } from '../http/route';
import { publicFaq } from './service';

/** GET /faq (spec §7): the questions the admins keep, with their answers sanitised again, the same for everyone. */
export function faqRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(faq, async (c) => {
    const data = await publicFaq(deps.db, deps.clock);
    // public and the same for everyone: a browser may keep it for a while
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ data });
  });
  return app;
}
