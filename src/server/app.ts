import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import { API_PREFIX } from '#shared/api';
import { bodyCap } from '#shared/endpoint';
import { apiDocument, apiOpenApiDocument, servedEndpoints } from '#shared/endpoints';
import { EARLY_HEAD_PAINT, PAGE_LOADER, SESSION_EARLY_START } from '#shared/pageCode';
import { messages } from '#shared/messages';
import { authRoutes } from './auth/routes';
import { capBody } from './http/bodyCap';
import { billAdmin } from './bill/admin';
import { billRoutes } from './bill/routes';
import { coverageAdmin } from './coverage/admin';
import { coverageRoutes } from './coverage/routes';
import { customerAdmin } from './customer/admin';
import { customerRoutes } from './customer/routes';
import { profileRoutes } from './profile/routes';
import { devRoutes } from './dev/routes';
import { notificationAdmin } from './notification/admin';
import { notificationRoutes } from './notification/routes';
import { planRoutes } from './plan/routes';
import { checkoutRoutes } from './checkout/routes';
import { documentAdmin, documentRoutes } from './document/routes';
import { contractAdmin, contractRoutes } from './contract/routes';
import { signingPageRoutes } from './signing-page/routes';
import { paymentAdmin, paymentRoutes } from './payment/routes';
import { processAdmin } from './process/admin';
import { processRoutes } from './process/routes';
import { projectAdmin } from './project/admin';
import { projectRoutes } from './project/routes';
import { faqAdmin } from './faq/admin';
import { faqRoutes } from './faq/routes';
import { proposalAdmin } from './proposal/admin';
import { proposalRoutes } from './proposal/routes';
import { staffAdmin } from './staff/admin';
import { visitAdmin } from './visit/admin';
import { visitRoutes } from './visit/routes';
import { ProcessEventRefused, ProcessVersionConflict } from './process/host';
import { allowedMethods, route } from './http/route';
import type { AppDeps } from './config';
import { describeError, errorResponse, maskPersonalData } from './http/errors';
import { DomainError } from './errors';
import { probeRoutes } from './http/probes';
import { currentRequestId, log, requestIdOf, withRequestId } from './platform/log';
import { httpRequestDuration, statusClass } from './platform/metrics';
import { serveWeb, spaFallback } from './http/static';

/**
 * Each domain's customer routes and staff routes. Every handler sits at its descriptor's full path
 * with its own access check, so the order of this list means nothing.
 */
const DOMAINS: ReadonlyArray<(deps: AppDeps) => Hono> = [
  authRoutes, customerRoutes, customerAdmin, profileRoutes, processRoutes, processAdmin, coverageRoutes, coverageAdmin, billRoutes, billAdmin,
  notificationRoutes, notificationAdmin, planRoutes, checkoutRoutes, documentRoutes, documentAdmin, contractRoutes, contractAdmin, paymentRoutes, paymentAdmin, projectRoutes, projectAdmin, faqRoutes, faqAdmin, proposalRoutes, proposalAdmin, visitRoutes, visitAdmin, staffAdmin,
];

/**
 * The SPA's CSP: scripts only from our origin; the ALTCHA widget solves in blob: workers; React
 * sets inline styles through the CSSOM (allowed), the widget injects a <style> (hence 'unsafe-inline' for styles).
 */
export const contentSecurityPolicy = (deps: Pick<AppDeps, 'payments' | 'signatures'>) => ({
  defaultSrc: ["'self'"],
  // and the pages' two inline scripts, by their hashes (src/shared/pageCode.ts)
  scriptSrc: ["'self'", ...[PAGE_LOADER, SESSION_EARLY_START, EARLY_HEAD_PAINT].map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`)],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: the back-office shows a bill's image fetched with the staff session
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  // the card form posts the card to the provider's tokenizer, never to us (ARCHITECTURE "Card payments")
  connectSrc: ["'self'", ...(deps.payments?.name === 'iugu' ? ['https://api.iugu.com'] : [])],
  workerSrc: ["'self'", 'blob:'],
  // the contracts page frames the signing page: ours, or the provider's (Clicksign)
  frameSrc: ["'self'", ...(deps.signatures?.frameOrigin ? [deps.signatures.frameOrigin] : [])],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Every request: its id (a well-formed X-Request-Id kept, else a new one) on the answer and on every
 * log line written while it is handled; then one access line and the duration histogram, by route
 * pattern (never the path's values, never the query or body; an unmatched path only masked).
 */
const observeRequests = (): MiddlewareHandler => async (c, next) => {
  const requestId = requestIdOf(c.req.header('X-Request-Id'));
  const started = performance.now();
  await withRequestId(requestId, async () => {
    await next();
    try {
      c.res.headers.set('X-Request-Id', requestId);
    } catch { // an answer with immutable headers: copied
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('X-Request-Id', requestId);
    }
    const ms = performance.now() - started;
    const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
    const matched = routePath(c);
    const unmatched = matched === '' || matched.endsWith('*');
    const status = c.res.status;
    httpRequestDuration.observe({ method, route: unmatched ? (status === 404 ? 'unmatched' : '*') : matched, status_class: statusClass(status) }, ms / 1000);
    const line = { method, route: unmatched ? '*' : matched, ...(unmatched ? { path: maskPersonalData(c.req.path).slice(0, 120) } : {}), status, duration_ms: Math.round(ms * 10) / 10 };
    if (PROBES.has(matched)) log().debug(line, 'request');
    else log().info(line, 'request');
  });
};

export function createApp(deps: AppDeps): Hono {
  const endpoints = servedEndpoints({ production: deps.production });
  const app = new Hono();
  app.use('*', observeRequests());

  const headers = secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(deps),
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: deps.production ? 'max-age=31536000; includeSubDomains' : false,
  });
  // the signing page's answers set their own policy (the portal may frame it, signing-page/routes.ts),
  // HSTS aside: a first visit straight to a signing link is held to HTTPS like any other page.
  // Whatever else answers under /sign/ (the SPA's fallback, a 404) carries no policy of its own and
  // gets the portal's, so no path can be framed or sniffed by another site (issue 29, F9).
  const hsts = deps.production ? 'max-age=31536000; includeSubDomains' : null;
  app.use('*', async (c, next) => {
    if (!c.req.path.startsWith('/sign/')) return headers(c, next);
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) await headers(c, async () => {});
    else if (hsts) c.header('Strict-Transport-Security', hsts);
  });
  app.route('/', signingPageRoutes(deps));
  app.route('/', probeRoutes(deps));

  const api = new Hono();
  // Each call caps its own body (http/route.ts, bodyCap) and names the refusal (a file's or the
  // content's). This backstop, a little above the largest cap so the call's own answers first,
  // holds anything else under /api whatever its content type: no path reads an unbounded body.
  const backstop = capBody(Math.max(...endpoints.map(bodyCap)) + 64 * 1024, () => new DomainError('BODY_TOO_LARGE'));
  api.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : backstop(c, next)));
  api.use('*', async (c, next) => {
    await next();
    // on the answer as built (secureHeaders does the same): c.header() now would copy it into a stream
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  for (const domain of DOMAINS) api.route('/', domain(deps));
  const document = apiOpenApiDocument({ production: deps.production });
  route(api, deps, apiDocument, (c) => c.json(document));
  if (!deps.production) {
    api.route('/', devRoutes(deps));
    app.route('/', devRoutes(deps)); // the path: GET /dev/outbox?to=
  }
  app.route(API_PREFIX, api);

  app.onError((error, c) => {
    if (error instanceof DomainError) return errorResponse(c, error);
    if (error instanceof ProcessEventRefused) return errorResponse(c, new DomainError('PROCESS_REFUSED', { event: error.event }));
    if (error instanceof ProcessVersionConflict) return errorResponse(c, new DomainError('PROCESS_STALE', { version: error.actual }));
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, new DomainError('VALIDATION', {}, messages['common.error.generic']));
    }
    // the route's pattern, never its values, query or body; the error by class, code and masked message
    log().error({ route: routePath(c) }, `unexpected error in ${c.req.method} ${routePath(c)}: ${describeError(error)}`);
    const requestId = currentRequestId();
    return c.json({ code: 500, message: messages['common.error.generic'], ...(requestId ? { request_id: requestId } : {}) }, 500);
  });

  // the built SPA: precompressed files, hashed assets cached for good, pages revalidated (http/static.ts)
  const index = deps.webRoot && existsSync(join(deps.webRoot, 'index.html')) ? spaFallback(deps.webRoot) : null;
  const staffPage = deps.webRoot && existsSync(join(deps.webRoot, 'staff', 'index.html')) ? spaFallback(deps.webRoot, 'staff/index.html') : null;
  if (deps.webRoot && index) app.use('*', serveWeb(deps.webRoot));

  app.notFound((c) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/dev/')) {
      const rel = path.replace(/^\/api\/v1/, '');
      const allowed = allowedMethods(endpoints, rel);
      if (allowed.length > 0) {
        c.header('Allow', allowed.join(', '));
        return errorResponse(c, new DomainError('METHOD_NOT_ALLOWED'));
      }
      return errorResponse(c, new DomainError('NOT_FOUND'));
    }
    // The back-office's routes (/staff/...) get its page; the SPA's own (/pt/..., deep links) index.html.
    if (staffPage && /^\/staff(\/|$)/.test(path) && (c.req.method === 'GET' || c.req.method === 'HEAD')) return staffPage(c);
    if (index && (c.req.method === 'GET' || c.req.method === 'HEAD')) return index(c);
    return c.text('Not found', 404);
  });

  return app;
}
