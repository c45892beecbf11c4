import { messages } from '../../shared/messages';
import type { AppDeps } from '../config';
import { emailOfPhone } from '../customer/service';
import type { JobHandler } from '../platform/queue/queue';
import { codeEmail } from '../notification/emails';
import { issueCode } from './codes';

const text = (code: string): string => messages['access.code.delivery'].replace('{code}', code);

/** The code request a job was queued for (a job without a secret hash is from before requests carried one). */
const requestOf = (payload: Record<string, unknown>) => ({ phone: String(payload.phone), secretHash: String(payload.secret_hash ?? '') });

/**
 * The queue's jobs for access codes. Each attempt issues a fresh code for its request (superseding
 * that request's previous one), so a retried delivery never leaves a code live that nobody received.
 */
export function codeJobs(deps: AppDeps): Record<string, JobHandler> {
  return {
    'code.send': async (payload) => {
      const request = requestOf(payload);
      const phone = request.phone;
      if (!request.secretHash) return;
      const channel = payload.channel === 'whatsapp' ? 'whatsapp' : 'sms';
      const code = await issueCode(deps, request);
      await deps.providers[channel].send({ to: phone, body: text(code), code });
    },
    'code.email': async (payload) => {
      const request = requestOf(payload);
      const email = await emailOfPhone(deps.db, request.phone);
      // no account: nothing to send, and the caller already had its answer
      if (!email || !request.secretHash) return;
      const code = await issueCode(deps, request);
      await deps.providers.email.send({ to: email.toLowerCase(), ...codeEmail(code), code });
    },
  };
}
