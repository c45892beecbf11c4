import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { journeyMachine, screenPath } from '../../../machines/journey/journeyMachine';
import type { CustomerProfile } from '#shared/customer/payloads';
import type { CustomerKind, MenuStep, StepStatus } from '../../../src/shared/steps';

/** The side navigation's part of the journey: the 1-second reveal rule (spec §2) and menu.reload. */

function profile(bill: StepStatus, kind: CustomerKind = 'SUBSCRIPTION', more: MenuStep[] = []): CustomerProfile {
  return {
    id: 1, name: 'Maria', email: 'm@x.com', phone: '5511987654321', franchisee_id: 'FR-SP', customer_success_id: null,
    subscription_lending: kind, type: 'CPF', document_value: null, unit_type: 'RESIDENCIAL', bill_id: null,
    bill_value: 300, bill: null, state: 'SP', city: 3550308, city_name: 'São Paulo', coupon: null, has_partnership: false,
    payment_type: null, selected_client_plan: null, documents: [], contracts: [], customer_success: null,
    steps: [{ client_id: 1, type: 'SIMULATION', status: 'APPROVED' }, { client_id: 1, type: 'BILL', status: bill }, ...more],
  };
}

function start(first: CustomerProfile, reloads: (() => Promise<CustomerProfile>)[] = []) {
  let reloadCalls = 0;
  const machine = journeyMachine.provide({
    actors: {
      loadCustomer: fromPromise(async () => first),
      reloadMenu: fromPromise(async () => {
        const next = reloads[reloadCalls++];
        if (!next) throw new Error('no reload planned');
        return next();
      }),
    },
  });
  const actor = createActor(machine, { input: { storedSession: { token: 't', phone: first.phone, user: first } } });
  actor.start();
  const list = () => {
    const s = actor.getSnapshot();
    return (['hidden', 'revealing', 'shown'] as const).find((v) => s.matches({ signedIn: { menu: { list: v } } })) ?? null;
  };
  return { actor, list, path: () => screenPath(actor.getSnapshot()), reloadCalls: () => reloadCalls };
}

const settle = async () => { await vi.advanceTimersByTimeAsync(0); };

describe('journey: side navigation reveal (spec §2)', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('shows the list one second after the bill step is known and not pending', async () => {
    const { list } = start(profile('NOT_DONE'));
    await settle();
    expect(list()).toBe('revealing');
    await vi.advanceTimersByTimeAsync(999);
    expect(list()).toBe('revealing');
    await vi.advanceTimersByTimeAsync(1);
    expect(list()).toBe('shown');
  });

  it('keeps the list hidden for a subscription customer whose bill is in analysis', async () => {
    const { list } = start(profile('PENDING'));
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(list()).toBe('hidden');
  });

  it('shows it to a lending customer whatever the bill status', async () => {
    const { list } = start(profile('PENDING', 'LENDING'));
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(list()).toBe('shown');
  });

  it('moving between screens does not hide the list again', async () => {
    const { actor, list, path } = start(profile('APPROVED', 'SUBSCRIPTION', [{ client_id: 1, type: 'PROPOSAL_INITIAL', status: 'NOT_DONE' }]));
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(list()).toBe('shown');
    actor.send({ type: 'route.changed', path: '/profile' });
    expect(path()).toBe('/profile');
    expect(list()).toBe('shown');
    actor.send({ type: 'route.changed', path: '/bill' });
    expect(list()).toBe('shown');
  });
});

describe('journey: menu.reload', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('reloads the customer on the same screen: the bill sent hides the list, its approval shows it a second later', async () => {
    const { actor, list, path } = start(profile('NOT_DONE'), [
      async () => profile('PENDING'),
      async () => profile('APPROVED', 'SUBSCRIPTION', [{ client_id: 1, type: 'PROPOSAL_INITIAL', status: 'NOT_DONE' }]),
    ]);
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(list()).toBe('shown');

    actor.send({ type: 'menu.reload' });
    await settle();
    expect(path()).toBe('/bill');
    expect(actor.getSnapshot().context.customer?.steps.find((s) => s.type === 'BILL')?.status).toBe('PENDING');
    expect(list()).toBe('hidden');

    actor.send({ type: 'menu.reload' });
    await settle();
    expect(actor.getSnapshot().context.customer?.steps.find((s) => s.type === 'BILL')?.status).toBe('APPROVED');
    expect(list()).toBe('revealing');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(list()).toBe('shown');
    expect(path()).toBe('/bill');
  });

  it('keeps the menu it had when the reload fails', async () => {
    const before = profile('NOT_DONE');
    const { actor, list } = start(before, [async () => { throw new Error('offline'); }]);
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    actor.send({ type: 'menu.reload' });
    await settle();
    expect(actor.getSnapshot().context.customer).toEqual(before);
    expect(list()).toBe('shown');
    expect(actor.getSnapshot().matches({ signedIn: { menu: { steps: 'current' } } })).toBe(true);
  });

  it('a newer reload replaces one in flight, so the latest steps win', async () => {
    let release: (p: CustomerProfile) => void = () => {};
    const { actor, reloadCalls } = start(profile('NOT_DONE'), [
      () => new Promise<CustomerProfile>((resolve) => { release = resolve; }),
      async () => profile('APPROVED'),
    ]);
    await settle();
    actor.send({ type: 'menu.reload' });
    actor.send({ type: 'menu.reload' });
    await settle();
    release(profile('PENDING'));
    await settle();
    expect(reloadCalls()).toBe(2);
    expect(actor.getSnapshot().context.customer?.steps.find((s) => s.type === 'BILL')?.status).toBe('APPROVED');
  });

  it('is ignored before sign-in', async () => {
    const machine = journeyMachine.provide({ actors: { reloadMenu: fromPromise<CustomerProfile, { token: string }>(async () => { throw new Error('must not run'); }) } });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'menu.reload' });
    expect(screenPath(actor.getSnapshot())).toBe('/');
  });
});
