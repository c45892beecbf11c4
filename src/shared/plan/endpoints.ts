import * as v from 'valibot';
import { endpoint, failure } from '../endpoint';
import {
  CatalogResponse, PlanOffersResponse, PlanSignedResponse, PlanSimulated, PlanSimulatedRequest, SalesFreeMonthsResponse, SelectedClientPlanResponse, SimulatorRequest,
} from './payloads';

/** Plan simulations: the anonymous simulator and the customer's selected plan. */

export const simulator = endpoint({
  method: 'post', path: '/portal/plans/simulator', auth: 'none', tag: 'plans', body: SimulatorRequest,
  summary: 'Anonymous simulation from the bill value (national averages): photovoltaic_system, annual_values, plan {low, med, max}.',
  responses: { 200: { description: 'the simulation (docs/sizing.md)' }, 400: failure('invalid bill value (4000)') },
});

export const simulatePlan = endpoint({
  method: 'post', path: '/portal/customers/plan-simulated', auth: 'customer', tag: 'plans', body: PlanSimulatedRequest,
  summary: "Simulate one plan for the customer's state and city and keep it as the selected simulation; a fit plan approves the SIMULATION step.",
  responses: {
    200: { description: 'the simulated plan', schema: PlanSimulated }, 400: failure('invalid request; deadline_years must be the level\'s term'),
    401: failure('no valid session'),
  },
});

export const selectedPlan = endpoint({
  method: 'get', path: '/portal/customers/selected-plan-simulated', auth: 'customer', tag: 'plans',
  summary: 'The latest simulated plan, or null.',
  responses: { 200: { description: 'plan or null', schema: v.nullable(PlanSimulated) }, 401: failure('no valid session') },
});

export const plans = endpoint({
  method: 'get', path: '/portal/plans', auth: 'none', tag: 'plans',
  summary: 'The plan catalogue (spec §9): LOW 3, MEDIUM 5 and MAX 20 years, free months, zero joining fee, assistance and app monitoring.',
  responses: { 200: { description: 'the three plans', schema: CatalogResponse } },
});

export const customerPlans = endpoint({
  method: 'get', path: '/portal/customers/plans', auth: 'customer', tag: 'plans',
  summary: "The three plans with the customer's own figures (their bill value, state and city; free months with the partnership's two); empty while no bill value is known.",
  responses: { 200: { description: 'the offers', schema: PlanOffersResponse }, 401: failure('no valid session') },
});

export const selectedClientPlan = endpoint({
  method: 'get', path: '/portal/customers/plans/selected-plan', auth: 'customer', tag: 'plans',
  summary: 'The plan the customer chose (the client plan), or null.',
  responses: { 200: { description: 'the client plan or null', schema: SelectedClientPlanResponse }, 401: failure('no valid session') },
});

export const signPlan = endpoint({
  method: 'post', path: '/portal/customers/plans/:planId/sign', auth: 'customer', tag: 'plans', bodyOptional: true,
  summary: "Choose a plan ('Siga para assinatura'): it becomes the customer's client plan with the figures shown, and the process moves from SIGNATURE to CHECKOUT. Payment is authorised later, on the booking screen (POST /portal/customers/checkout).",
  responses: {
    200: { description: 'the client plan and the steps after the choice', schema: PlanSignedResponse }, 401: failure('no valid session'),
    404: failure('no such plan'), 409: failure("not at the plan choice (4090), or the plan is not fit for this bill: 'Não apto' (4097)"),
  },
});

export const salesFreeMonths = endpoint({
  method: 'get', path: '/portal/customers/:id/plans/sales_free_month', auth: 'customer', tag: 'plans',
  summary: "Free monthly fees per plan for this customer (id is the signed-in customer's own id): 1, 2 and 3, two more each with an employer partnership.",
  responses: { 200: { description: 'free months per level', schema: SalesFreeMonthsResponse }, 401: failure('no valid session'), 404: failure('not this customer') },
});

export const planEndpoints = [simulator, simulatePlan, selectedPlan, plans, customerPlans, selectedClientPlan, signPlan, salesFreeMonths];
