import type { Hono } from 'hono';
import { FAQ_ENTRIES } from '#shared/faq/rules';
import { faq } from '#shared/faq/endpoints';
import type { AppDeps } from '../config';
import { endpointApp } from '../http/route';

/** GET /faq (spec §7): the questions with their HTML answers, the same for everyone. */
export function faqRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  const body = { data: FAQ_ENTRIES };
  route(faq, (c) => {
    // public and the same for everyone: a browser may keep it for a while
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(body);
  });
  return app;
}
