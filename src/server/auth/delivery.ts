import { messages } from '../../shared/messages';
import type { AppDeps } from '../config';
import { emailOfPhone } from '../customer/service';
import type { JobHandler, JobInfo } from '../platform/queue/queue';
import { codeEmail } from '../notification/emails';
import { issueCode, type CodePurpose } from './codes';
import { countProviderError, observeCodeDelivery } from '../platform/metrics';

/** The purpose a code job's `type` names, and the SMS that says what the code authorises (issue 29, F10). */
const PURPOSE_OF_TYPE: Record<string, CodePurpose> = { SIGNATURE: 'signature', ACCOUNT_DELETION: 'deletion', EMAIL_CHANGE: 'email', END_SESSIONS: 'sessions' };
const purposeOf = (type: unknown): CodePurpose => PURPOSE_OF_TYPE[String(type)] ?? 'access';
const DELIVERY = {
  access: 'access.code.delivery', signature: 'signing.code.delivery', deletion: 'profile.delete.code.delivery', email: 'profile.email.code.delivery', sessions: 'profile.sessions.code.delivery',
} as const satisfies Record<CodePurpose, string>;
const text = (code: string, purpose: CodePurpose): string => messages[DELIVERY[purpose]].replace('{code}', code);

/** The code request a job was queued for (a job without a secret hash is from before requests carried one). */
const requestOf = (payload: Record<string, unknown>) => ({ phone: String(payload.phone), secretHash: String(payload.secret_hash ?? '') });

/** When the code was asked: the payload's `requested_at` if it has one, else the job's enqueueing (same transaction as the request). */
function requestedAt(payload: Record<string, unknown>, job: JobInfo | undefined, now: Date): Date {
  const stated = typeof payload.requested_at === 'string' ? new Date(payload.requested_at) : null;
  if (stated && !Number.isNaN(stated.getTime())) return stated;
  return job?.createdAt ?? now;
}

/**
 * The queue's jobs for access codes. Each attempt issues a fresh code for its request (superseding
 * that request's previous one), so a retried delivery never leaves a code live that nobody received.
 */
export function codeJobs(deps: AppDeps): Record<string, JobHandler> {
  /** The provider's send, measured from the request (the job's enqueueing) and counted when it fails. */
  const deliver = async <M>(channel: string, provider: { name: string; send(message: M): Promise<void> }, message: M, requestedAt: Date) => {
    try {
      await provider.send(message);
    } catch (e) {
      countProviderError(provider.name);
      throw e;
    }
    observeCodeDelivery(channel, (deps.clock.now().getTime() - requestedAt.getTime()) / 1000);
  };
  return {
    'code.send': async (payload, job) => {
      const request = requestOf(payload);
      const phone = request.phone;
      if (!request.secretHash) return;
      const channel = payload.channel === 'whatsapp' ? 'whatsapp' : 'sms';
      const purpose = purposeOf(payload.type);
      const code = await issueCode(deps, request, purpose);
      await deliver(channel, deps.providers[channel], { to: phone, body: text(code, purpose), code }, requestedAt(payload, job, deps.clock.now()));
    },
    'code.email': async (payload, job) => {
      const request = requestOf(payload);
      const email = await emailOfPhone(deps.db, request.phone);
      // no account: nothing to send, and the caller already had its answer
      if (!email || !request.secretHash) return;
      const code = await issueCode(deps, request, 'access');
      await deliver('email', deps.providers.email, { to: email.toLowerCase(), ...codeEmail(code), code }, requestedAt(payload, job, deps.clock.now()));
    },
  };
}
