import { and, asc, desc, eq } from 'drizzle-orm';
import type { Clock } from '../config';
import type { Db, Tx } from '../db/index';
import { customers, proposals } from '../db/schema';
import { messages } from '../../shared/messages';
import { notify } from '../notifications/service';
import { applyProcessEventIn, loadProcess } from '../process/service';
import { initialProposalFromSizing, sizeSolarSystem } from '../services/sizing/index';

/**
 * The INITIAL proposal from the sizing engine, for the bill's value (or the sign-up value when the
 * reader found none), the customer's state and city. None when no system would pay back: the
 * customer-success follow-up takes over.
 */
export async function generateInitialProposal(tx: Tx, clock: Clock, customerId: number, billValue: number | null): Promise<boolean> {
  const [existing] = await tx.select({ id: proposals.id }).from(proposals).where(and(eq(proposals.customerId, customerId), eq(proposals.type, 'INITIAL')));
  if (existing) return true;
  const [c] = await tx.select({ state: customers.stateCode, city: customers.cityId, bill: customers.billValue }).from(customers).where(eq(customers.id, customerId));
  if (!c) return false;
  let draft;
  try {
    draft = initialProposalFromSizing(sizeSolarSystem({
      billValue: billValue ?? c.bill, uf: c.state, municipalityIbge: String(c.city), year: clock.now().getUTCFullYear(),
    }));
  } catch (e) {
    if (e instanceof RangeError) return false;
    throw e;
  }
  await tx.insert(proposals).values({ customerId, type: 'INITIAL', data: draft, createdAt: clock.now() });
  return true;
}

/** Once onboarding is over (simulation and bill both done) and an initial proposal exists, it is sent to the customer. */
export async function sendInitialProposalWhenReady(tx: Tx, clock: Clock, customerId: number): Promise<void> {
  const p = await loadProcess(tx, customerId);
  if (!p?.snapshot.can({ type: 'proposal.initialSent' })) return;
  const [proposal] = await tx.select({ id: proposals.id }).from(proposals).where(and(eq(proposals.customerId, customerId), eq(proposals.type, 'INITIAL')));
  if (!proposal) return;
  await applyProcessEventIn(tx, clock, customerId, { type: 'proposal.initialSent' });
  await notify(tx, clock, customerId, messages['notification.proposal.initial']);
}

/** GET portal/customers/{id}/proposal: oldest first (the screen uses the last of a type). */
export async function proposalsOf(db: Db, customerId: number) {
  const rows = await db.select().from(proposals).where(eq(proposals.customerId, customerId)).orderBy(asc(proposals.id));
  return rows.map((r) => ({ ...(r.data as Record<string, unknown>), id: r.id, type: r.type, pdf_link: null, created_at: r.createdAt.toISOString() }));
}

export async function latestProposalId(db: Db, customerId: number): Promise<number | null> {
  const [row] = await db.select({ id: proposals.id }).from(proposals).where(eq(proposals.customerId, customerId)).orderBy(desc(proposals.id)).limit(1);
  return row?.id ?? null;
}
