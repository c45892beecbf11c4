import { apiPath } from '#shared/endpoint';
import { card, deleteAccount, exportData, requestDeletionCode, updateCard } from '#shared/profile/endpoints';
import type { Card, DeletionCodeSent, DeletionDone } from '#shared/profile/payloads';
import type { Transport } from './transport';

/**
 * The profile's card and the customer's data (LGPD): the copy and the deletion. The personal data
 * goes through ./customer.ts (PATCH /portal/customers); the cash invoice through ./payment.ts.
 */
export const profileCalls = (t: Transport) => ({
  /** GET /portal/customers/cc: the card on file, null without one */
  async getCard(): Promise<Card | null> {
    return (await t.call(card, {})).data.data;
  },

  /** PUT /portal/customers/cc with the token the provider's tokenizer gave (./checkout.ts tokenizeCard) */
  async updateCard(token: string): Promise<Card> {
    return (await t.call(updateCard, { json: { token }, fallback: 'profile.card.error' })).data.data;
  },

  /** GET /portal/customers/export: the ZIP of everything the portal holds about the customer */
  async downloadMyData(): Promise<Blob> {
    return t.download(apiPath(exportData), 'application/zip', 'profile.export.error');
  },

  /** POST /portal/customers/deletion/code with this deletion's request secret */
  async requestDeletionCode(secret: string): Promise<DeletionCodeSent> {
    return (await t.call(requestDeletionCode, { json: { secret }, fallback: 'profile.delete.codeError' })).data;
  },

  /** POST /portal/customers/deletion: every session ends with it */
  async deleteAccount(secret: string, code: string): Promise<DeletionDone> {
    return (await t.call(deleteAccount, { json: { secret, code }, fallback: 'profile.delete.error' })).data;
  },
});
