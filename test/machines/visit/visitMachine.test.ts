import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { visitMachine, type VisitPageData } from '#machines/visit/visitMachine';
import { messages as m, type MessageKey } from '#shared/messages';
import type { Visit } from '#shared/visit/payloads';
import { customerAt } from '../../paths/samples';

// Monday 23 November 2026, 10:00 in São Paulo: Tuesday 24 is the first bookable day
const MONDAY_10H_SP = new Date('2026-11-23T13:00:00Z');
const customer = customerAt(301, 'Joana Dias', 'SUBSCRIPTION', 'TECHNICAL_VISIT', 'NOT_DONE');
const page = (visit: Visit | null): VisitPageData => ({
  customer: { id: customer.id, phone: customer.phone, state: customer.state, subscription_lending: customer.subscription_lending, steps: customer.steps },
  visit, blocked: [],
});
const tomorrowAtNine: Visit = {
  id: 9, schedule: '2026-11-24T09:00:00-03:00', date: '2026-11-24', time: '09:00', status: 'UNCONFIRMED_APPOINTMENT',
  phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '1000', complement: null,
  neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP',
};

function start(load: VisitPageData, submit: () => Promise<Visit> = async () => tomorrowAtNine) {
  const toasts: { tone: 'success' | 'error'; key: MessageKey }[] = [];
  const machine = visitMachine.provide({
    actors: {
      loadVisitPage: fromPromise(async () => load),
      submitVisit: fromPromise(submit),
    },
    actions: {
      notifySuccess: (_, params) => { toasts.push({ tone: 'success', key: params.key }); },
      notifyError: (_, params) => { toasts.push({ tone: 'error', key: params.key }); },
    },
  });
  const actor = createActor(machine, { input: { now: () => MONDAY_10H_SP } }).start();
  return { actor, toasts };
}

const isKey = (value: unknown) => typeof value === 'string' && value in m;

describe('visit machine: messages are catalogue keys', () => {
  it('the day, slot and field messages of a refused submit are keys the screen looks up', async () => {
    const { actor } = start(page(null));
    await waitFor(actor, (s) => s.matches('form'));
    actor.send({ type: 'visit.submit' });
    const c = actor.getSnapshot().context;
    expect(c.dayAndTimeError).toBe('visit.dayAndTime.required');
    expect(Object.keys(c.fieldErrors).length).toBeGreaterThan(0);
    expect(Object.values(c.fieldErrors).every(isKey)).toBe(true);
    expect(m[c.fieldErrors.cep!]).toBe(m['common.form.required']);
    actor.send({ type: 'field.change', field: 'cep', value: '0131' });
    actor.send({ type: 'day.select', date: '2026-11-24' });
    actor.send({ type: 'time.select', time: '09:00' });
    actor.send({ type: 'visit.submit' });
    expect(m[actor.getSnapshot().context.fieldErrors.cep!]).toBe(m['visit.cep.invalid']);
  });

  it('toasts carry keys: the server\'s refusal by its code, a visit too close to change by the rule', async () => {
    const dayTaken = Object.assign(new Error('x'), { status: 422, body: { code: 4220, message: 'x' } });
    const { actor, toasts } = start(page(null), async () => { throw dayTaken; });
    await waitFor(actor, (s) => s.matches('form'));
    for (const [field, value] of [['cep', '01310-100'], ['address', 'Avenida Paulista'], ['number', '1'], ['neighborhood', 'Bela Vista'], ['city', 'São Paulo'], ['state', 'SP']] as const) {
      actor.send({ type: 'field.change', field, value });
    }
    actor.send({ type: 'day.select', date: '2026-11-24' });
    actor.send({ type: 'time.select', time: '09:00' });
    actor.send({ type: 'visit.submit' });
    await waitFor(actor, (s) => s.matches('form') && toasts.length > 0);
    expect(toasts).toEqual([{ tone: 'error', key: 'visit.dateUnavailable' }]);

    const booked = start(page(tomorrowAtNine));
    await waitFor(booked.actor, (s) => s.matches('details'));
    booked.actor.send({ type: 'visit.cancel' });
    expect(booked.toasts).toEqual([{ tone: 'error', key: 'visit.tooClose' }]);
  });
});
