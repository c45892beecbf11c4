import { eq } from 'drizzle-orm';
import type { DeletionCodeSent } from '#shared/profile/payloads';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import { customers } from '../platform/db/schema';
import { enqueue } from '../platform/queue/queue';
import { DomainError } from '../errors';
import { codeRequestKey, recordCodeRequest, type CodePurpose } from '../auth/codes';
import type { Owner } from './registry';

/** The signed-in customer's account while it exists; 401 once it was deleted. */
export async function liveAccountOf(db: Db, customerId: number): Promise<Owner> {
  const [c] = await db.select({ id: customers.id, phone: customers.phone, email: customers.email, deletedAt: customers.deletedAt }).from(customers).where(eq(customers.id, customerId));
  if (!c || c.deletedAt) throw new DomainError('UNAUTHORIZED');
  return { id: c.id, phone: c.phone, email: c.email };
}

/** The SMS codes the signed-in customer asks to confirm an act on their account, and the job type naming each in its text. */
const ACCOUNT_CODE_TYPES = { deletion: 'ACCOUNT_DELETION', sessions: 'END_SESSIONS' } as const satisfies Partial<Record<CodePurpose, string>>;

/**
 * A fresh SMS code for this request's secret, to the account's phone, by the sign-in code's rules
 * (bound to the secret, 30 s resend, the per-phone and per-address limits): the deletion's and the
 * one that ends sessions.
 */
export async function sendAccountCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'secret' | 'limits'>, customerId: number, secret: string, address: string, purpose: keyof typeof ACCOUNT_CODE_TYPES,
): Promise<DeletionCodeSent> {
  const { phone } = await liveAccountOf(deps.db, customerId);
  const request = codeRequestKey(phone, secret);
  await deps.db.transaction(async (tx) => {
    await recordCodeRequest(tx, deps, request, address, purpose);
    await enqueue(tx, deps.clock, 'code.send', { phone, secret_hash: request.secretHash, channel: 'sms', type: ACCOUNT_CODE_TYPES[purpose] });
  });
  return { phone_last4: phone.slice(-4), retry_after_s: Math.ceil(deps.limits.resendCooldownMs / 1000) };
}
