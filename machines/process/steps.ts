import type { SnapshotFrom } from 'xstate';
import { LENDING_ORDER, SUBSCRIPTION_ORDER, type MenuStep, type StepStatus, type StepType } from '#shared/steps';
import type { processMachine, StepMeta } from './processMachine';

/**
 * The spec's `steps` list (GET /portal/customers/steps) from a process snapshot: the steps reached so
 * far in the customer kind's order, each earlier step APPROVED and the active ones with the status
 * their state's meta gives.
 */
export function stepsFromSnapshot(snapshot: SnapshotFrom<typeof processMachine>, clientId: number): MenuStep[] {
  const order = snapshot.context.kind === 'LENDING' ? LENDING_ORDER : SUBSCRIPTION_ORDER;
  const active = new Map<StepType, StepStatus>();
  for (const m of Object.values(snapshot.getMeta()) as Partial<StepMeta>[]) {
    if (m?.step && m.status) active.set(m.step, m.status);
  }
  const reached = Math.max(...order.map((t, i) => (active.has(t) ? i : -1)));
  return order.slice(0, reached + 1).map((type) => ({
    client_id: clientId,
    type,
    status: active.get(type) ?? 'APPROVED',
  }));
}
