import type { Context, Env, Handler, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { Endpoint, QueryParam, ValidBodyOf } from '#shared/endpoint';
import type { ErrorName } from '#shared/errors';
import { messages } from '#shared/messages';
import { requireSession, type SessionVars } from '../auth/sessions';
import type { AppDeps } from '../config';
import { requireStaff, type StaffVars } from '../staff/service';
import { staffCaller, type StaffCaller } from '../staff/auth';
import { hasRole } from '#shared/staff/roles';
import { capBodyOf } from './bodyCap';
import { validationError } from './errors';
import { DomainError } from '../errors';

/**
 * Registers a handler for a shared endpoint descriptor (src/shared/<domain>/endpoints.ts): at the
 * descriptor's full path under /api/v1, behind the access its `auth` names, with its query and JSON
 * body checked by its schemas (400 code 4000 with `field`, as jsonBody always answered). The
 * handler reads `c.req.valid('json')` and `c.req.valid('query')`.
 */

/** Either token: `staffId` when a staff member calls, else `customerId` of the signed-in customer. */
export interface EitherVars { Variables: { staffId?: number; staff?: StaffCaller; customerId?: number; sessionHash?: string } }

interface AccessEnv { none: Env; customer: SessionVars; staff: StaffVars; either: EitherVars }

type QueryOf<E extends Endpoint> = E['query'] extends Readonly<Record<string, QueryParam>>
  ? { [K in keyof E['query']]: E['query'][K] extends { schema: infer S extends v.GenericSchema }
    ? E['query'][K] extends { required: true } ? v.InferOutput<S> : v.InferOutput<S> | undefined
    : string | undefined }
  : Record<string, never>;

interface InputOf<E extends Endpoint> { out: { json: ValidBodyOf<E>; query: QueryOf<E> } }

export type EndpointContext<E extends Endpoint> = Context<AccessEnv[E['auth']], E['path'], InputOf<E>>;
export type EndpointHandler<E extends Endpoint> = (c: EndpointContext<E>) => Response | Promise<Response>;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'limits'>;

/** A customer session, else a staff token: the one call staff and customers share (ARCHITECTURE). */
const eitherToken = (deps: Deps, roles: Endpoint['roles']) => {
  const session = requireSession(deps);
  return createMiddleware<EitherVars>(async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    const caller = token ? await staffCaller(deps, token) : null;
    if (caller !== null) {
      if (!hasRole(caller.roles, roles ?? [])) throw new DomainError('STAFF_ROLE');
      c.set('staffId', caller.id);
      c.set('staff', caller);
      return next();
    }
    return session(c as unknown as Context<SessionVars>, next);
  });
};

/**
 * What a call behind a token answers is never kept by a browser or a shared cache: `no-store`
 * whatever the handler set (the CEP lookup's max-age included) and for its errors too; a value that
 * already says no-store (`private, no-store` of a download) stays. Set on the answer as built:
 * c.header() after the handler would copy it into a new one with a stream body (node-server's slow path).
 */
const noStore = createMiddleware(async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (!/(^|,)\s*no-store\s*(,|$)/i.test(headers.get('Cache-Control') ?? '')) headers.set('Cache-Control', 'no-store');
});

function accessCheck(endpoint: Endpoint, deps: Deps): MiddlewareHandler[] {
  // a staff call names who may make it (least privilege): one without roles is a mistake, found at start-up
  if ((endpoint.auth === 'staff' || endpoint.auth === 'either') && !endpoint.roles?.length) {
    throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path}: a staff endpoint must name its roles`);
  }
  switch (endpoint.auth) {
    case 'none': return [];
    case 'customer': return [noStore, requireSession(deps)];
    case 'staff': return [noStore, requireStaff(deps, endpoint.roles ?? [])];
    case 'either': return [noStore, eitherToken(deps, endpoint.roles)];
  }
}

/** A parameter with a schema is checked when present, or absent and required; one without is passed as the raw string. */
function queryCheck(e: Endpoint): MiddlewareHandler[] {
  const params = Object.entries(e.query ?? {});
  if (params.length === 0) return [];
  return [createMiddleware(async (c, next) => {
    const valid: Record<string, unknown> = {};
    for (const [name, param] of params) {
      const raw = c.req.query(name);
      if (!param.schema || (raw === undefined && !param.required)) {
        valid[name] = raw;
        continue;
      }
      const r = v.safeParse(param.schema, raw);
      if (!r.success) throw new DomainError('VALIDATION', { field: name }, r.issues[0]?.message ?? messages['common.error.generic']);
      valid[name] = r.output;
    }
    c.req.addValidatedData('query', valid);
    await next();
  })];
}

const parsed = (schema: v.GenericSchema, value: unknown): unknown => {
  const r = v.safeParse(schema, value);
  if (!r.success) throw validationError(r.issues);
  return r.output;
};

function bodyCheck(e: Endpoint): MiddlewareHandler[] {
  const { body, bodyFor } = e;
  if (!body) return [];
  if (e.bodyOptional) {
    // no body, or one that is not JSON, reads as {} (the schema's defaults apply)
    return [createMiddleware(async (c, next) => {
      const raw: unknown = await c.req.json().catch(() => ({}));
      c.req.addValidatedData('json', parsed(body, raw ?? {}) as object);
      await next();
    })];
  }
  return [jsonContentType, validator('json', (value) => parsed(bodyFor ? bodyFor(value) : body, value))];
}

/**
 * A body sent as another type than JSON (text/plain, a form) is refused as malformed: the JSON
 * validator would read it as an empty body, which a form whose fields are all optional accepts.
 * A call without a body (no Content-Type) still reads as `{}`.
 */
const jsonContentType = createMiddleware(async (c, next) => {
  const type = (c.req.header('Content-Type') ?? '').trim();
  if (type !== '' && !/^application\/([a-z-.]+\+)?json\s*(;|$)/i.test(type)) throw new DomainError('VALIDATION', {}, messages['common.error.generic']);
  await next();
});

/** Mounts `handler` for `endpoint` on `app` (a domain's sub-app, itself mounted at /api/v1). */
export function route<E extends Endpoint>(app: Hono, deps: Deps, endpoint: E, handler: EndpointHandler<E>): void {
  // the body's cap first: an oversized body is refused before anyone reads it, signed in or not
  const chain = [...(endpoint.method === 'get' ? [] : [capBodyOf(endpoint)]), ...accessCheck(endpoint, deps), ...queryCheck(endpoint), ...bodyCheck(endpoint)];
  const on = app.on.bind(app) as (method: string, path: string, ...handlers: (MiddlewareHandler | Handler)[]) => unknown;
  on(endpoint.method.toUpperCase(), endpoint.path, ...chain, handler as unknown as Handler);
}

/** A domain's sub-app and its `route(endpoint, handler)`. */
export function endpointApp(deps: Deps): { app: Hono; route: <E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>) => void } {
  const app = new Hono();
  return { app, route: (endpoint, handler) => route(app, deps, endpoint, handler) };
}

const pattern = (path: string): RegExp =>
  new RegExp(`^${path.replace(/:[A-Za-z_]+/g, '[^/]+').replace(/\//g, '\\/')}\\/?$`);

/** The methods served at a concrete path (relative to /api/v1), for 405 and its Allow header. */
export function allowedMethods(endpoints: readonly Endpoint[], path: string): string[] {
  // once each: '/admin/faq/order' is also what '/admin/faq/:faqId' matches
  return [...new Set(endpoints.filter((e) => pattern(e.path).test(path)).map((e) => e.method.toUpperCase()))];
}

/** A positive integer id from a path or query parameter; anything else is simply not found. */
export function idParam(raw: string | undefined, notFound: ErrorName = 'NOT_FOUND'): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new DomainError(notFound);
  return id;
}
