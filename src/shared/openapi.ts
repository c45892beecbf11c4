import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { ApiErrorSchema, apiPath, bodyCap, pathParamNames, type Endpoint, type EndpointResponse } from './endpoint';

const schemaOf = (s: v.GenericSchema, typeMode: 'input' | 'output') =>
  // Checks written as functions (CNPJ digits, e-mail) have no JSON Schema form: the server still runs them.
  toJsonSchema(s, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' });

const operationId = (e: Endpoint) =>
  `${e.method}${e.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ? ch.toUpperCase() : ''))}`;

function requestBody(e: Endpoint) {
  if (e.multipart) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: [e.multipart.field], properties: { [e.multipart.field]: { type: 'string', format: 'binary', description: e.multipart.description } } },
        },
      },
    };
  }
  if (e.body) return { required: !e.bodyOptional, content: { 'application/json': { schema: schemaOf(e.body, 'input') } } };
  return undefined;
}

/** Every call with a body may answer 413 (its cap, bodyCap): said where the descriptor does not already. */
function withBodyCap(e: Endpoint): Readonly<Record<number, EndpointResponse>> {
  if (e.method === 'get' || e.responses[413]) return e.responses;
  return { ...e.responses, 413: { description: `a body over ${bodyCap(e)} bytes (4132), refused before it is read`, schema: ApiErrorSchema } };
}

/** OpenAPI 3.1 document of the given endpoint descriptors, with the same valibot schemas that validate requests. */
export function openApiDocument(endpoints: readonly Endpoint[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const path = apiPath(e).replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters = [
      ...pathParamNames(e.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...Object.entries(e.query ?? {}).map(([name, q]) => ({
        name, in: 'query', required: q.required ?? false, ...(q.description ? { description: q.description } : {}),
        schema: schemaOf(q.schema ?? v.string(), 'input'), // an identifier without a schema travels as a string
      })),
      { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string', default: 'pt-BR' } },
    ];
    const body = requestBody(e);
    paths[path] ??= {};
    paths[path][e.method] = {
      tags: [e.tag],
      summary: e.summary,
      operationId: operationId(e),
      parameters,
      ...(e.auth !== 'none' ? { security: [{ bearer: [] }] } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: Object.fromEntries(Object.entries(withBodyCap(e)).map(([status, res]) => [status, {
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
