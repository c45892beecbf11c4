import { and, eq } from 'drizzle-orm';
import { createActor, type SnapshotFrom } from 'xstate';
import { processMachine, type ProcessEvent } from '#machines/process/processMachine';
import { stepsFromSnapshot } from '#machines/process/steps';
import type { MenuStep } from '#shared/steps';
import type { Clock } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { processSnapshots } from '../platform/db/schema';

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

/**
 * Snapshots stored before this fix were taken after actor.stop() and carry status 'stopped', with
 * which xstate no longer completes parallel states (onDone): they are read back as active.
 */
const restore = (persisted: unknown): ProcessSnapshot => {
  const p = persisted as { status?: string };
  const snapshot = p.status === 'stopped' ? { ...p, status: 'active' } : p;
  return createActor(processMachine, { snapshot: snapshot as never, input: {} }).getSnapshot();
};

/** A new customer's process (SIMULATION and BILL open), stored at version 1. */
export async function startProcess(tx: Db | Tx, clock: Clock, customerId: number): Promise<void> {
  const actor = createActor(processMachine, { input: { kind: 'SUBSCRIPTION' } });
  await tx.insert(processSnapshots).values({
    customerId, snapshot: actor.getPersistedSnapshot(), version: 1, updatedAt: clock.now(),
  });
}

export async function loadProcess(db: Db | Tx, customerId: number, forUpdate = false): Promise<{ snapshot: ProcessSnapshot; version: number } | null> {
  const query = db.select().from(processSnapshots).where(eq(processSnapshots.customerId, customerId));
  // FOR UPDATE: two moves of one customer queue up instead of one failing on the version check.
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? { snapshot: restore(row.snapshot), version: row.version } : null;
}

export async function customerSteps(db: Db | Tx, customerId: number): Promise<MenuStep[]> {
  const p = await loadProcess(db, customerId);
  return p ? stepsFromSnapshot(p.snapshot, customerId) : [];
}

/**
 * Sends one event to a customer's process and stores the new snapshot at version + 1. Refused
 * (and nothing stored) when the state does not accept the event, or when `expectedVersion` is stale.
 */
export async function applyProcessEvent(
  db: Db, clock: Clock, customerId: number, event: ProcessEvent, expectedVersion?: number,
): Promise<ProcessMove> {
  return db.transaction((tx) => applyProcessEventIn(tx, clock, customerId, event, expectedVersion));
}

export interface ProcessMove { version: number; steps: MenuStep[]; before: unknown; after: unknown }

/** applyProcessEvent inside a transaction the caller owns (the bill row and the move commit together). */
export async function applyProcessEventIn(
  tx: Tx, clock: Clock, customerId: number, event: ProcessEvent, expectedVersion?: number,
): Promise<ProcessMove> {
  const current = await loadProcess(tx, customerId, true);
  if (!current) throw new Error(`customer ${customerId} has no process`);
  if (expectedVersion !== undefined && expectedVersion !== current.version) {
    throw new ProcessVersionConflict(expectedVersion, current.version);
  }
  if (!current.snapshot.can(event)) throw new ProcessEventRefused(event.type, current.snapshot.value);
  const actor = createActor(processMachine, { snapshot: current.snapshot, input: {} }).start();
  actor.send(event);
  const next = actor.getSnapshot();
  const persisted = actor.getPersistedSnapshot(); // before stop(): a stopped snapshot would be stored 'stopped'
  actor.stop();
  const updated = await tx.update(processSnapshots)
    .set({ snapshot: persisted, version: current.version + 1, updatedAt: clock.now() })
    .where(and(eq(processSnapshots.customerId, customerId), eq(processSnapshots.version, current.version)))
    .returning({ version: processSnapshots.version });
  if (updated.length !== 1) throw new ProcessVersionConflict(current.version, current.version + 1);
  return { version: current.version + 1, steps: stepsFromSnapshot(next, customerId), before: current.snapshot.value, after: next.value };
}
