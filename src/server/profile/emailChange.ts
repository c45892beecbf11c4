import { and, eq, ne, sql } from 'drizzle-orm';
import { messages } from '#shared/messages';
import type { CustomerProfile } from '#shared/customer/payloads';
import type { EmailChangeCodeRequest, EmailChangeCodeSent, EmailChangeRequest } from '#shared/profile/payloads';
import type { AppDeps } from '../config';
import { authEvents, customers, emailChanges } from '../platform/db/schema';
import { enqueue, type JobHandler } from '../platform/queue/queue';
import { DomainError } from '../errors';
import { limitKeyOf } from '../http/common';
import { codeRequestKey, consumeCode, heldUntil, recordCodeRequest, secondsUntil } from '../auth/codes';
import { hmac, newAccessCode, sameHash } from '../auth/crypto';
import { profile } from '../customer/service';
import { liveAccountOf } from './account';
import { emailChangeCodeEmail, emailChangedEmail } from '../notification/emails';

/**
 * Changing the account's e-mail (issue 29, F15): a code to the new address proves it is the
 * customer's, and a fresh SMS code to the account's phone proves the change is the customer's (a
 * session left open somewhere is not enough). Both codes belong to one code request (the browser's
 * secret) and are counted and limited as the sign-in codes are; until both are right the e-mail
 * stays as it is. Then the previous address is told, without the new one.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secret' | 'limits'>;

/** The jobs: the code to the new address (in the codes' lane of the queue), the notice to the previous one. */
export const EMAIL_CHANGE_CODE_JOB = 'code.email-change';
export const EMAIL_CHANGED_JOB = 'email.changed';

/** The code to the new address is bound to it and to the customer. */
const emailCodeHash = (deps: Pick<AppDeps, 'secret'>, customerId: number, email: string, code: string) =>
  hmac(deps.secret, `email-change:${customerId}:${email}:${code}`);

/** POST /portal/customers/email/code: the change waits for its codes, both on their way (a previous request of the customer is replaced). */
export async function sendEmailChangeCodes(deps: Deps, customerId: number, input: EmailChangeCodeRequest, address: string): Promise<EmailChangeCodeSent> {
  const { phone, email } = await liveAccountOf(deps.db, customerId);
  if (input.email === email.toLowerCase()) throw new DomainError('VALIDATION', { field: 'email' }, messages['profile.email.same']);
  const [other] = await deps.db.select({ id: customers.id }).from(customers).where(and(eq(customers.email, input.email), ne(customers.id, customerId)));
  if (other) throw new DomainError('EMAIL_IN_USE', { field: 'email' });
  const request = codeRequestKey(phone, input.secret);
  await deps.db.transaction(async (tx) => {
    await recordCodeRequest(tx, deps, request, address, 'email');
    const now = deps.clock.now();
    const pending = { newEmail: input.email, secretHash: request.secretHash, codeHash: null, createdAt: now, expiresAt: null, failedTries: 0 };
    await tx.insert(emailChanges).values({ customerId, ...pending }).onConflictDoUpdate({ target: emailChanges.customerId, set: pending });
    await enqueue(tx, deps.clock, 'code.send', { phone, secret_hash: request.secretHash, channel: 'sms', type: 'EMAIL_CHANGE' });
    await enqueue(tx, deps.clock, EMAIL_CHANGE_CODE_JOB, { customer_id: customerId, secret_hash: request.secretHash });
  });
  return { email: input.email, phone_last4: phone.slice(-4), retry_after_s: Math.ceil(deps.limits.resendCooldownMs / 1000) };
}

/**
 * The code to the new address, checked (not used up: the SMS code is checked next). As consumeCode:
 * a request that did not ask answers the wrong-code answer and counts nothing; a wrong code counts
 * against this code (5 tries) and against the phone (the waits of the sign-in codes).
 */
async function checkEmailCode(deps: Deps, customerId: number, phone: string, secretHash: string, code: string, address: string): Promise<string> {
  const { db, clock, limits } = deps;
  const wrong = () => new DomainError('CODE_INVALID', { field: 'email_code' });
  const refusal = await db.transaction(async (tx): Promise<DomainError | string> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`check:${phone}`}))`);
    const now = clock.now();
    const [pending] = await tx.select().from(emailChanges).where(and(eq(emailChanges.customerId, customerId), eq(emailChanges.secretHash, secretHash)));
    if (!pending?.codeHash || !pending.expiresAt) return wrong();
    const request = { phone, secretHash };
    const held = await heldUntil(tx, deps, request, now);
    if (held) return new DomainError('CODE_TOO_MANY_TRIES', { retry_after_s: secondsUntil(now, held) });
    if (pending.expiresAt <= now) return new DomainError('CODE_EXPIRED', { field: 'email_code' });
    if (pending.failedTries >= limits.triesPerCode) return new DomainError('CODE_TOO_MANY_TRIES', {});
    if (sameHash(pending.codeHash, emailCodeHash(deps, customerId, pending.newEmail, code))) return pending.codeHash;
    await tx.insert(authEvents).values({ kind: 'failure', phone, address: limitKeyOf(address), secretHash, at: now });
    await tx.update(emailChanges).set({ failedTries: sql`${emailChanges.failedTries} + 1` }).where(eq(emailChanges.customerId, customerId));
    const heldNow = await heldUntil(tx, deps, request, now);
    if (heldNow) return new DomainError('CODE_TOO_MANY_TRIES', { retry_after_s: secondsUntil(now, heldNow) });
    if (pending.failedTries + 1 >= limits.triesPerCode) return new DomainError('CODE_TOO_MANY_TRIES', {});
    return wrong();
  });
  if (refusal instanceof DomainError) throw refusal;
  return refusal;
}

/** POST /portal/customers/email: both codes right, the e-mail changes and the previous address hears of it. */
export async function changeEmail(deps: Deps, customerId: number, input: EmailChangeRequest, address: string): Promise<CustomerProfile> {
  const { phone, email: previous } = await liveAccountOf(deps.db, customerId);
  const request = codeRequestKey(phone, input.secret);
  const codeHash = await checkEmailCode(deps, customerId, phone, request.secretHash, input.email_code, address);
  await consumeCode(deps, request, input.sms_code, address, 'email').catch((e: unknown) => {
    throw e instanceof DomainError && e.extra.field === 'code' ? new DomainError(e.refusal, { ...e.extra, field: 'sms_code' }, e.message) : e;
  });
  await deps.db.transaction(async (tx) => {
    // the change checked above, and not replaced since by another request
    const [done] = await tx.delete(emailChanges)
      .where(and(eq(emailChanges.customerId, customerId), eq(emailChanges.secretHash, request.secretHash), eq(emailChanges.codeHash, codeHash)))
      .returning({ newEmail: emailChanges.newEmail });
    if (!done) throw new DomainError('CODE_INVALID', { field: 'email_code' });
    const [other] = await tx.select({ id: customers.id }).from(customers).where(and(eq(customers.email, done.newEmail), ne(customers.id, customerId)));
    if (other) throw new DomainError('EMAIL_IN_USE', { field: 'email' });
    await tx.update(customers).set({ email: done.newEmail, updatedAt: deps.clock.now() }).where(eq(customers.id, customerId));
    await enqueue(tx, deps.clock, EMAIL_CHANGED_JOB, { customer_id: customerId, to: previous.toLowerCase() });
  });
  return profile(deps.db, customerId);
}

/** The queue's jobs of an e-mail change. */
export function emailChangeJobs(deps: Pick<AppDeps, 'db' | 'clock' | 'secret' | 'limits' | 'providers'>): Record<string, JobHandler> {
  return {
    /** Each attempt issues a fresh code (the previous one stops working), so no live code is one nobody received. */
    [EMAIL_CHANGE_CODE_JOB]: async (payload) => {
      const customerId = Number(payload.customer_id);
      const secretHash = String(payload.secret_hash ?? '');
      const code = newAccessCode();
      const now = deps.clock.now();
      const [pending] = await deps.db.select({ newEmail: emailChanges.newEmail }).from(emailChanges)
        .where(and(eq(emailChanges.customerId, customerId), eq(emailChanges.secretHash, secretHash)));
      // replaced by a newer request, or already confirmed: nothing to send
      if (!pending) return;
      const issued = await deps.db.update(emailChanges)
        .set({ codeHash: emailCodeHash(deps, customerId, pending.newEmail, code), expiresAt: new Date(now.getTime() + deps.limits.codeTtlMs), failedTries: 0 })
        .where(and(eq(emailChanges.customerId, customerId), eq(emailChanges.secretHash, secretHash), eq(emailChanges.newEmail, pending.newEmail)))
        .returning({ customerId: emailChanges.customerId });
      if (issued.length === 0) return;
      await deps.providers.email.send({ to: pending.newEmail, ...emailChangeCodeEmail(code), code });
    },
    [EMAIL_CHANGED_JOB]: async (payload) => {
      if (typeof payload.to !== 'string' || !payload.to) return;
      await deps.providers.email.send({ to: payload.to, ...emailChangedEmail() });
    },
  };
}
