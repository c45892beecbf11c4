import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { BusinessSignUp, PersonalSignUp, SignUpRequest, SignUpResponse } from '#shared/auth/payloads';
import { CustomerPatch, CustomerProfile } from '#shared/customer/payloads';
import { StepsResponse } from '#shared/process/payloads';
import { requireSession, type SessionVars } from '../auth/sessions';
import type { AppDeps } from '../config';
import { profile, signUp, updateProfile } from './service';
import { jsonBody, validationError } from '../http/errors';
import { customerSteps } from '../process/host';
import { err } from '../http/common';
import type { RouteDoc } from '../http/registry';

/** Personal and business payloads share the path; `document_type` picks the company form's rules. */
const signUpBody = validator('json', (value): SignUpRequest => {
  const business = typeof value === 'object' && value !== null && 'document_type' in value;
  const r = v.safeParse(business ? BusinessSignUp : PersonalSignUp, value);
  if (!r.success) throw validationError(r.issues);
  return r.output;
});

export const customersRoutes: RouteDoc[] = [
  {
    method: 'post', path: '/portal/customers', tag: 'customers', body: SignUpRequest,
    summary: 'Sign-up (personal, or business with document_type CNPJ). Needs the phone_proof from confirm-number or login.',
    responses: {
      201: { description: 'created and signed in', schema: SignUpResponse },
      400: err('invalid payload (4000) or CNPJ (1018)'),
      403: err('phone not confirmed (5003)'),
      409: err('e-mail (1005) or phone (5004) already in use'),
      422: err('city not in the state (5002) or unknown coupon (4002, INVALID_COUPON)'),
    },
  },
  {
    method: 'get', path: '/portal/customers', tag: 'customers', auth: true, summary: "The signed-in customer's profile.",
    responses: { 200: { description: 'profile', schema: CustomerProfile }, 401: err('no valid session (4010)') },
  },
  {
    method: 'patch', path: '/portal/customers', tag: 'customers', auth: true, body: CustomerPatch, summary: 'Change name or e-mail.',
    responses: { 200: { description: 'the updated profile', schema: CustomerProfile }, 401: err('no valid session'), 409: err('e-mail in use (1005)') },
  },
  {
    method: 'get', path: '/portal/customers/steps', tag: 'customers', auth: true,
    summary: "The customer's steps, derived from their process (a new customer: SIMULATION and BILL, NOT_DONE).",
    responses: { 200: { description: 'steps in order', schema: StepsResponse }, 401: err('no valid session') },
  },
];

export function customersApi(deps: AppDeps): Hono<SessionVars> {
  const app = new Hono<SessionVars>();
  const session = requireSession(deps);

  app.post('/', signUpBody, async (c) => c.json({ access_token: await signUp(deps, c.req.valid('json')) }, 201));
  app.get('/', session, async (c) => c.json(await profile(deps.db, c.get('customerId'))));
  app.patch('/', session, jsonBody(CustomerPatch), async (c) => c.json(await updateProfile(deps, c.get('customerId'), c.req.valid('json'))));
  app.get('/steps', session, async (c) => c.json({ data: await customerSteps(deps.db, c.get('customerId')) }));
  return app;
}
