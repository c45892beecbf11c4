import * as v from 'valibot';
import { STEP_STATUSES, STEP_TYPES } from '../steps';

/** GET /portal/customers/steps: the customer's steps (spec §3 "Menu step"). */
export const MenuStep = v.object({
  client_id: v.number(),
  type: v.picklist(STEP_TYPES),
  status: v.picklist(STEP_STATUSES),
});
export const StepsResponse = v.object({ data: v.array(MenuStep) });
