import { desc, eq } from 'drizzle-orm';
import type { Hono, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { outbox as outboxEndpoint } from '#shared/dev/endpoints';
import type { AppDeps } from '../config';
import { endpointApp } from '../http/route';
import { clientAddress } from '../http/common';
import { DomainError } from '../errors';
import { outbox } from '../platform/db/schema';
import { paymentSandboxDevRoutes } from '../payment/routes';

/** Whether an address is this machine's own (127.0.0.0/8, ::1, or IPv4 mapped into IPv6). */
export const isLoopback = (address: string): boolean => /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);

/**
 * Development aids (never mounted in production): what the local providers sent, and the payment
 * sandbox's pay button. They answer only a client on this machine: the socket is loopback and so
 * is the client the trusted proxies name. The outbox holds sign-in codes, so a portal started for
 * development on a reachable address must not hand them out (404, as if absent).
 */
export function devRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  // scoped to the aids' own paths: this app is merged into the API's, where '*' would be every route
  const onlyThisMachine: MiddlewareHandler = async (c, next) => {
    let socket: string | undefined;
    try {
      socket = getConnInfo(c).remote.address;
    } catch {
      socket = undefined; // an in-process request (tests): no network client at all
    }
    // no socket: a request made inside this process (tests), which no network client can send
    const local = socket === undefined || (isLoopback(socket) && isLoopback(clientAddress(c, deps)));
    if (!local) throw new DomainError('NOT_FOUND');
    await next();
  };
  app.use('/dev/*', onlyThisMachine);
  app.use('/payments-sandbox/*', onlyThisMachine);
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
