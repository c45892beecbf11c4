import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../config';
import { outbox } from '../platform/db/schema';
import type { RouteDoc } from '../http/registry';

const OutboxResponse = v.object({
  messages: v.array(v.object({
    channel: v.picklist(['sms', 'whatsapp', 'email']), to: v.string(), body: v.string(), code: v.nullable(v.string()), created_at: v.string(),
  })),
});

export const devRoutes: RouteDoc[] = [{
  method: 'get',
  path: '/dev/outbox',
  tag: 'development',
  summary: 'What the local SMS, WhatsApp and e-mail providers sent, newest first. Absent when NODE_ENV=production (also at /dev/outbox).',
  query: { to: { schema: v.string(), description: 'canonical phone or e-mail' } },
  responses: { 200: { description: 'messages, newest first', schema: OutboxResponse } },
}];

export function devApi(deps: AppDeps): Hono {
  return new Hono().get('/outbox', async (c) => {
    const to = c.req.query('to')?.trim().toLowerCase();
    const rows = await deps.db.select().from(outbox).where(to ? eq(outbox.to, to) : undefined).orderBy(desc(outbox.id)).limit(100);
    return c.json({
      messages: rows.map((r) => ({ channel: r.channel, to: r.to, body: r.body, code: r.code, created_at: r.createdAt.toISOString() })),
    });
  });
}
