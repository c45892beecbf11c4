import type { City } from '#shared/auth/payloads';
import { cities } from '#shared/coverage/endpoints';
import type { Transport } from './transport';

/** Reference data for the sign-up form. */
export const coverageCalls = (t: Transport) => ({
  /** GET /portal/cities/{state} */
  async getCities(state: string): Promise<City[]> {
    const { data } = await t.call(cities, { params: { state }, token: null });
    return data.data;
  },
});
