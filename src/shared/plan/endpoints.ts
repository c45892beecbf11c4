import * as v from 'valibot';
import { endpoint, failure } from '../endpoint';
import { PlanSimulated, PlanSimulatedRequest, SimulatorRequest } from './payloads';

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

export const planEndpoints = [simulator, simulatePlan, selectedPlan];
