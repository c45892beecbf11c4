import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDeps, Clock } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { customers, proposals } from '../platform/db/schema';
import { DomainError } from '../errors';
import { messages } from '#shared/messages';
import { byCustomer, byStaff, customerSteps, loadProcess, moveProcess, moveProcessIn, type MovedBy, type ProcessDeps, type ProcessMove } from '../process/host';
import { initialProposalFromSizing, sizeSolarSystem } from '../engines/sizing/index';
import { sizedBillOf } from '../bill/sizedBill';
import { dropUnsignedPurchase } from '../contract/service';

/**
 * The INITIAL proposal from the sizing engine (the process's `prepareInitialProposal` reaction to an
 * approved bill), for the latest approved bill's value (or the sign-up value when the reader found
 * none), the customer's state and city. None when no system would pay back: the customer-success
 * follow-up takes over.
 */
export async function prepareInitialProposal(tx: Tx, clock: Clock, customerId: number): Promise<void> {
  if (await hasInitialProposal(tx, customerId)) return;
  const sized = await sizedBillOf(tx, customerId);
  if (!sized) return;
  let draft;
  try {
    draft = initialProposalFromSizing(sizeSolarSystem({ ...sized, year: clock.now().getUTCFullYear() }));
  } catch (e) {
    if (e instanceof RangeError) return;
    throw e;
  }
  await tx.insert(proposals).values({ customerId, type: 'INITIAL', data: draft, createdAt: clock.now() });
}

/** Whether the INITIAL proposal was drafted (the process's `sendInitialProposal` reaction sends it only then). */
export async function hasInitialProposal(tx: Tx, customerId: number): Promise<boolean> {
  const [existing] = await tx.select({ id: proposals.id }).from(proposals).where(and(eq(proposals.customerId, customerId), eq(proposals.type, 'INITIAL')));
  return existing !== undefined;
}

/** Where the customer's browser fetches a proposal's PDF (with its bearer token), relative to the site. */
export const proposalPdfPath = (customerId: number, proposalId: number): string =>
  `/api/v1/portal/customers/${customerId}/proposal/${proposalId}/pdf`;

/** GET portal/customers/{id}/proposal: oldest first (the screen uses the last of a type). */
export async function proposalsOf(db: Db, customerId: number) {
  const rows = await db.select().from(proposals).where(eq(proposals.customerId, customerId)).orderBy(asc(proposals.id));
  return rows.map((r) => ({
    ...(r.data as Record<string, unknown>), id: r.id, type: r.type, pdf_link: proposalPdfPath(customerId, r.id), created_at: r.createdAt.toISOString(),
  }));
}

/** One of the customer's proposals as GET .../proposal answers it, with the customer's name; null when it is not theirs. */
export async function proposalOf(db: Db, customerId: number, proposalId: number) {
  const [row] = await db.select().from(proposals).where(and(eq(proposals.customerId, customerId), eq(proposals.id, proposalId)));
  if (!row) return null;
  const [c] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, customerId));
  return {
    proposal: { ...(row.data as Record<string, unknown>), id: row.id, type: row.type, pdf_link: proposalPdfPath(customerId, row.id), created_at: row.createdAt.toISOString() },
    customerName: c?.name ?? null,
  };
}

/** What staff may set on a FINAL proposal after the technical visit; the rest comes from the sizing engine. */
export interface FinalProposalOverrides {
  /** system size, kWp (whole 550 W modules) */
  power_kwp?: number | undefined;
  /** system price, R$ */
  price?: number | undefined;
  module_brand?: string | undefined;
  module_warranty?: number | undefined;
  inverter_brand?: string | undefined;
  inverter_warranty?: number | undefined;
  structure_type?: string | undefined;
  structure_warranty?: number | undefined;
}

/**
 * Staff publish the FINAL proposal (issue 5): only once the technical visit is accomplished and
 * approved (the process accepts `proposal.finalPublished` only from then on, 409 with a clear
 * message otherwise), sized by the engine from the latest approved bill (or the sign-up value),
 * with staff's size, price and equipment; audited, and the customer is notified. Publishing again
 * adds a newer FINAL proposal, which the screen then shows (the last of a type is used).
 */
export async function publishFinalProposal(
  tx: Tx, deps: ProcessDeps, customerId: number, staffId: number, overrides: FinalProposalOverrides,
): Promise<{ id: number; version: number }> {
  const { clock } = deps;
  const process = await loadProcess(tx, customerId, true);
  if (!process) throw new DomainError('NOT_FOUND');
  if (!process.snapshot.can({ type: 'proposal.finalPublished' })) {
    throw new DomainError('PROCESS_REFUSED', { event: 'proposal.finalPublished' }, messages['proposal.final.publish.refused']);
  }
  const data = await draftFinalProposal(tx, clock, customerId, overrides);
  const [row] = await tx.insert(proposals).values({ customerId, type: 'FINAL', data, createdAt: clock.now() }).returning({ id: proposals.id });
  // the move tells the customer and writes the audit line
  const move = await moveProcessIn(tx, deps, customerId, { type: 'proposal.finalPublished' }, {
    by: byStaff(staffId), expectedVersion: process.version,
    audit: { action: 'proposal:finalPublished', outcome: { proposal_id: row!.id, overrides } },
  });
  return { id: row!.id, version: move.version };
}

/**
 * The FINAL proposal's figures for staff's overrides, as publishing would store them: what the
 * preview beside the form shows and what `publishFinalProposal` stores, from one computation.
 */
export async function draftFinalProposal(tx: Tx | Db, clock: Clock, customerId: number, overrides: FinalProposalOverrides) {
  const sized = await sizedBillOf(tx, customerId);
  if (!sized) throw new DomainError('NOT_FOUND');
  let draft;
  try {
    draft = initialProposalFromSizing(sizeSolarSystem({
      ...sized, year: clock.now().getUTCFullYear(),
      powerKwp: overrides.power_kwp, price: overrides.price,
    }));
  } catch (e) {
    if (e instanceof RangeError) throw new DomainError('PROPOSAL_UNSIZED');
    throw e;
  }
  return {
    ...draft,
    type: 'FINAL' as const,
    module_brand: overrides.module_brand ?? null,
    module_warranty: overrides.module_warranty ?? null,
    inverter_brand: overrides.inverter_brand ?? null,
    inverter_warranty: overrides.inverter_warranty ?? null,
    structure_type: overrides.structure_type ?? null,
    structure_warranty: overrides.structure_warranty ?? null,
  };
}

/**
 * PUT portal/customers/approve/proposal_final: the customer pays cash or finances the FINAL
 * proposal. The process moves on (proposal.finalApproved), and the customer becomes LENDING with
 * the payment type recorded, in one transaction.
 */
export async function approveFinalProposal(
  deps: Pick<AppDeps, 'db' | 'clock' | 'reactions'>, customerId: number, paymentType: 'CASH_PURCHASE' | 'FINANCING',
): Promise<ProcessMove> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const [final] = await tx.select({ id: proposals.id }).from(proposals).where(and(eq(proposals.customerId, customerId), eq(proposals.type, 'FINAL')));
    if (!final) throw new DomainError('PROCESS_REFUSED', {}, messages['proposal.final.missing']);
    // the move records the payment type on the customer (recordPaymentType); back from the payment
    // screen before signing, the other type replaces the unsigned purchase contracts
    const move = await moveProcessIn(tx, deps, customerId, { type: 'proposal.finalApproved', paymentType }, { by: byCustomer });
    await dropUnsignedPurchase(tx, { clock }, customerId);
    return move;
  });
}

export async function latestProposalId(db: Db, customerId: number): Promise<number | null> {
  const [row] = await db.select({ id: proposals.id }).from(proposals).where(eq(proposals.customerId, customerId)).orderBy(desc(proposals.id)).limit(1);
  return row?.id ?? null;
}

/**
 * PUT admin/customers/{id}/approve/proposal: the initial proposal approved by the customer (in the
 * browser) or by a staff member (audited with the move); the steps after it.
 */
export async function approveInitialProposal(deps: Pick<AppDeps, 'db' | 'clock' | 'reactions'>, customerId: number, by: MovedBy) {
  const { db } = deps;
  await moveProcess(db, deps, customerId, { type: 'proposal.initialApproved' }, { by });
  return customerSteps(db, customerId);
}
