import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import type { RouteDoc } from './registry';

const schemaOf = (s: GenericSchema, typeMode: 'input' | 'output') =>
  // Checks written as functions (CNPJ digits, e-mail) have no JSON Schema form: the server still runs them.
  toJsonSchema(s, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' });

/** OpenAPI 3.1 document built from the route registry and the same valibot schemas that validate requests. */
export function openApiDocument(routes: readonly RouteDoc[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = `/api/v1${r.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    const params = [
      ...[...r.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
      ...Object.entries(r.query ?? {}).map(([name, q]) => ({
        name, in: 'query', required: q.required ?? false, ...(q.description ? { description: q.description } : {}), schema: schemaOf(q.schema, 'input'),
      })),
      { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string', default: 'pt-BR' } },
    ];
    paths[path] ??= {};
    paths[path][r.method] = {
      tags: [r.tag],
      summary: r.summary,
      operationId: `${r.method}${r.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ? ch.toUpperCase() : ''))}`,
      parameters: params,
      ...(r.auth ? { security: [{ bearer: [] }] } : {}),
      ...(r.multipart ? {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: [r.multipart.field], properties: { [r.multipart.field]: { type: 'string', format: 'binary', description: r.multipart.description } } },
            },
          },
        },
      } : {}),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(r.body, 'input') } } } } : {}),
      responses: Object.fromEntries(Object.entries(r.responses).map(([status, res]) => [status, {
        description: res.description,
        ...(res.schema ? { content: { 'application/json': { schema: schemaOf(res.schema, 'output') } } } : {}),
      }])),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal Solar API',
      version,
      description: 'The customer portal API (spec section 7). Errors are {code, message, field?, retry_after_s?} with pt-BR messages.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
