import * as v from 'valibot';
import { API_PREFIX } from './api';
import { MAX_UPLOAD_BYTES } from './bill/rules';
import type { StaffRole } from './staff/roles';

export { API_PREFIX };

/**
 * One call of the API, described once: the browser client (src/web/api), the server's route
 * registration (src/server/http/route.ts: access, validation, 405) and the OpenAPI writer
 * (src/shared/openapi.ts) all read it. Each domain lists its calls in src/shared/<domain>/endpoints.ts.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: anyone; a signed-in customer (bearer session token); a staff member (bearer staff
 * token; a customer's token gets 403); either of them (the customer for their own id only).
 */
export type Access = 'none' | 'customer' | 'staff' | 'either';

export interface QueryParam {
  /**
   * Checked by the server when the parameter is present, or absent and `required` (400 with the
   * parameter as `field`). Without a schema it is an identifier the handler resolves itself (a
   * malformed one is simply not found), documented as a string.
   */
  schema?: v.GenericSchema;
  required?: boolean;
  description?: string;
}

export interface EndpointResponse {
  description: string;
  /** the body's schema; none for files and bodies the client does not read */
  schema?: v.GenericSchema;
}

export interface Endpoint {
  method: Method;
  /**
   * For staff calls (auth 'staff', and the staff side of 'either'): the roles that may make it
   * (src/shared/staff/roles.ts); the server refuses any other member with 403.
   */
  roles?: readonly StaffRole[];
  /** the full path under /api/v1 in Hono's form (`:id`), spelled as the spec spells it */
  path: string;
  auth: Access;
  summary: string;
  /** the OpenAPI tag that groups it */
  tag: string;
  /** the JSON body: validated by the server (400 code 4000 with `field`), documented */
  body?: v.GenericSchema;
  /** the call may come without a body (or with one that is not JSON): it then reads as `{}` */
  bodyOptional?: boolean;
  /** for a body with several forms told apart by a field: the form that checks a given body */
  bodyFor?: (raw: unknown) => v.GenericSchema;
  /**
   * a multipart/form-data upload; `field` is the one documented, `files` how many file fields of
   * at most 10 MB one request may carry (1 unless said), which sizes its body cap
   */
  multipart?: { field: string; description: string; files?: number };
  /** the most bytes a body may have when it is not the JSON_BODY_CAP of a form (see bodyCap) */
  maxBody?: number;
  query?: Readonly<Record<string, QueryParam>>;
  /** every answer by status, errors included (`failure(...)`) */
  responses: Readonly<Record<number, EndpointResponse>>;
  /** served only outside production (the local outbox) */
  development?: boolean;
}

/** JSON bodies are small forms: 64 KiB is far more than the largest the portal sends. */
export const JSON_BODY_CAP = 64 * 1024;
/** Room for the multipart envelope and a few small fields around the files. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/**
 * The most bytes a call's body may carry, whatever its content type (issue 29, F1): an upload's
 * files and their envelope, a descriptor's own `maxBody`, else a JSON form's cap. The server
 * refuses a larger body with 413 before reading it (http/route.ts) and the OpenAPI says so.
 */
export function bodyCap(e: Pick<Endpoint, 'multipart' | 'maxBody'>): number {
  if (e.multipart) return (e.multipart.files ?? 1) * MAX_UPLOAD_BYTES + MULTIPART_ENVELOPE_BYTES;
  return e.maxBody ?? JSON_BODY_CAP;
}

/** Declares a descriptor; keeps its literal path and schemas in the type (path parameters, response types). */
/*#__NO_SIDE_EFFECTS__*/
export function endpoint<const E extends Endpoint>(descriptor: E): E {
  return descriptor;
}

/** The body of every error answer, as documented. */
export const ApiErrorSchema = v.object({
  code: v.number(),
  message: v.string(),
  field: v.optional(v.string()),
  retry_after_s: v.optional(v.number()),
  /** the request's id (the X-Request-Id header): what support looks up in the logs */
  request_id: v.optional(v.string()),
});

/** An error answer of a descriptor: what it means and the codes it carries. */
/*#__NO_SIDE_EFFECTS__*/
export function failure(description: string): EndpointResponse {
  return { description, schema: ApiErrorSchema };
}

type ParamNames<P extends string> =
  P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`>
    : P extends `${string}:${infer Name}` ? Name
      : never;

/** The path parameters of a descriptor's path: `'/portal/cep/:cep'` -> `{ cep: string | number }`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

/** `{ params }` for a path with parameters, nothing for one without. */
export type ParamsOption<P extends string> = [ParamNames<P>] extends [never] ? { params?: undefined } : { params: PathParams<P> };

const PARAM = /:([A-Za-z_]+)/g;

/** An endpoint's path from the origin ('/api/v1/portal/customers'), parameters as written (`:id`). */
export const apiPath = (endpoint: Pick<Endpoint, 'path'>): string => `${API_PREFIX}${endpoint.path}`;

/** The path with its parameters filled in (each one URI-encoded), still relative to /api/v1. */
export function fillPath<P extends string>(path: P, params: PathParams<P>): string {
  const values = params as Record<string, string | number>;
  return path.replace(PARAM, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of a path's parameters, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(PARAM)].map((m) => m[1] ?? '');

type Schemas<E extends Endpoint> = E['responses'];
type OutputAt<E extends Endpoint, S> = S extends keyof Schemas<E>
  ? Schemas<E>[S] extends { schema: infer X } ? X extends v.GenericSchema ? v.InferOutput<X> : never : unknown
  : never;

/** The statuses that mean success. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/** What a call answers with a given status (by default any success), as its schema parses it. */
export type ResponseOf<E extends Endpoint, S extends number = SuccessStatus> = OutputAt<E, S>;

/** The body a call sends (its schema's input). */
export type BodyOf<E extends Endpoint> = E['body'] extends v.GenericSchema ? v.InferInput<E['body']> : never;

/** The body after the server's validation (its schema's output). */
export type ValidBodyOf<E extends Endpoint> = E['body'] extends v.GenericSchema ? v.InferOutput<E['body']> : never;

/** The two refusals of every staff call. */
export const staffFailures = { 401: failure('no valid staff token or session (4010)'), 403: failure('a customer token (4030), or a staff member without the role (4032)') };
