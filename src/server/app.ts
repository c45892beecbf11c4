import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { ErrorCode } from '../shared/errors';
import { messages } from '../shared/messages';
import { altchaApi, altchaRoutes } from './auth/botCheckRoutes';
import { authApi, authRoutes } from './auth/routes';
import { citiesApi, citiesRoutes } from './coverage/routes';
import { customersApi, customersRoutes } from './customer/routes';
import { devApi, devRoutes } from './dev/routes';
import { openApiDocument } from './http/openapi';
import { queueApi, queueRoutes } from './auth/queueRoutes';
import { billsApi, billsRoutes } from './bill/routes';
import { notificationsApi, notificationsRoutes } from './notification/routes';
import { adminApi, adminRoutes } from './staff/admin';
import { journeyApi, journeyRoutes } from './plan/routes';
import { proposalsApi, proposalsRoutes } from './proposal/routes';
import { visitsAdminApi, visitsApi, visitsRoutes } from './visit/routes';
import { ProcessEventRefused, ProcessVersionConflict } from './process/host';
import { methodsFor, type RouteDoc } from './http/registry';
import type { AppDeps } from './config';
import { ApiError, errorResponse } from './http/errors';

export const API_VERSION = '1.0.0';

/** Every documented route; `openapi.json` itself is added in createApp. */
export function apiRoutes(opts: { production: boolean }): RouteDoc[] {
  return [
    ...queueRoutes, ...altchaRoutes, ...authRoutes, ...customersRoutes, ...citiesRoutes,
    ...billsRoutes, ...notificationsRoutes, ...journeyRoutes, ...proposalsRoutes, ...adminRoutes,
    ...visitsRoutes,
    ...(opts.production ? [] : devRoutes),
    { method: 'get', path: '/openapi.json', tag: 'meta', summary: 'This document.', responses: { 200: { description: 'OpenAPI 3.1' } } },
  ];
}

/**
 * The SPA's CSP: scripts only from our origin; the ALTCHA widget solves in blob: workers; React
 * sets inline styles through the CSSOM (allowed), the widget injects a <style> (hence 'unsafe-inline' for styles).
 */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

export function createApp(deps: AppDeps): Hono {
  const routes = apiRoutes({ production: deps.production });
  const app = new Hono();

  app.use('*', secureHeaders({
    contentSecurityPolicy: CSP,
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: deps.production ? 'max-age=31536000; includeSubDomains' : false,
  }));

  const api = new Hono();
  // JSON bodies here are small forms; uploads (multipart) get their own 10 MB limit while streaming.
  const jsonLimit = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => errorResponse(c, new ApiError(413, ErrorCode.VALIDATION, {}, messages['common.error.generic'])),
  });
  api.use('*', (c, next) => (/^multipart\/form-data/i.test(c.req.header('Content-Type') ?? '') ? next() : jsonLimit(c, next)));
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
  });
  api.route('/queue', queueApi(deps));
  api.route('/altcha', altchaApi(deps));
  api.route('/portal', authApi(deps));
  api.route('/portal/customers', customersApi(deps));
  api.route('/portal/cities', citiesApi(deps));
  api.route('/portal/customers', billsApi(deps));
  api.route('/portal/notifications', notificationsApi(deps));
  api.route('/portal', journeyApi(deps));
  api.route('/', proposalsApi(deps)); // before /admin: the proposal approval also takes the customer's token
  api.route('/admin', adminApi(deps));
  api.route('/portal', visitsApi(deps));
  api.route('/admin', visitsAdminApi(deps));
  const document = openApiDocument(routes, API_VERSION);
  api.get('/openapi.json', (c) => c.json(document));
  if (!deps.production) {
    api.route('/dev', devApi(deps));
    app.route('/dev', devApi(deps)); // the path: GET /dev/outbox?to=
  }
  app.route('/api/v1', api);

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof ProcessEventRefused) return errorResponse(c, new ApiError(409, ErrorCode.PROCESS_REFUSED, { event: error.event }));
    if (error instanceof ProcessVersionConflict) return errorResponse(c, new ApiError(409, ErrorCode.PROCESS_STALE, { version: error.actual }));
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, new ApiError(400, ErrorCode.VALIDATION, {}, messages['common.error.generic']));
    }
    console.error(error);
    return c.json({ code: 500, message: messages['common.error.generic'] }, 500);
  });

  const index = deps.webRoot ? (() => { try { return readFileSync(join(deps.webRoot, 'index.html'), 'utf8'); } catch { return null; } })() : null;
  if (deps.webRoot && index !== null) {
    app.use('*', serveStatic({ root: relative(process.cwd(), deps.webRoot) || '.' }));
  }

  app.notFound((c) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/dev/')) {
      const rel = path.replace(/^\/api\/v1/, '');
      const allowed = methodsFor(routes, rel);
      if (allowed.length > 0) {
        c.header('Allow', allowed.join(', '));
        return errorResponse(c, new ApiError(405, ErrorCode.METHOD_NOT_ALLOWED));
      }
      return errorResponse(c, new ApiError(404, ErrorCode.NOT_FOUND));
    }
    // The SPA's own routes (/pt/..., deep links) get index.html; the router takes over.
    if (index && (c.req.method === 'GET' || c.req.method === 'HEAD')) return c.html(index);
    return c.text('Not found', 404);
  });

  return app;
}
