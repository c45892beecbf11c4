import * as v from 'valibot';
import { STEP_STATUSES, STEP_TYPES } from '../steps';

/** GET /portal/customers/steps: the customer's steps (spec §3 "Menu step"). */
export const MenuStep = v.object({
  client_id: v.number(),
  type: v.picklist(STEP_TYPES),
  status: v.picklist(STEP_STATUSES),
});
export const StepsResponse = v.object({ data: v.array(MenuStep) });

/** Process events staff send directly; bill decisions go through PUT .../bill so the bill row moves with them. */
export const STAFF_EVENTS = [
  'simulation.done', 'proposal.initialSent', 'proposal.initialApproved', 'visit.requested', 'visit.confirmed', 'visit.cancelled',
  'visit.approved', 'visit.notApproved', 'plan.signed', 'proposal.finalApproved', 'checkout.completed', 'contract.signed',
  'supply.delivered', 'installation.completed',
] as const;
export type StaffEvent = (typeof STAFF_EVENTS)[number];

/** POST admin/customers/{id}/events (staff). */
export const StaffEventRequest = v.object({
  type: v.picklist(STAFF_EVENTS),
  payment_type: v.optional(v.picklist(['CASH_PURCHASE', 'FINANCING'])),
  /** the process version the staff member saw; refused (4091) when the customer moved on */
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type StaffEventRequest = v.InferOutput<typeof StaffEventRequest>;

/** A customer's process as staff read it: the machine's state, its version and the steps derived from it. */
export const ProcessView = v.object({ state: v.unknown(), version: v.number(), steps: StepsResponse.entries.data });
