import { endpoint, type Endpoint } from './endpoint';
import { openApiDocument } from './openapi';
import { authEndpoints } from './auth/endpoints';
import { billEndpoints } from './bill/endpoints';
import { checkoutEndpoints } from './checkout/endpoints';
import { contractEndpoints } from './contract/endpoints';
import { documentEndpoints } from './document/endpoints';
import { faqEndpoints } from './faq/endpoints';
import { coverageEndpoints } from './coverage/endpoints';
import { customerEndpoints } from './customer/endpoints';
import { devEndpoints } from './dev/endpoints';
import { notificationEndpoints } from './notification/endpoints';
import { paymentEndpoints } from './payment/endpoints';
import { planEndpoints } from './plan/endpoints';
import { profileEndpoints } from './profile/endpoints';
import { processEndpoints } from './process/endpoints';
import { projectEndpoints } from './project/endpoints';
import { proposalEndpoints } from './proposal/endpoints';
import { staffEndpoints } from './staff/endpoints';
import { visitEndpoints } from './visit/endpoints';

/**
 * Every call of the API, by domain: what the server serves (test/server/http/descriptors.test.ts
 * proves it both ways), what a wrong method's 405 lists in Allow, and what docs/openapi.json documents.
 * Not for the browser: it pulls every schema; screens reach their calls through src/web/api.
 */

export const API_VERSION = '1.0.0';

export const apiDocument = endpoint({
  method: 'get', path: '/openapi.json', auth: 'none', tag: 'meta', summary: 'This document.',
  responses: { 200: { description: 'OpenAPI 3.1' } },
});

export const ENDPOINTS: readonly Endpoint[] = [
  ...authEndpoints, ...customerEndpoints, ...profileEndpoints, ...processEndpoints, ...coverageEndpoints, ...billEndpoints, ...notificationEndpoints,
  ...planEndpoints, ...checkoutEndpoints, ...documentEndpoints, ...contractEndpoints, ...paymentEndpoints, ...projectEndpoints, ...faqEndpoints, ...proposalEndpoints, ...visitEndpoints, ...staffEndpoints, ...devEndpoints, apiDocument,
];

/** The calls a server serves: the development ones only outside production. */
export const servedEndpoints = (opts: { production: boolean }): readonly Endpoint[] =>
  ENDPOINTS.filter((e) => !(opts.production && e.development));

/** The OpenAPI document of what a server serves (docs/openapi.json is the non-production one). */
export const apiOpenApiDocument = (opts: { production: boolean }) => openApiDocument(servedEndpoints(opts), API_VERSION);
