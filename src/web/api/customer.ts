import type { SignUpRequest } from '#shared/auth/payloads';
import { partnership, profile, sendEmployeeBadge, signUp, updateProfile } from '#shared/customer/endpoints';
import type { CustomerProfile, Partnership } from '#shared/customer/payloads';
import type { Transport } from './transport';

/** The customer's account: sign-up, profile, and the employer partnership with its badge. */
export const customerCalls = (t: Transport) => ({
  /** POST /portal/customers: personal or business sign-up */
  async signUp(payload: SignUpRequest): Promise<{ token: string }> {
    const { data } = await t.call(signUp, { json: payload, token: null });
    return { token: data.access_token };
  },

  /** GET /portal/customers: the profile */
  async getCustomer(token?: string): Promise<CustomerProfile> {
    const { data } = await t.call(profile, { token });
    return data;
  },

  /** PATCH /portal/customers: name and e-mail */
  async updateProfile(patch: { name: string; email: string }): Promise<CustomerProfile> {
    const { data } = await t.call(updateProfile, { json: patch, fallback: 'profile.update.error' });
    return data;
  },

  /** GET /portal/client-partnership/{id} */
  async getPartnership(clientId: number): Promise<Partnership> {
    const { data } = await t.call(partnership, { params: { id: clientId } });
    return data;
  },

  /** POST /portal/client-partnership/{id}/emproyee-card (the path as the spec spells it) */
  async uploadEmployeeBadge(clientId: number, file: Blob, name: string, onProgress?: (ratio: number) => void): Promise<Partnership> {
    return t.sendFile(sendEmployeeBadge, { params: { id: clientId }, file, name, fallback: 'partnership.badge.error', onProgress });
  },
});
