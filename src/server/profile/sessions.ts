import type { DeletionCodeSent, SessionsEnded, SessionsEndRequest } from '#shared/profile/payloads';
import type { AppDeps } from '../config';
import { codeRequestKey, consumeCode } from '../auth/codes';
import { endSessions as end, listSessions } from '../auth/sessions';
import { liveAccountOf, sendAccountCode } from './account';

/**
 * 'Aparelhos conectados' (ASVS 5.0 7.5.2): the customer ends one other session, or every other one,
 * after proving it again with an SMS code to the account's phone (purpose 'sessions'), so a stolen
 * session cannot sign its owner out of the portal. The code follows the sign-in code's rules.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secret' | 'limits'>;

/** POST /portal/customers/sessions/code: a fresh code for this request's secret, to the account's phone. */
export const sendSessionsCode = (deps: Deps, customerId: number, secret: string, address: string): Promise<DeletionCodeSent> =>
  sendAccountCode(deps, customerId, secret, address, 'sessions');

/** POST /portal/customers/sessions/end: the code checked (and used up), then the session or sessions ended. */
export async function endSessionsWithCode(deps: Deps, customerId: number, currentHash: string, input: SessionsEndRequest, address: string): Promise<SessionsEnded> {
  const { phone } = await liveAccountOf(deps.db, customerId);
  await consumeCode(deps, codeRequestKey(phone, input.secret), input.code, address, 'sessions');
  const ended = await end(deps, customerId, currentHash, input.session_id);
  return { ended, data: await listSessions(deps, customerId, currentHash) };
}
