import { desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { outbox as outboxEndpoint } from '#shared/dev/endpoints';
import type { AppDeps } from '../config';
import { endpointApp } from '../http/route';
import { outbox } from '../platform/db/schema';
import { paymentSandboxDevRoutes } from '../payment/routes';

/** Development aids (never mounted in production): what the local providers sent. */
export function devRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(outboxEndpoint, async (c) => {
    const to = c.req.valid('query').to?.trim().toLowerCase();
    const rows = await deps.db.select().from(outbox).where(to ? eq(outbox.to, to) : undefined).orderBy(desc(outbox.id)).limit(100);
    return c.json({
      messages: rows.map((r) => ({ channel: r.channel, to: r.to, body: r.body, code: r.code, created_at: r.createdAt.toISOString() })),
    });
  });
  app.route('/', paymentSandboxDevRoutes(deps));
  return app;
}
