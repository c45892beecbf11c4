import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from './db/index';
import { LANES, laneOf, type Lane } from './queue/lanes';
import { log } from './log';

/**
 * The process's Prometheus metrics, one registry (docs/operations.md "Metrics"). Every label value
 * is bounded: route patterns (never raw paths), status classes, lanes, channels and provider names
 * from the configured set.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request (until its headers are ready), by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: 'queue_jobs_waiting',
  help: 'Jobs queued or running (not done, not failed), by lane, read at scrape time',
  labelNames: ['lane'] as const,
  registers: [registry],
});

export const queueOldestAge = new Gauge({
  name: 'queue_oldest_job_age_seconds',
  help: 'Age of the oldest job queued or running (since it was enqueued), by lane; 0 when none',
  labelNames: ['lane'] as const,
  registers: [registry],
});

export const codeDeliveryDuration = new Histogram({
  name: 'code_delivery_seconds',
  help: 'Seconds from an access-code request to the messaging provider accepting the message, by channel',
  labelNames: ['channel'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
  registers: [registry],
});

export const billReaderDuration = new Histogram({
  name: 'bill_reader_seconds',
  help: 'Time the bill reader took to analyse one uploaded bill (text or OCR), by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 60, 120],
  registers: [registry],
});

export const codeBudgetRefusals = new Counter({
  name: 'code_budget_refusals_total',
  help: 'Code requests refused because the daily budget of code messages is spent (scope: day for all phones, area for one area code)',
  labelNames: ['scope'] as const,
  registers: [registry],
});
export const countCodeBudgetRefusal = (scope: 'day' | 'area'): void => { codeBudgetRefusals.inc({ scope }); };

export const codeHolds = new Counter({
  name: 'code_holds_total',
  help: "A phone's codes of one kind held for an hour after 100 wrong codes in a row (kind: access for new browsers' sign-ins, device for the owner's browsers, or the signed-in purpose)",
  labelNames: ['kind'] as const,
  registers: [registry],
});
export const countCodeHold = (kind: string): void => { codeHolds.inc({ kind }); };

export const refusedPayloads = new Counter({
  name: 'refused_payloads_total',
  help: 'Bodies and files refused as hostile or oversized: a body over its call\'s cap, a PDF whose streams decode past the cap, a PDF the reader could not open in time',
  labelNames: ['reason'] as const,
  registers: [registry],
});
export type RefusedPayload = 'body-too-large' | 'pdf-decoded-size' | 'pdf-unreadable';
export const countRefusedPayload = (reason: RefusedPayload): void => { refusedPayloads.inc({ reason }); };

export const providerErrors = new Counter({
  name: 'provider_errors_total',
  help: 'Calls to an outside provider that failed (messaging, postal code, payments, signatures), by provider name',
  labelNames: ['provider'] as const,
  registers: [registry],
});

/** Seconds from a code request to the provider's acceptance, on `channel` (sms, whatsapp, email). */
export function observeCodeDelivery(channel: string, seconds: number): void {
  codeDeliveryDuration.observe({ channel }, Math.max(0, seconds));
}

/** One failed call to the provider `name` (a configured provider's name: 'zenvia:sms', 'viacep'...). */
export function countProviderError(name: string): void {
  providerErrors.inc({ provider: name.slice(0, 40) });
}

/** The status class of an HTTP status: '2xx', '4xx'... */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/** The queue's gauges from one query over the jobs not yet done (kinds folded into lanes). */
export async function collectQueue(db: Db, now: Date): Promise<void> {
  const result = await db.execute(sql`
    SELECT kind, count(*)::int AS depth, min(created_at) AS oldest
    FROM jobs WHERE status IN ('queued', 'running') GROUP BY kind`);
  const rows = (result as unknown as { rows: { kind: string; depth: number | string; oldest: Date | string | null }[] }).rows;
  const depth = new Map<Lane, number>(LANES.map((l) => [l, 0]));
  const oldest = new Map<Lane, number>();
  for (const row of rows) {
    const lane = laneOf(row.kind);
    depth.set(lane, (depth.get(lane) ?? 0) + Number(row.depth));
    if (row.oldest !== null) {
      const at = new Date(row.oldest).getTime();
      oldest.set(lane, Math.min(oldest.get(lane) ?? at, at));
    }
  }
  for (const lane of LANES) {
    queueDepth.set({ lane }, depth.get(lane) ?? 0);
    const at = oldest.get(lane);
    queueOldestAge.set({ lane }, at === undefined ? 0 : Math.max(0, (now.getTime() - at) / 1000));
  }
}

/** The exposition text of every metric, the queue's read now. */
export async function metricsText(db: Db, now: Date): Promise<string> {
  try {
    await collectQueue(db, now);
  } catch (e) {
    // the other metrics still answer; the queue gauges keep their last values
    log().warn({ err_class: e instanceof Error ? e.constructor.name : typeof e }, 'metrics: the queue could not be read');
  }
  return registry.metrics();
}

/**
 * METRICS_PORT: the port of the metrics server (GET /metrics), apart from the public one; unset
 * means no metrics server. A whole number 1..65535; anything else stops the start-up.
 */
export function metricsPortOf(env: NodeJS.ProcessEnv): number | null {
  const raw = env.METRICS_PORT?.trim();
  if (!raw) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error('METRICS_PORT must be a port number (1..65535)');
  return port;
}

/** METRICS_HOST: the address the metrics server listens on; default 0.0.0.0 (every interface, for a scraper on the network). */
export const metricsHostOf = (env: NodeJS.ProcessEnv): string => env.METRICS_HOST?.trim() || '0.0.0.0';

/** A tiny HTTP server answering GET /metrics (and nothing else) on its own port. */
export function startMetricsServer(opts: { db: Db; now: () => Date; port: number; host: string }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    metricsText(opts.db, opts.now()).then((text) => {
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
    }, () => {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}
