import { botCheckChallenge, confirmNumber, login, logout, requestCode, resendCodeByEmail } from '#shared/auth/endpoints';
import type { SmsQueueRequest } from '#shared/auth/payloads';
import { messages } from '#shared/messages';
import { CallError, type Transport } from './transport';

/** Asking for a code, checking it, and the session. */
export const authCalls = (t: Transport) => ({
  /** Queue_sms: POST /queue/sms (first request with the bot-check payload, or a resend) */
  async requestCode(request: SmsQueueRequest): Promise<{ retryAfterS: number }> {
    const { data } = await t.call(requestCode, { json: request, token: null, fallback: 'common.error.phoneStep' });
    return { retryAfterS: data.retry_after_s };
  },

  /** POST /portal/login with the code request's secret: a token, or (no account) the proof of the confirmed phone */
  async login(phone: string, code: string, secret: string): Promise<{ token: string } | { phoneProof: string }> {
    const { data } = await t.call(login, { json: { phone, code, secret }, token: null, accept: [404] });
    return 'access_token' in data ? { token: data.access_token } : { phoneProof: data.phone_proof };
  },

  /** POST /portal/confirm-number with the code request's secret: an existing customer's token, or the proof for sign-up */
  async confirmNumber(phone: string, code: string, secret: string): Promise<{ token: string } | { phoneProof: string }> {
    const { data } = await t.call(confirmNumber, { json: { phone, code, secret }, token: null });
    if (data.access_token) return { token: data.access_token };
    if (data.phone_proof) return { phoneProof: data.phone_proof };
    throw new CallError(messages['common.error.generic'], 200, undefined);
  },

  /** POST /portal/customers/resend-login-code-by-email for the code request with this secret */
  async resendCodeByEmail(phone: string, secret: string): Promise<void> {
    await t.call(resendCodeByEmail, { json: { phone, secret }, token: null });
  },

  /** POST /portal/logout */
  async logout(token?: string): Promise<void> {
    await t.call(logout, { token });
  },

  /** where the bot-check widget fetches its challenge */
  botCheckChallengeUrl: t.url(botCheckChallenge),
});
