import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { processMachine, type Notice, type ProcessEvent } from '#machines/process/processMachine';

/** The process machine with its reactions writing down what they ask for, as the server's host provides them. */
function recorded(events: ProcessEvent[], kind?: 'SUBSCRIPTION' | 'LENDING') {
  const said: string[] = [];
  const machine = processMachine.provide({
    actions: {
      notify: (_, notice: Notice) => { said.push(`notify ${notice.message}${notice.unlessBy ? ` unless by ${notice.unlessBy}` : ''}`); },
      audit: ({ event }) => { said.push(`audit ${event.type}`); },
      prepareInitialProposal: () => { said.push('prepareInitialProposal'); },
      sendInitialProposal: () => { said.push('sendInitialProposal'); },
      recordPaymentType: () => { said.push('recordPaymentType'); },
    },
  });
  const actor = createActor(machine, { input: { kind } }).start();
  const perEvent = events.map((e) => {
    said.length = 0;
    actor.send(e);
    return [...said];
  });
  return perEvent;
}

const toVisit: ProcessEvent[] = [
  { type: 'simulation.done' }, { type: 'bill.submitted' }, { type: 'bill.approved' },
  { type: 'proposal.initialSent' }, { type: 'proposal.initialApproved' },
];

describe('process reactions', () => {
  test('an approved bill drafts the initial proposal; the end of onboarding sends it, whichever came last', () => {
    expect(recorded(toVisit.slice(0, 3))).toEqual([
      ['audit simulation.done'],
      ['audit bill.submitted'],
      ['prepareInitialProposal', 'audit bill.approved', 'sendInitialProposal'],
    ]);
    expect(recorded([{ type: 'bill.submitted' }, { type: 'bill.approved' }, { type: 'simulation.done' }]).slice(1)).toEqual([
      ['prepareInitialProposal', 'audit bill.approved'],
      ['audit simulation.done', 'sendInitialProposal'],
    ]);
  });

  test('the customer is told of the initial and final proposals and of each visit move; their own cancel tells them nothing', () => {
    const said = recorded([
      ...toVisit, { type: 'visit.requested' }, { type: 'visit.cancelled' }, { type: 'visit.requested' }, { type: 'visit.confirmed' },
      { type: 'visit.approved' }, { type: 'proposal.finalPublished' }, { type: 'proposal.finalApproved', paymentType: 'CASH_PURCHASE' },
    ]);
    expect(said.slice(3)).toEqual([
      ['notify notification.proposal.initial', 'audit proposal.initialSent'],
      ['audit proposal.initialApproved'],
      ['notify notification.visit.requested', 'audit visit.requested'],
      ['notify notification.visit.cancelled unless by customer', 'audit visit.cancelled'],
      ['notify notification.visit.requested', 'audit visit.requested'],
      ['notify notification.visit.confirmed', 'audit visit.confirmed'],
      ['notify notification.visit.approved', 'audit visit.approved'],
      ['notify notification.proposal.final', 'audit proposal.finalPublished'],
      ['recordPaymentType', 'audit proposal.finalApproved'],
    ]);
  });

  test('every transition an event takes names the audit reaction, so no staff move goes unaudited', () => {
    type Transition = { eventType: string; actions: readonly unknown[] };
    type Node = { id: string; transitions: Map<string, Transition[]>; states: Record<string, Node> };
    const missing: string[] = [];
    let seen = 0;
    const walk = (node: Node): void => {
      for (const [eventType, transitions] of node.transitions) {
        if (eventType.startsWith('xstate.')) continue; // done events, not someone's action
        for (const t of transitions) {
          seen += 1;
          const names = t.actions.map((a) => (typeof a === 'string' ? a : (a as { type?: string }).type));
          if (!names.includes('audit')) missing.push(`${node.id} ${eventType}`);
        }
      }
      Object.values(node.states).forEach(walk);
    };
    walk(processMachine.root as unknown as Node);
    expect(seen).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
