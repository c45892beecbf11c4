import { messages } from '../../shared/messages';
import type { AppDeps } from '../config';
import { emailOfPhone } from '../customer/service';
import type { JobHandler } from '../platform/queue/queue';
import { issueCode } from './codes';

const text = (code: string): string => messages['access.code.delivery'].replace('{code}', code);

/**
 * The queue's jobs for access codes. Each attempt issues a fresh code (superseding the previous one),
 * so a retried delivery never leaves a code live that nobody received.
 */
export function codeJobs(deps: AppDeps): Record<string, JobHandler> {
  return {
    'code.send': async (payload) => {
      const phone = String(payload.phone);
      const channel = payload.channel === 'whatsapp' ? 'whatsapp' : 'sms';
      const code = await issueCode(deps, phone);
      await deps.providers[channel].send({ to: phone, body: text(code), code });
    },
    'code.email': async (payload) => {
      const phone = String(payload.phone);
      const email = await emailOfPhone(deps.db, phone);
      if (!email) return; // no account: nothing to send, and the caller already had its answer
      const code = await issueCode(deps, phone);
      await deps.providers.email.send({ to: email, body: text(code), code });
    },
  };
}
