import { SIGNING_PAGE_ROUTES } from '../../../src/server/signing-page/routes';
import { PROBE_ROUTES } from '../../../src/server/http/probes';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { fillPath, pathParamNames, type Endpoint } from '#shared/endpoint';
import { ENDPOINTS, servedEndpoints } from '#shared/endpoints';
import { createApp } from '../../../src/server/app';
import type { AppDeps } from '../../../src/server/config';
import { DOCUMENT_PATH, openApiText, staleness } from '../../../scripts/openapi';
import { allowedMethods } from '../../../src/server/http/route';

// Building the app touches no database: the routes are only walked and asked without a token.
const appFor = (production: boolean): Hono => createApp({ production, trustProxy: false } as unknown as AppDeps);

/** Every method and path Hono serves (middleware registered for all methods left out). */
const served = (app: Hono): string[] =>
  [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].sort();

/** Where a descriptor is served: under /api/v1, and the outbox also at the issue's /dev/outbox; beside them the signing page's own HTML routes and the operator's probes. */
const expected = (endpoints: readonly Endpoint[]): string[] => endpoints.flatMap((e) => {
  const at = `${e.method.toUpperCase()} /api/v1${e.path}`;
  return e.development ? [at, `${e.method.toUpperCase()} ${e.path}`] : [at];
}).concat(SIGNING_PAGE_ROUTES, PROBE_ROUTES).sort();

const concrete = (e: Endpoint): string => fillPath(e.path, Object.fromEntries(pathParamNames(e.path).map((n) => [n, '1'])) as never);

describe('endpoint descriptors (src/shared/<domain>/endpoints.ts)', () => {
  test('every route the server serves has a descriptor, and every descriptor is served', () => {
    expect(served(appFor(false))).toEqual(expected(servedEndpoints({ production: false })));
  });

  test('in production the development calls are neither served nor described', () => {
    const production = servedEndpoints({ production: true });
    expect(production.some((e) => e.development)).toBe(false);
    expect(production.length).toBeLessThan(ENDPOINTS.length);
    expect(served(appFor(true))).toEqual(expected(production));
  });

  test('one descriptor per method and path', () => {
    const keys = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('a call that needs a token refuses one without it (401, code 4010), before reading its body', async () => {
    const app = appFor(false);
    const guarded = ENDPOINTS.filter((e) => e.auth !== 'none');
    expect(guarded.length).toBeGreaterThan(30);
    for (const e of guarded) {
      const res = await app.request(`/api/v1${concrete(e)}`, { method: e.method.toUpperCase(), headers: { 'Content-Type': 'application/json' }, body: e.method === 'get' ? undefined : '{' });
      expect(res.status, `${e.method} ${e.path}`).toBe(401);
      expect(await res.json(), `${e.method} ${e.path}`).toMatchObject({ code: 4010 });
    }
  });

  test('a wrong method on a described path answers 405 with the described methods in Allow', async () => {
    const app = appFor(false);
    const byPath = new Map<string, Endpoint[]>();
    for (const e of ENDPOINTS) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
    for (const [path, endpoints] of byPath) {
      const endpoint = endpoints[0];
      if (!endpoint) continue;
      // the spec's paths overlap once (GET /portal/customers/{id}/proposal also matches
      // /portal/customers/documents/proposal): what counts is every method served at the concrete path
      const methods = allowedMethods(ENDPOINTS, concrete(endpoint));
      const wrong = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].find((m) => !methods.includes(m));
      if (!wrong) throw new Error(`${path}: every method is served`);
      const res = await app.request(`/api/v1${concrete(endpoint)}`, { method: wrong });
      expect(res.status, `${wrong} ${path}`).toBe(405);
      expect(res.headers.get('Allow'), path).toBe(methods.join(', '));
      expect(await res.json()).toMatchObject({ code: 4050 });
    }
  });
});

describe('npm run openapi -- --check', () => {
  test('the committed document is the one the descriptors give', () => {
    expect(staleness(readFileSync(DOCUMENT_PATH, 'utf8'))).toBeNull();
  });

  test('a changed or missing document is stale, and says where', () => {
    const changed = openApiText().replace('"summary": "Revoke the session token."', '"summary": "Revoke it."');
    expect(changed).not.toBe(openApiText());
    expect(staleness(changed)).toMatch(/^docs\/openapi\.json is stale at line \d+: has ".*Revoke it\..*", descriptors give ".*Revoke the session token\..*"$/);
    expect(staleness(`${openApiText()}\n`)).toMatch(/stale at line/);
    expect(staleness(null)).toMatch(/missing/);
  });

  test('the script exits non-zero on a stale file and writes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-check-'));
    mkdirSync(join(dir, 'docs'));
    const stale = openApiText().replace('"title": "Portal Solar API"', '"title": "Old API"');
    writeFileSync(join(dir, DOCUMENT_PATH), stale);
    const run = () => spawnSync(resolve('node_modules/.bin/tsx'), [resolve('scripts/openapi.ts'), '--check'], { cwd: dir, encoding: 'utf8' });
    const failed = run();
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('docs/openapi.json is stale');
    expect(readFileSync(join(dir, DOCUMENT_PATH), 'utf8')).toBe(stale);
    writeFileSync(join(dir, DOCUMENT_PATH), openApiText());
    expect(run().status).toBe(0);
  }, 60_000);
});
