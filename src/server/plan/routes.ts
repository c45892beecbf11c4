import { Hono } from 'hono';
import * as v from 'valibot';
import {
  CustomerSuccessCase, CustomerSuccessCreate, Partnership, PlanSimulated, PlanSimulatedRequest, SimulatorRequest,
} from '#shared/plan/payloads';
import { ErrorCode } from '#shared/errors';
import { requireSession, type SessionVars } from '../auth/sessions';
import type { AppDeps } from '../config';
import { ApiError, jsonBody } from '../http/errors';
import {
  employeeCardFile, openCustomerSuccess, partnershipOf, saveEmployeeCard, selectedSimulation, simulate, simulatePlan,
} from './service';
import { receiveUpload } from '../http/multipart';
import { attachment } from '../bill/routes';
import { err } from '../http/common';
import type { RouteDoc } from '../http/registry';

const auth401 = { 401: err('no valid session') };

export const journeyRoutes: RouteDoc[] = [
  {
    method: 'post', path: '/portal/plans/simulator', tag: 'plans', body: SimulatorRequest,
    summary: 'Anonymous simulation from the bill value (national averages): photovoltaic_system, annual_values, plan {low, med, max}.',
    responses: { 200: { description: 'the simulation (docs/sizing.md)' }, 400: err('invalid bill value (4000)') },
  },
  {
    method: 'post', path: '/portal/customers/plan-simulated', tag: 'plans', auth: true, body: PlanSimulatedRequest,
    summary: "Simulate one plan for the customer's state and city and keep it as the selected simulation; a fit plan approves the SIMULATION step.",
    responses: { 200: { description: 'the simulated plan', schema: PlanSimulated }, 400: err('invalid request; deadline_years must be the level\'s term'), ...auth401 },
  },
  {
    method: 'get', path: '/portal/customers/selected-plan-simulated', tag: 'plans', auth: true,
    summary: 'The latest simulated plan, or null.',
    responses: { 200: { description: 'plan or null', schema: v.nullable(PlanSimulated) }, ...auth401 },
  },
  {
    method: 'post', path: '/portal/customers_success/create', tag: 'customer success', auth: true, body: CustomerSuccessCreate,
    summary: 'Open (or return) the customer-success follow-up for the signed-in customer (client_id is their own id).',
    responses: { 200: { description: 'the case', schema: CustomerSuccessCase }, ...auth401, 404: err('client_id is not the signed-in customer') },
  },
  {
    method: 'get', path: '/portal/client-partnership/:id', tag: 'partnership', auth: true,
    summary: "The signed-in customer's partnership (id is their client id) and their employee badge link.",
    responses: { 200: { description: 'partnership', schema: Partnership }, ...auth401, 404: err('not this customer') },
  },
  {
    method: 'post', path: '/portal/client-partnership/:id/emproyee-card', tag: 'partnership', auth: true,
    multipart: { field: 'file', description: 'employee badge or proof of employer link: PDF, JPEG or PNG, at most 10 MB' },
    summary: 'Send the employee badge (path spelled as the spec spells it).',
    responses: {
      201: { description: 'partnership with the badge link', schema: Partnership }, ...auth401, 404: err('not this customer'),
      413: err('over 10 MB (4130)'), 415: err('not a PDF, JPEG or PNG (4150)'),
    },
  },
  {
    method: 'get', path: '/portal/client-partnership/:id/emproyee-card', tag: 'partnership', auth: true,
    summary: 'Download the employee badge (owner only, attachment).',
    responses: { 200: { description: 'the file' }, ...auth401, 404: err('no badge') },
  },
];

const idOf = (raw: string): number => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(404, ErrorCode.NOT_FOUND);
  return id;
};

export function journeyApi(deps: AppDeps): Hono<SessionVars> {
  const app = new Hono<SessionVars>();
  const session = requireSession(deps);
  app.post('/plans/simulator', jsonBody(SimulatorRequest), (c) => c.json(simulate(deps, c.req.valid('json').bill_value)));
  app.post('/customers/plan-simulated', session, jsonBody(PlanSimulatedRequest), async (c) => c.json(await simulatePlan(deps, c.get('customerId'), c.req.valid('json'))));
  app.get('/customers/selected-plan-simulated', session, async (c) => c.json(await selectedSimulation(deps.db, c.get('customerId'))));
  app.post('/customers_success/create', session, jsonBody(CustomerSuccessCreate), async (c) =>
    c.json(await openCustomerSuccess(deps, c.get('customerId'), c.req.valid('json').client_id)));
  app.get('/client-partnership/:id', session, async (c) => c.json(await partnershipOf(deps.db, c.get('customerId'), idOf(c.req.param('id')))));
  app.post('/client-partnership/:id/emproyee-card', session, async (c) => {
    const id = idOf(c.req.param('id'));
    if (id !== c.get('customerId')) throw new ApiError(404, ErrorCode.NOT_FOUND);
    const file = await receiveUpload(c, deps.storage.stagingDir);
    return c.json(await saveEmployeeCard(deps, c.get('customerId'), id, file), 201);
  });
  app.get('/client-partnership/:id/emproyee-card', session, async (c) => {
    const f = await employeeCardFile(deps, c.get('customerId'), idOf(c.req.param('id')));
    return attachment(f.bytes, f.kind, f.name);
  });
  return app;
}
