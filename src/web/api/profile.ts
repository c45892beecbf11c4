import { apiPath } from '#shared/endpoint';
import type { CustomerProfile } from '#shared/customer/payloads';
import {
  card, changeEmail, deleteAccount, endSessions, exportData, requestDeletionCode, requestEmailChangeCodes, requestSessionsCode, sessionList, updateCard,
} from '#shared/profile/endpoints';
import type { Card, DeletionCodeSent, DeletionDone, EmailChangeCodeSent, SessionItem, SessionsEnded } from '#shared/profile/payloads';
import type { Transport } from './transport';

/**
 * The profile's card, the e-mail's change with its codes, the live sessions and their end, and the
 * customer's data (LGPD): the copy and the deletion. The personal data
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

  /** POST /portal/customers/email/code: a code to the new address and one by SMS, for this change's request secret */
  async requestEmailChangeCodes(secret: string, email: string): Promise<EmailChangeCodeSent> {
    return (await t.call(requestEmailChangeCodes, { json: { secret, email }, fallback: 'profile.email.codeError' })).data;
  },

  /** POST /portal/customers/email: both codes; the profile with the new e-mail */
  async changeEmail(secret: string, emailCode: string, smsCode: string): Promise<CustomerProfile> {
    return (await t.call(changeEmail, { json: { secret, email_code: emailCode, sms_code: smsCode }, fallback: 'profile.email.error' })).data;
  },

  /** GET /portal/customers/sessions: the live sessions, this one first */
  async getSessions(): Promise<SessionItem[]> {
    return (await t.call(sessionList, {})).data.data;
  },

  /** POST /portal/customers/sessions/code with this request's secret */
  async requestSessionsCode(secret: string): Promise<DeletionCodeSent> {
    return (await t.call(requestSessionsCode, { json: { secret }, fallback: 'profile.sessions.codeError' })).data;
  },

  /** POST /portal/customers/sessions/end: one other session (its id) or every other one (null); this one goes on */
  async endSessions(secret: string, code: string, sessionId: string | null): Promise<SessionsEnded> {
    return (await t.call(endSessions, { json: { secret, code, session_id: sessionId }, fallback: 'profile.sessions.error' })).data;
  },
});
