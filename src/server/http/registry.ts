import type { GenericSchema } from 'valibot';

/** One documented API route (path in Hono form, relative to /api/v1): drives OpenAPI and 405 answers. */
export interface RouteDoc {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  summary: string;
  tag: string;
  /** needs `Authorization: Bearer <token>` */
  auth?: boolean;
  body?: GenericSchema;
  /** a multipart/form-data upload with one file field */
  multipart?: { field: string; description: string };
  query?: Record<string, { schema: GenericSchema; required?: boolean; description?: string }>;
  responses: Record<number, { description: string; schema?: GenericSchema }>;
}

const pattern = (path: string): RegExp =>
  new RegExp(`^${path.replace(/:[A-Za-z_]+/g, '[^/]+').replace(/\//g, '\\/')}\\/?$`);

/** Methods documented for a concrete path (for 405 + Allow). */
export function methodsFor(routes: readonly RouteDoc[], path: string): string[] {
  return routes.filter((r) => pattern(r.path).test(path)).map((r) => r.method.toUpperCase());
}
