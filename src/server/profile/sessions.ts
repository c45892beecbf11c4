import { eq } from 'drizzle-orm';
import { ErrorCode } from '#shared/errors';
import type { DeletionCodeSent, SessionsEnded, SessionsEndRequest } from '#shared/profile/payloads';
import type { AppDeps } from '../config';
import { customers } from '../platform/db/schema';
import { enqueue } from '../platform/queue/queue';
import { ApiError } from '../http/errors';
import { codeRequestKey, consumeCode, recordCodeRequest } from '../auth/codes';
import { endSessions as end, listSessions } from '../auth/sessions';

/**
 * 'Aparelhos conectados' (ASVS 5.0 7.5.2): the customer ends one other session, or every other one,
 * after proving it again with an SMS code to the account's phone (purpose 'sessions'), so a stolen
 * session cannot sign its owner out of the portal. The code follows the sign-in code's rules.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secret' | 'limits'>;

async function phoneOf(deps: Deps, customerId: number): Promise<string> {
  const [c] = await deps.db.select({ phone: customers.phone, deletedAt: customers.deletedAt }).from(customers).where(eq(customers.id, customerId));
  if (!c || c.deletedAt) throw new ApiError(401, ErrorCode.UNAUTHORIZED);
  return c.phone;
}

/** POST /portal/customers/sessions/code: a fresh code for this request's secret, to the account's phone. */
export async function sendSessionsCode(deps: Deps, customerId: number, secret: string, address: string): Promise<DeletionCodeSent> {
  const phone = await phoneOf(deps, customerId);
  const request = codeRequestKey(phone, secret);
  await deps.db.transaction(async (tx) => {
    await recordCodeRequest(tx, deps, request, address, 'sessions');
    await enqueue(tx, deps.clock, 'code.send', { phone, secret_hash: request.secretHash, channel: 'sms', type: 'END_SESSIONS' });
  });
  return { phone_last4: phone.slice(-4), retry_after_s: Math.ceil(deps.limits.resendCooldownMs / 1000) };
}

/** POST /portal/customers/sessions/end: the code checked (and used up), then the session or sessions ended. */
export async function endSessionsWithCode(deps: Deps, customerId: number, currentHash: string, input: SessionsEndRequest, address: string): Promise<SessionsEnded> {
  const phone = await phoneOf(deps, customerId);
  await consumeCode(deps, codeRequestKey(phone, input.secret), input.code, address, 'sessions');
  const ended = await end(deps, customerId, currentHash, input.session_id);
  return { ended, data: await listSessions(deps, customerId, currentHash) };
}
