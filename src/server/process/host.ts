import { and, eq, isNull, sql } from 'drizzle-orm';
import { createActor, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { processMachine, type Notice, type ProcessEvent } from '#machines/process/processMachine';
import { stepsFromSnapshot } from '#machines/process/steps';
import type { MenuStep } from '#shared/steps';
import { visitWhen } from '#shared/visit/payloads';
import type { Clock } from '../config';
import { preparedPerDb, type Db, type Tx } from '../platform/db/index';
import { customers, processEvents, processSnapshots } from '../platform/db/schema';
import type { AuditEntry } from '../staff/audit';

type ProcessSnapshot = SnapshotFrom<typeof processMachine>;

/** An event the customer's process does not accept in its current state; nothing was changed. */
export class ProcessEventRefused extends Error {
  constructor(readonly event: ProcessEvent['type'], readonly state: unknown) {
    super(`process refuses ${event} in state ${JSON.stringify(state)}`);
  }
}
/** Someone else moved the process on since `expectedVersion` was read. */
export class ProcessVersionConflict extends Error {
  constructor(readonly expected: number, readonly actual: number) {
    super(`process is at version ${actual}, not ${expected}`);
  }
}

/** Who makes a move: the customer, a staff member (audited), or the portal itself (the bill reader, the automatic initial proposal). */
export type MovedBy = { kind: 'customer' } | { kind: 'staff'; staffId: number } | { kind: 'system' };
export const byCustomer: MovedBy = { kind: 'customer' };
export const bySystem: MovedBy = { kind: 'system' };
export const byStaff = (staffId: number): MovedBy => ({ kind: 'staff', staffId });

/**
 * What the process's reactions do, wired in by the composition root (process/reactions.ts): the
 * host names no service, so no service that moves a process is imported back by it.
 */
export interface ProcessReactions {
  /** tells the customer a notice of the machine's, filled with `values` (the visit's day and slot) */
  notify(tx: Tx, clock: Clock, customerId: number, notice: Notice['message'], values?: Record<string, string>): Promise<void>;
  /** drafts the INITIAL proposal from the approved bill */
  prepareInitialProposal(tx: Tx, clock: Clock, customerId: number): Promise<void>;
  /** whether that draft exists (the portal sends it only then) */
  hasInitialProposal(tx: Tx, customerId: number): Promise<boolean>;
  /** one line of the staff audit trail */
  audit(tx: Tx, clock: Clock, entry: AuditEntry): Promise<void>;
}

/** What a move needs besides the transaction: the time, and the reactions to perform. */
export interface ProcessDeps { clock: Clock; reactions: ProcessReactions }

/** What a staff move's audit line says besides the process state before and after. */
export interface AuditNote {
  /** the line's action; `process:<event>` when not given */
  action?: string;
  /** the thing changed with the move (a bill, a visit): its fields before and after; the process state is then filed as `process` beside them */
  subject?: { before: Record<string, unknown>; after: Record<string, unknown> };
  /** what only the result has (the proposal published and the figures staff gave) */
  outcome?: Record<string, unknown>;
}

export interface MoveOptions {
  by: MovedBy;
  /** the version the caller saw; refused with ProcessVersionConflict when the customer moved on meanwhile */
  expectedVersion?: number | undefined;
  /** the technical visit the move is about: its day and slot name it in the customer's notice */
  visit?: { day: string; slot: string } | undefined;
  audit?: AuditNote | undefined;
}

/** The process after a move and the reactions it set off (the initial proposal may have gone out with it). */
export interface ProcessMove { version: number; steps: MenuStep[]; before: unknown; after: unknown }

/**
 * Snapshots stored before this fix were taken after actor.stop() and carry status 'stopped', with
 * which xstate no longer completes parallel states (onDone): they are read back as active.
 */
const asActive = (persisted: unknown): unknown => {
  const p = persisted as { status?: string };
  return p.status === 'stopped' ? { ...p, status: 'active' } : p;
};

async function readProcess(db: Db | Tx, customerId: number, forUpdate: boolean): Promise<{ persisted: unknown; version: number } | null> {
  const query = db.select().from(processSnapshots).where(eq(processSnapshots.customerId, customerId));
  // FOR UPDATE: two moves of one customer queue up instead of one failing on the version check.
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? { persisted: asActive(row.snapshot), version: row.version } : null;
}

/** A new customer's process (SIMULATION and BILL open), stored at version 1 with its steps. */
export async function startProcess(tx: Db | Tx, clock: Clock, customerId: number): Promise<void> {
  const actor = createActor(processMachine, { input: { kind: 'SUBSCRIPTION' } });
  await tx.insert(processSnapshots).values({
    customerId, snapshot: actor.getPersistedSnapshot(), steps: stepsFromSnapshot(actor.getSnapshot(), customerId), version: 1, updatedAt: clock.now(),
  });
}

export async function loadProcess(db: Db | Tx, customerId: number, forUpdate = false): Promise<{ snapshot: ProcessSnapshot; version: number } | null> {
  const row = await readProcess(db, customerId, forUpdate);
  return row
    ? { snapshot: createActor(processMachine, { snapshot: row.persisted as never, input: {} }).getSnapshot(), version: row.version }
    : null;
}

/**
 * The customer's steps as stored with their snapshot (no machine on the way). `stored` is what a
 * caller already read of the `steps` column (the profile's one query): null on a row written before
 * steps were stored, whose steps are derived once here and kept.
 */
export async function customerSteps(db: Db | Tx, customerId: number, stored?: MenuStep[] | null): Promise<MenuStep[]> {
  if (stored) return stored;
  if (stored === undefined) {
    const [row] = await storedStepsOf(db).execute({ customerId });
    if (!row) return [];
    if (row.steps) return row.steps;
  }
  return backfillSteps(db, customerId);
}

const storedStepsOf = preparedPerDb((db) => db.select({ steps: processSnapshots.steps }).from(processSnapshots)
  .where(eq(processSnapshots.customerId, sql.placeholder('customerId'))).prepare('process_steps'));

/** Derives and stores the steps of a snapshot stored without them; a move made meanwhile already wrote its own. */
async function backfillSteps(db: Db | Tx, customerId: number): Promise<MenuStep[]> {
  const p = await loadProcess(db, customerId);
  if (!p) return [];
  const steps = stepsFromSnapshot(p.snapshot, customerId);
  await db.update(processSnapshots).set({ steps })
    .where(and(eq(processSnapshots.customerId, customerId), eq(processSnapshots.version, p.version), isNull(processSnapshots.steps)));
  return steps;
}

/**
 * Sends one event to the process as `machine` (the process machine, or it with reactions
 * provided) and stores the new snapshot at version + 1. Refused (and nothing stored) when the
 * state does not accept the event, or when `expectedVersion` is stale.
 */
async function storeMove(
  tx: Tx, clock: Clock, customerId: number, event: ProcessEvent, expectedVersion: number | undefined, machine: AnyStateMachine, by: MovedBy,
): Promise<ProcessMove> {
  const current = await readProcess(tx, customerId, true);
  if (!current) throw new Error(`customer ${customerId} has no process`);
  if (expectedVersion !== undefined && expectedVersion !== current.version) {
    throw new ProcessVersionConflict(expectedVersion, current.version);
  }
  const actor = createActor(machine, { snapshot: current.persisted as never, input: {} });
  const before = actor.getSnapshot() as ProcessSnapshot;
  if (!before.can(event)) throw new ProcessEventRefused(event.type, before.value);
  actor.start();
  actor.send(event);
  const next = actor.getSnapshot() as ProcessSnapshot;
  const persisted = actor.getPersistedSnapshot(); // before stop(): a stopped snapshot would be stored 'stopped'
  actor.stop();
  const steps = stepsFromSnapshot(next, customerId);
  const updated = await tx.update(processSnapshots)
    .set({ snapshot: persisted, steps, version: current.version + 1, updatedAt: clock.now() })
    .where(and(eq(processSnapshots.customerId, customerId), eq(processSnapshots.version, current.version)))
    .returning({ version: processSnapshots.version });
  if (updated.length !== 1) throw new ProcessVersionConflict(current.version, current.version + 1);
  await tx.insert(processEvents).values({
    customerId, version: current.version + 1, event: event.type, byKind: by.kind, staffId: by.kind === 'staff' ? by.staffId : null,
    before: before.value, after: next.value, at: clock.now(),
  });
  return { version: current.version + 1, steps, before: before.value, after: next.value };
}

/** What the machine's reactions asked for during one move, in the order it named them. */
type Reaction =
  | { type: 'notify'; notice: Notice }
  | { type: 'audit' }
  | { type: 'prepareInitialProposal' }
  | { type: 'sendInitialProposal' }
  | { type: 'recordPaymentType'; paymentType: 'CASH_PURCHASE' | 'FINANCING' };

/** The process machine whose reactions write down what they ask for, to be performed once the move is stored. */
const recording = (reactions: Reaction[]) => processMachine.provide({
  actions: {
    notify: (_, notice) => { reactions.push({ type: 'notify', notice }); },
    audit: () => { reactions.push({ type: 'audit' }); },
    prepareInitialProposal: () => { reactions.push({ type: 'prepareInitialProposal' }); },
    sendInitialProposal: () => { reactions.push({ type: 'sendInitialProposal' }); },
    recordPaymentType: ({ event }) => {
      if (event.type === 'proposal.finalApproved') reactions.push({ type: 'recordPaymentType', paymentType: event.paymentType });
    },
  },
});

/** The customer's notice of a move, unless the notice leaves this mover out or names a visit the move does not bring. */
async function tell(tx: Tx, deps: ProcessDeps, customerId: number, notice: Notice, options: MoveOptions): Promise<void> {
  if (notice.unlessBy === options.by.kind) return;
  if (notice.about === 'visit') {
    // A bare staff event (POST /admin/customers/{id}/events) moves the process with no visit row:
    // there is no visit to name, so the customer is told nothing rather than something untrue.
    if (!options.visit) return;
    await deps.reactions.notify(tx, deps.clock, customerId, notice.message, { when: visitWhen(options.visit.day, options.visit.slot) });
    return;
  }
  await deps.reactions.notify(tx, deps.clock, customerId, notice.message);
}

/**
 * Moves a customer's process and performs the reactions the machine names on the way, all inside
 * the caller's transaction: the notices, the initial proposal (drafted, and sent by the portal's
 * own follow-up move), the payment type on the customer's record, and for a staff move one audit
 * line whose `after` is where the move left the process, follow-up moves included. Any failure
 * rolls the move back with its reactions.
 */
export async function moveProcessIn(tx: Tx, deps: ProcessDeps, customerId: number, event: ProcessEvent, options: MoveOptions): Promise<ProcessMove> {
  const { clock } = deps;
  const reactions: Reaction[] = [];
  const stored = await storeMove(tx, clock, customerId, event, options.expectedVersion, recording(reactions), options.by);
  let last = stored;
  for (const reaction of reactions) {
    switch (reaction.type) {
      case 'notify':
        await tell(tx, deps, customerId, reaction.notice, options);
        break;
      case 'prepareInitialProposal':
        await deps.reactions.prepareInitialProposal(tx, clock, customerId);
        break;
      case 'sendInitialProposal':
        if (await deps.reactions.hasInitialProposal(tx, customerId)) last = await moveProcessIn(tx, deps, customerId, { type: 'proposal.initialSent' }, { by: bySystem });
        break;
      case 'recordPaymentType':
        await tx.update(customers).set({ subscriptionLending: 'LENDING', paymentType: reaction.paymentType, updatedAt: clock.now() })
          .where(eq(customers.id, customerId));
        break;
      case 'audit':
        break; // written below, once the follow-up moves are done
    }
  }
  const { by } = options;
  // The trail is of staff actions (staff_audit); the customer's and the portal's moves are in the snapshot's versions.
  if (by.kind === 'staff' && reactions.some((r) => r.type === 'audit')) {
    const note = options.audit;
    const stateKey = note?.subject ? 'process' : 'state';
    await deps.reactions.audit(tx, clock, {
      staffId: by.staffId, action: note?.action ?? `process:${event.type}`, customerId,
      before: { ...note?.subject?.before, [stateKey]: stored.before, version: stored.version - 1 },
      after: { ...note?.subject?.after, [stateKey]: last.after, version: last.version, ...note?.outcome },
    });
  }
  return { ...last, before: stored.before };
}

/** moveProcessIn in a transaction of its own. */
export async function moveProcess(db: Db, deps: ProcessDeps, customerId: number, event: ProcessEvent, options: MoveOptions): Promise<ProcessMove> {
  return db.transaction((tx) => moveProcessIn(tx, deps, customerId, event, options));
}

/**
 * The bare move: state and version only, none of the machine's reactions. For tests and data
 * repair that put a customer's process in a given state; the portal's own moves go through moveProcess.
 */
export async function applyProcessEvent(
  db: Db, clock: Clock, customerId: number, event: ProcessEvent, expectedVersion?: number,
): Promise<ProcessMove> {
  return db.transaction((tx) => storeMove(tx, clock, customerId, event, expectedVersion, processMachine, bySystem));
}
