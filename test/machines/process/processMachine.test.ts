import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { processMachine, type ProcessEvent } from '../../../machines/process/processMachine';
import { stepsFromSnapshot } from '#machines/process/steps';
import { LENDING_ORDER, SUBSCRIPTION_ORDER, currentStep, type StepType } from '../../../src/shared/steps';

const run = (events: ProcessEvent[], kind?: 'SUBSCRIPTION' | 'LENDING') => {
  const actor = createActor(processMachine, { input: { kind } }).start();
  for (const e of events) actor.send(e);
  return actor.getSnapshot();
};
const steps = (events: ProcessEvent[], kind?: 'SUBSCRIPTION' | 'LENDING') =>
  stepsFromSnapshot(run(events, kind), 7).map((s) => `${s.type}:${s.status}`);

const toVisit: ProcessEvent[] = [
  { type: 'simulation.done' }, { type: 'bill.submitted' }, { type: 'bill.approved' },
  { type: 'proposal.initialSent' }, { type: 'proposal.initialApproved' },
  { type: 'visit.requested' }, { type: 'visit.confirmed' }, { type: 'visit.approved' },
];

describe('process machine', () => {
  test('a new customer has SIMULATION and BILL open, and lands on the bill page', () => {
    const snap = run([]);
    expect(stepsFromSnapshot(snap, 7)).toEqual([
      { client_id: 7, type: 'SIMULATION', status: 'NOT_DONE' },
      { client_id: 7, type: 'BILL', status: 'NOT_DONE' },
    ]);
    expect(snap.context).toEqual({ kind: 'SUBSCRIPTION', paymentType: null });
  });

  test('bill under analysis is PENDING; disapproved is DENIED and may be sent again', () => {
    expect(steps([{ type: 'bill.submitted' }])).toEqual(['SIMULATION:NOT_DONE', 'BILL:PENDING']);
    expect(currentStep(stepsFromSnapshot(run([{ type: 'bill.submitted' }]), 1))).toBe('BILL');
    expect(steps([{ type: 'bill.submitted' }, { type: 'bill.disapproved' }])).toEqual(['SIMULATION:NOT_DONE', 'BILL:DENIED']);
    expect(steps([{ type: 'bill.submitted' }, { type: 'bill.disapproved' }, { type: 'bill.submitted' }])).toEqual(['SIMULATION:NOT_DONE', 'BILL:PENDING']);
  });

  test('a bill disapproved as illegible may be sent again; any other reason locks the upload', () => {
    const illegible = run([{ type: 'bill.submitted' }, { type: 'bill.disapproved', justification: 'ilegível ou incompleta' }]);
    expect(illegible.can({ type: 'bill.submitted' })).toBe(true);
    const rural = run([{ type: 'bill.submitted' }, { type: 'bill.disapproved', justification: 'Classe de consumo não atendida: rural' }]);
    expect(rural.can({ type: 'bill.submitted' })).toBe(false);
    expect(stepsFromSnapshot(rural, 7).map((x) => x.status)).toEqual(['NOT_DONE', 'DENIED']);
    // re-sent after an illegible one and then refused for good: locked
    const then = run([
      { type: 'bill.submitted' }, { type: 'bill.disapproved', justification: 'ilegível ou incompleta' },
      { type: 'bill.submitted' }, { type: 'bill.disapproved', justification: 'DENIED' },
    ]);
    expect(then.can({ type: 'bill.submitted' })).toBe(false);
  });

  test('the initial proposal opens only when both simulation and bill are done', () => {
    expect(steps([{ type: 'bill.submitted' }, { type: 'bill.approved' }])).toEqual(['SIMULATION:NOT_DONE', 'BILL:APPROVED']);
    expect(steps([{ type: 'bill.submitted' }, { type: 'bill.approved' }, { type: 'simulation.done' }]))
      .toEqual(['SIMULATION:APPROVED', 'BILL:APPROVED', 'PROPOSAL_INITIAL:NOT_DONE']);
    expect(steps(toVisit.slice(0, 4)).at(-1)).toBe('PROPOSAL_INITIAL:PENDING');
  });

  test('a subscription customer goes SIGNATURE, CHECKOUT, CONTRACT, INSTALATION, PROJECT_STATUS', () => {
    const path: ProcessEvent[] = [...toVisit, { type: 'plan.signed' }, { type: 'checkout.completed' }, { type: 'contract.signed' }, { type: 'installation.completed' }];
    const types = (n: number) => stepsFromSnapshot(run(path.slice(0, n)), 1).map((s) => s.type);
    expect(types(toVisit.length)).toEqual(SUBSCRIPTION_ORDER.slice(0, 5));
    expect(types(path.length)).toEqual([...SUBSCRIPTION_ORDER]);
    expect(steps(path).slice(0, -1).every((s) => s.endsWith(':APPROVED'))).toBe(true);
  });

  test('choosing cash or financing on the final proposal makes the customer LENDING with its own order', () => {
    const snap = run([...toVisit, { type: 'proposal.finalApproved', paymentType: 'FINANCING' }]);
    expect(snap.context).toEqual({ kind: 'LENDING', paymentType: 'FINANCING' });
    expect(stepsFromSnapshot(snap, 1).map((s) => `${s.type}:${s.status}`)).toEqual([
      'SIMULATION:APPROVED', 'BILL:APPROVED', 'PROPOSAL_INITIAL:APPROVED', 'TECHNICAL_VISIT:APPROVED', 'PROPOSAL_FINAL:APPROVED', 'CONTRACT:NOT_DONE',
    ]);
    const ready = {
      paymentType: 'CASH_PURCHASE' as const, purchaseContractSigned: true, invoicePaid: true, documentSent: true, proofOfAddressSent: false,
      proofOfIncomeSent: false, financingStatus: null,
    };
    const paying = [...toVisit, { type: 'proposal.finalApproved', paymentType: 'CASH_PURCHASE' }, { type: 'purchase.contractSigned' }] as ProcessEvent[];
    // one condition short (the invoice not paid): the buyer stays at CONTRACT
    expect(run([...paying, { type: 'supply.requested', facts: { ...ready, invoicePaid: false } }]).matches({ lending: { contract: 'paying' } })).toBe(true);
    const done = run([...paying, { type: 'supply.requested', facts: ready }, { type: 'supply.delivered' }, { type: 'installation.completed' }]);
    expect(stepsFromSnapshot(done, 1).map((s) => s.type)).toEqual([...LENDING_ORDER]);
  });

  test('a customer created as LENDING sees PROPOSAL_FINAL pending after the visit', () => {
    expect(steps(toVisit, 'LENDING').at(-1)).toBe('PROPOSAL_FINAL:PENDING');
  });

  test('a visit not approved is DENIED and goes no further', () => {
    const snap = run([...toVisit.slice(0, 7), { type: 'visit.notApproved' }]);
    expect(stepsFromSnapshot(snap, 1).at(-1)).toEqual({ client_id: 1, type: 'TECHNICAL_VISIT', status: 'DENIED' });
    expect(snap.can({ type: 'plan.signed' })).toBe(false);
  });

  test('an event the state does not accept changes nothing', () => {
    const before = run([]);
    for (const e of [{ type: 'bill.approved' }, { type: 'contract.signed' }, { type: 'proposal.initialApproved' }] as ProcessEvent[]) {
      expect(before.can(e)).toBe(false);
      expect(run([e]).value).toEqual(before.value);
    }
  });

  test('every state names its step, so the list never skips a reached step', () => {
    const all: StepType[] = [];
    type Node = { meta?: { step?: StepType }; states: Record<string, Node> };
    const walk = (node: Node): void => {
      if (node.meta?.step) all.push(node.meta.step);
      Object.values(node.states).forEach(walk);
    };
    walk(processMachine.root as unknown as Node);
    expect(new Set(all)).toEqual(new Set([...SUBSCRIPTION_ORDER, ...LENDING_ORDER]));
  });

  test('a persisted snapshot restores to the same steps', () => {
    const actor = createActor(processMachine, { input: {} }).start();
    for (const e of toVisit.slice(0, 5)) actor.send(e);
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    const restored = createActor(processMachine, { snapshot: persisted, input: {} }).getSnapshot();
    expect(stepsFromSnapshot(restored, 1)).toEqual(stepsFromSnapshot(actor.getSnapshot(), 1));
  });
});
