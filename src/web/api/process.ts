import { steps } from '#shared/process/endpoints';
import type { MenuStep } from '#shared/steps';
import type { Transport } from './transport';

/** The customer's steps. */
export const processCalls = (t: Transport) => ({
  /** GET /portal/customers/steps */
  async getSteps(): Promise<MenuStep[]> {
    const { data } = await t.call(steps, {});
    return data.data;
  },
});
