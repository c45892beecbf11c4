import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DeletionCodeSent, DeletionDone } from '#shared/profile/payloads';
import { keptOnDeletion, type RetentionCategory } from '#shared/profile/rules';
import type { AppDeps } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { accountDeletions, checkouts, contracts, customers, invoices, sessions, staffAudit } from '../platform/db/schema';
import { enqueue } from '../platform/queue/queue';
import { codeRequestKey, consumeCode } from '../auth/codes';
import { revokeSession } from '../auth/sessions';
import { UPLOAD_REMOVE_JOB } from '../bill/uploads';
import type { CardPayments } from '../providers/payments/index';
import { CUSTOMER_TABLES, type CustomerTable, type Owner } from './registry';
import { liveAccountOf, sendAccountCode } from './account';
import { rowsAbout } from './export';

/**
 * 'Excluir minha conta' (LGPD art. 18 VI): confirmed by an SMS code to the account's phone, with
 * the sign-in code's machinery as the signing page uses it (bound to the browser's secret, hashed,
 * single use, the per-phone and per-address limits, the 30 s resend). Then, in one transaction,
 * every table of the registry meets its fate: deleted with its files, kept for a legal duty
 * (signed contracts; payment records), or, for the customer row, anonymised; every session ends.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secret' | 'limits'>;

/** POST /portal/customers/deletion/code: a fresh code for this request's secret, to the account's phone. */
export const sendDeletionCode = (deps: Deps, customerId: number, secret: string, address: string): Promise<DeletionCodeSent> =>
  sendAccountCode(deps, customerId, secret, address, 'deletion');

/** POST /portal/customers/deletion: the code checked (and used up), then the account erased. */
export async function deleteAccount(
  deps: Deps & { payments: CardPayments }, customerId: number, input: { secret: string; code: string }, address: string,
): Promise<DeletionDone> {
  const owner = await liveAccountOf(deps.db, customerId);
  await consumeCode(deps, codeRequestKey(owner.phone, input.secret), input.code, address, 'deletion');
  return { deleted: true, kept: await eraseAccount(deps, owner) };
}

/** What the deletion keeps follows what exists (src/shared/profile/rules.ts keptOnDeletion). */
async function keptFor(db: Db, customerId: number): Promise<{ kept: RetentionCategory[]; chargeId: string | null }> {
  const [signed] = await db.select({ id: contracts.id }).from(contracts).where(and(eq(contracts.customerId, customerId), isNotNull(contracts.signedAt))).limit(1);
  const [checkout] = await db.select({ chargeId: checkouts.chargeId }).from(checkouts).where(eq(checkouts.customerId, customerId));
  const [invoice] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, customerId)).limit(1);
  const kept = keptOnDeletion({ signedContracts: signed !== undefined, cardOrBoleto: checkout !== undefined, invoices: invoice !== undefined });
  return { kept, chargeId: checkout?.chargeId ?? null };
}

/** The stored files of rows leave storage after the transaction commits (the queue retries a failure). */
async function removeFilesOf(tx: Tx, deps: Pick<AppDeps, 'clock'>, entry: CustomerTable, rows: Record<string, unknown>[]): Promise<void> {
  for (const file of rows.flatMap((row) => entry.files?.(row) ?? [])) await enqueue(tx, deps.clock, UPLOAD_REMOVE_JOB, { key: file.key });
}

/** The customer row without personal data; e-mail and phone freed for a new account, marked deleted. */
const anonymous = (id: number, now: Date) => ({
  name: 'Conta excluída', email: `conta-excluida-${id}@excluida.invalid`, phone: `excluida-${id}`, documentValue: null, billValue: 0,
  coupon: null, hasPartnership: false, attribution: null, deletedAt: now, updatedAt: now,
});

/**
 * Erases an account by the registry. A pre-authorisation no signed contract needs is released at
 * the provider first (a remote call: before the transaction; a failure leaves it to expire).
 */
export async function eraseAccount(deps: Pick<AppDeps, 'db' | 'clock' | 'limits'> & { payments: CardPayments }, owner: Owner): Promise<RetentionCategory[]> {
  const { db, clock } = deps;
  const { kept, chargeId } = await keptFor(db, owner.id);
  if (chargeId && !kept.includes('payments')) await deps.payments.cancel(chargeId).catch(() => undefined);
  const ended = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`account.erase:${owner.id}`}))`);
    const [still] = await tx.select({ id: customers.id }).from(customers).where(and(eq(customers.id, owner.id), isNull(customers.deletedAt)));
    if (!still) return [];
    const now = clock.now();
    const tokens = await tx.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.customerId, owner.id));
    for (const entry of CUSTOMER_TABLES) {
      switch (entry.fate) {
        case 'delete':
          await removeFilesOf(tx, deps, entry, await rowsAbout(tx, entry, owner));
          await tx.delete(entry.table).where(entry.rows(owner));
          break;
        case 'contracts': {
          const unsigned = and(entry.rows(owner), isNull(contracts.signedAt));
          await removeFilesOf(tx, deps, entry, (await rowsAbout(tx, entry, owner)).filter((row) => row.signed_at === null));
          await tx.delete(contracts).where(unsigned);
          break;
        }
        case 'payments':
          if (!kept.includes('payments')) await tx.delete(entry.table).where(entry.rows(owner));
          break;
        case 'anonymise':
          await tx.update(customers).set(anonymous(owner.id, now)).where(eq(customers.id, owner.id));
          break;
        case 'redact':
          // who did what and when stays; what staff saw of the person goes
          await tx.update(staffAudit).set({ before: null, after: null }).where(eq(staffAudit.customerId, owner.id));
          break;
        case 'record':
          await tx.insert(accountDeletions).values({ customerId: owner.id, kept, deletedAt: now });
          break;
        case 'expires':
          break;
      }
    }
    return tokens.map((t) => t.hash);
  });
  // the rows are gone; this process also forgets the sessions it had seen live
  for (const hash of ended) await revokeSession(deps, hash);
  return kept;
}
