import { mkdirSync, writeFileSync } from 'node:fs';
import { API_VERSION, apiRoutes } from '../src/server/app';
import { openApiDocument } from '../src/server/http/openapi';

// Writes docs/openapi.json from the route registry and the shared valibot schemas (as served at /api/v1/openapi.json).
const doc = {
  'x-generated-by': 'scripts/openapi.ts (npm run openapi); do not edit by hand',
  ...openApiDocument(apiRoutes({ production: false }), API_VERSION),
};
mkdirSync('docs', { recursive: true });
writeFileSync('docs/openapi.json', `${JSON.stringify(doc, null, 2)}\n`);
console.log(`docs/openapi.json: ${Object.keys(doc.paths).length} paths`);
