import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { probeRoutes } from '../../../src/server/http/probes';
import { checkReadiness, createReadiness } from '../../../src/server/platform/health';
import { enqueue } from '../../../src/server/platform/queue/queue';
import { laneOf } from '../../../src/server/platform/queue/lanes';
import { metricsPortOf, metricsText, startMetricsServer } from '../../../src/server/platform/metrics';
import { logLevelOf, requestIdOf } from '../../../src/server/platform/log';
import { shutdownTimeoutOf } from '../../../src/server/platform/shutdown';
import { createCepLookup } from '../../../src/server/providers/cep/index';
import { createTestServer, testClock, type TestServer } from '../../support/server';
import { captureLogs, type CapturedLogs } from '../../support/logs';
import { call, requestCode, signUpNewCustomer } from '../../support/flows';

/**
 * The operator's view (docs/operations.md): probes, JSON logs with the request id, metrics.
 * The shutdown under load is proven on a real process in shutdown.test.ts.
 */
let s: TestServer;
let logs: CapturedLogs | undefined;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });
afterEach(() => { logs?.restore(); logs = undefined; s.deps.readiness = undefined; });

const PHONE = '5511987654321';

describe('probes', () => {
  test('GET /healthz: 200 {status: ok}, never cached, no token needed', async () => {
    const res = await s.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Request-Id')).toBeTruthy();
  });

  test('GET /readyz: 200 while the database answers and every migration is applied', async () => {
    const res = await s.app.request('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ready', checks: { draining: 'ok', database: 'ok', migrations: 'ok' } });
  });

  test('GET /readyz: 503 "draining" once shutdown began, while /healthz still answers', async () => {
    s.deps.readiness = createReadiness();
    s.deps.readiness.draining = true;
    const res = await s.app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'not ready', failed: 'draining' });
    expect((await s.app.request('/healthz')).status).toBe(200);
  });

  test('GET /readyz: 503 "migrations" while the journal\'s last migration is not applied, 503 "database" when it does not answer', async () => {
    const other = await createTestServer();
    await other.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`);
    const probes = probeRoutes({ db: other.db });
    const missing = await probes.request('/readyz');
    expect(missing.status).toBe(503);
    expect(await missing.json()).toEqual({ status: 'not ready', failed: 'migrations', checks: { draining: 'ok', database: 'ok', migrations: 'failed' } });
    // a journal one migration ahead of the database (a new build on an old schema)
    expect(await checkReadiness(s.db, undefined, { lastMigration: Date.now() * 2 })).toMatchObject({ failed: 'migrations' });
    await other.close();
    const down = await probes.request('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'not ready', failed: 'database' });
  });
});

describe('logs', () => {
  test('every line written while serving a request is JSON and carries its request id, also from inside the handler', async () => {
    // a postal-code provider that fails: the handler logs a warning while the request is served
    const { token } = await signUpNewCustomer(s);
    s.deps.cep = createCepLookup({ providers: [{ name: 'viacep', find: () => Promise.reject(new Error('viacep answered 502')) }], timeoutMs: 1000, ttlMs: 1000, clock: s.clock });
    logs = captureLogs('trace');
    const res = await s.app.request('/api/v1/portal/cep/01310100', { headers: { 'X-Request-Id': 'req-cep-0001', Authorization: `Bearer ${token}` } });
    s.deps.cep = undefined;
    expect(res.status).toBe(503);
    expect(res.headers.get('X-Request-Id')).toBe('req-cep-0001');
    expect(await res.json()).toMatchObject({ request_id: 'req-cep-0001' });
    expect(logs.lines.length).toBeGreaterThanOrEqual(2);
    for (const line of logs.lines) {
      const record = JSON.parse(line) as Record<string, unknown>;
      expect(record.request_id, line).toBe('req-cep-0001');
      expect(typeof record.time).toBe('string');
      expect(typeof record.level).toBe('string');
    }
    const records = logs.records();
    expect(records.some((r) => r.level === 'warn' && String(r.msg).includes('viacep'))).toBe(true);
    expect(records.find((r) => r.msg === 'request')).toMatchObject({ method: 'GET', route: '/api/v1/portal/cep/:cep', status: 503, request_id: 'req-cep-0001' });
  });

  test('an incoming X-Request-Id is kept only when well formed; otherwise a new one', async () => {
    expect(requestIdOf('abc-DEF_123.4:5')).toBe('abc-DEF_123.4:5');
    for (const bad of [undefined, '', 'short', 'x'.repeat(129), 'has space in it', 'quote"inside', '<script>alert(1)</script>', 'linha\nnova-0001']) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
    const res = await s.app.request('/healthz', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    const a = await s.app.request('/healthz');
    const b = await s.app.request('/healthz');
    expect(a.headers.get('X-Request-Id')).not.toBe(b.headers.get('X-Request-Id'));
  });

  test('an error answer carries the request id of its X-Request-Id header', async () => {
    const res = await s.app.request('/api/v1/portal/customers');
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 4010 });
    expect(body.request_id).toBe(res.headers.get('X-Request-Id'));
  });

  test('the access line names the route pattern, never a phone or e-mail of the path or the query', async () => {
    logs = captureLogs('info');
    await s.app.request(`/dev/outbox?to=${PHONE}`);
    await s.app.request(`/api/v1/portal/nada/${PHONE}/x?phone=${PHONE}&email=maria.silva@example.com`);
    await s.app.request(`/pt/perfil/+55%2011%2098765-4321`);
    const text = logs.lines.join('\n');
    for (const secret of [PHONE, '98765-4321', '987654321', 'maria', 'example.com', '?']) expect(text).not.toContain(secret);
    const records = logs.records().filter((r) => r.msg === 'request');
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({ method: 'GET', route: '/dev/outbox', status: 200 });
    expect(records[0]).not.toHaveProperty('path');
    expect(records[1]).toMatchObject({ route: '*', path: '/api/v1/portal/nada/[number]/x', status: 404 });
    for (const r of records) expect(typeof r.duration_ms).toBe('number');
  });

  test('LOG_LEVEL: trace..fatal or silent, default info; anything else stops the start-up', () => {
    expect(logLevelOf({})).toBe('info');
    expect(logLevelOf({ LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(logLevelOf({ LOG_LEVEL: 'silent' })).toBe('silent');
    expect(() => logLevelOf({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});

describe('metrics', () => {
  const value = (text: string, name: string, labels: string): number => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
    return line ? Number(line.split(' ').pop()) : NaN;
  };

  test('GET /metrics on its own port: the Prometheus text with every named metric; queue depth and oldest age by lane match the jobs', async () => {
    const before = await metricsText(s.db, new Date());
    const codes0 = value(before, 'queue_jobs_waiting', 'lane="codes"');
    const work0 = value(before, 'queue_jobs_waiting', 'lane="work"');
    // jobs enqueued two minutes ago and left waiting (the test server runs them only after its own fetch)
    const past = testClock(new Date(Date.now() - 120_000));
    for (let i = 0; i < 3; i++) await enqueue(s.db, past, 'code.send', { phone: 'none' });
    for (let i = 0; i < 2; i++) await enqueue(s.db, past, 'upload.remove', { key: 'none' });
    expect(laneOf('code.send')).toBe('codes');
    expect(laneOf('upload.remove')).toBe('work');

    const server = await startMetricsServer({ db: s.db, now: () => new Date(), port: 0, host: '127.0.0.1' });
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      for (const name of ['http_request_duration_seconds', 'queue_jobs_waiting', 'queue_oldest_job_age_seconds', 'code_delivery_seconds', 'bill_reader_seconds', 'provider_errors_total', 'process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds']) {
        expect(text, name).toContain(`# TYPE ${name} `);
      }
      expect(value(text, 'queue_jobs_waiting', 'lane="codes"')).toBe(codes0 + 3);
      expect(value(text, 'queue_jobs_waiting', 'lane="work"')).toBe(work0 + 2);
      expect(value(text, 'queue_oldest_job_age_seconds', 'lane="codes"')).toBeGreaterThanOrEqual(119);
      expect(value(text, 'queue_oldest_job_age_seconds', 'lane="work"')).toBeGreaterThanOrEqual(119);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      server.close();
    }
    await s.drainQueue();
    const after = await metricsText(s.db, new Date());
    expect(value(after, 'queue_jobs_waiting', 'lane="codes"')).toBe(0);
    expect(value(after, 'queue_oldest_job_age_seconds', 'lane="codes"')).toBe(0);
  });

  test('a request is counted by its route pattern and status class; a delivered code by channel; a failed provider by name', async () => {
    const sent = () => metricsText(s.db, new Date());
    const before = await sent();
    const delivered0 = value(before, 'code_delivery_seconds_count', 'channel="sms"') || 0;
    await requestCode(s, PHONE);
    const failing = { name: 'zenvia:sms', send: () => Promise.reject(new Error('zenvia answered 500')) };
    const provider0 = value(before, 'provider_errors_total', 'provider="zenvia:sms"') || 0;
    const original = s.deps.providers.sms;
    s.deps.providers.sms = failing;
    try {
      await requestCode(s, '5511912345678');
    } finally {
      s.deps.providers.sms = original;
    }
    await call(s, 'GET', '/portal/customers');
    const text = await sent();
    expect(value(text, 'code_delivery_seconds_count', 'channel="sms"')).toBe(delivered0 + 1);
    expect(value(text, 'provider_errors_total', 'provider="zenvia:sms"')).toBe(provider0 + 1);
    expect(value(text, 'http_request_duration_seconds_count', 'method="GET",route="/api/v1/portal/customers",status_class="4xx"')).toBeGreaterThanOrEqual(1);
    // label values are patterns, never a request's values
    expect(text).not.toContain(PHONE);
  });

  test('METRICS_PORT and SHUTDOWN_TIMEOUT_MS are checked at start-up', () => {
    expect(metricsPortOf({})).toBeNull();
    expect(metricsPortOf({ METRICS_PORT: '9464' })).toBe(9464);
    for (const bad of ['0', '70000', 'abc', '94.6']) expect(() => metricsPortOf({ METRICS_PORT: bad })).toThrow(/METRICS_PORT/);
    expect(shutdownTimeoutOf({})).toBe(25_000);
    expect(shutdownTimeoutOf({ SHUTDOWN_TIMEOUT_MS: '5000' })).toBe(5000);
    for (const bad of ['-1', 'soon', '1e9']) expect(() => shutdownTimeoutOf({ SHUTDOWN_TIMEOUT_MS: bad })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });
});
