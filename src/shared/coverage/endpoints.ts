import { ANY_STAFF } from '../staff/roles';
import { endpoint, failure, staffFailures } from '../endpoint';
import { CitiesResponse } from '../auth/payloads';
import { CoverageEntry, CoverageTable } from './payloads';

/** Where the company serves: the municipalities of a state, and staff's franchisee coverage table. */

export const cities = endpoint({
  method: 'get', path: '/portal/cities/:state', auth: 'none', tag: 'reference',
  summary: 'Municipalities of a state (UF, e.g. SP); city_id is the 7-digit IBGE code.',
  responses: { 200: { description: 'cities by name', schema: CitiesResponse }, 404: failure('unknown state (4040)') },
});

// ---- staff --------------------------------------------------------------------------------------

export const coverage = endpoint({
  method: 'get', path: '/admin/coverage', auth: 'staff', roles: ANY_STAFF, tag: 'admin', summary: 'The franchisee coverage table (state -> franchisee).',
  responses: { 200: { description: 'coverage', schema: CoverageTable }, ...staffFailures },
});

export const serveState = endpoint({
  method: 'put', path: '/admin/coverage/:state', auth: 'staff', roles: ['admin'], tag: 'admin', body: CoverageEntry, summary: 'Serve a state by a franchisee (audited).',
  responses: { 200: { description: 'saved' }, ...staffFailures, 404: failure('no such state') },
});

export const stopServingState = endpoint({
  method: 'delete', path: '/admin/coverage/:state', auth: 'staff', roles: ['admin'], tag: 'admin', summary: 'Stop serving a state (audited).',
  responses: { 200: { description: 'removed' }, ...staffFailures },
});

export const coverageEndpoints = [cities, coverage, serveState, stopServingState];
