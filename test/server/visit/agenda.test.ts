import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createStaff } from '../../../src/server/staff/service';
import { messages } from '#shared/messages';
import { agendaDays, mondayOf, staffRescheduleProblem, weekAfter } from '#shared/visit/agenda';
import { createTestServer, testClock, type TestServer } from '../../support/server';
import { call, newPhone, personalSignUp, requestCode, lastCode } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

/**
 * The scheduler's agenda through the API: GET /admin/visits (the week's visits and blocked days)
 * and PUT /admin/customers/{id}/visit/date (staff reschedule with the customer's calendar rules and
 * the 24-hour rule, stale-visit refusal, audit, the customer told).
 *
 * The clock: Monday 23 November 2026, 10:00 in São Paulo (13:00 UTC).
 */
const MONDAY_10H_SP = new Date('2026-11-23T13:00:00Z');
let s: TestServer;
let scheduler: string;
let admin: string;
let analyst: string;
let sales: string;
beforeAll(async () => {
  s = await createTestServer({ clock: testClock(MONDAY_10H_SP) });
  scheduler = (await createStaff(s.db, s.clock, 'Bia', `bia.agenda.${process.pid}@empresa.com.br`, ['scheduler'])).token;
  admin = (await createStaff(s.db, s.clock, 'Ana', `ana.agenda.${process.pid}@empresa.com.br`, ['admin'])).token;
  analyst = (await createStaff(s.db, s.clock, 'Caio', `caio.agenda.${process.pid}@empresa.com.br`, ['analyst'])).token;
  sales = (await createStaff(s.db, s.clock, 'Duda', `duda.agenda.${process.pid}@empresa.com.br`, ['sales'])).token;
});
afterAll(async () => { await s.close(); });
beforeEach(() => { s.clock.set(MONDAY_10H_SP); });

let seq = 0;
/** A customer who booked a visit on `date` at `time` through the real calls. */
async function customerWithVisit(date: string, time = '10:00') {
  const phone = newPhone();
  await requestCode(s, phone, { type: 'SIGN_UP' });
  const confirm = await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) });
  const name = `Cliente Agenda ${++seq}`;
  const created = await call(s, 'POST', '/portal/customers', personalSignUp(phone, String(confirm.body.phone_proof), { name }));
  expect(created.status).toBe(201);
  const token = String(created.body.access_token);
  const id = Number((await call(s, 'GET', '/portal/customers', undefined, { token })).body.id);
  await call(s, 'POST', '/portal/customers/plan-simulated', { bill_value: 600, deadline_years: 20, nivel: 'MAX' }, { token });
  await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, { token });
  expect((await call(s, 'PUT', `/admin/customers/${id}/approve/proposal`, undefined, { token })).status).toBe(200);
  const booked = await call(s, 'POST', '/portal/customers/scheduling', {
    date, time, phone: '(11) 98765-4321', cep: '01310-100', address: 'Avenida Paulista', number: '1000',
    neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP',
  }, { token });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { token, id, name, visitId: (booked.body.data as { id: number }).id };
}

type Week = { week: string; days: string[]; blocked: { day: string; reason: string | null }[]; visits: Record<string, unknown>[] };
const week = async (token: string, day?: string) => call(s, 'GET', `/admin/visits${day ? `?week=${day}` : ''}`, undefined, { token });
const moveTo = (c: { id: number; visitId: number }, seen: { date: string; time: string }, date: string, time: string, token = scheduler) =>
  call(s, 'PUT', `/admin/customers/${c.id}/visit/date`, { visit_id: c.visitId, seen, date, time }, { token });
const notifications = async (token: string) =>
  ((await call(s, 'GET', '/portal/notifications', undefined, { token })).body.data as { message: string }[]).map((n) => n.message);

describe('the agenda\'s weeks (src/shared/visit/agenda.ts)', () => {
  test('any day reads as its Monday; the agenda runs Monday to Saturday', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-28')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday belongs to the week before it
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(weekAfter('2026-11-23', 1)).toBe('2026-11-30');
    expect(weekAfter('2026-11-23', -1)).toBe('2026-11-16');
    expect(agendaDays('2026-11-23')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
  });

  test('the staff reschedule rule: 24 hours on both ends, the customer calendar for the new day', () => {
    const now = { year: 2026, month: 11, day: 23, hour: 10, minute: 0 };
    const from = { date: '2026-11-25', time: '10:00' };
    expect(staffRescheduleProblem(from, { date: '2026-11-26', time: '09:00' }, now)).toBeNull();
    expect(staffRescheduleProblem({ date: '2026-11-24', time: '09:00' }, { date: '2026-11-26', time: '09:00' }, now)).toBe('too_close');
    expect(staffRescheduleProblem(from, { date: '2026-11-24', time: '09:00' }, now)).toBe('target_too_close');
    expect(staffRescheduleProblem(from, { date: '2026-11-24', time: '10:00' }, now)).toBeNull();
    expect(staffRescheduleProblem(from, from, now)).toBe('unchanged');
    expect(staffRescheduleProblem(from, { date: '2026-11-29', time: '09:00' }, now)).toBe('sunday');
    expect(staffRescheduleProblem(from, { date: '2026-11-26', time: '13:00' }, now)).toBe('invalid_slot');
    expect(staffRescheduleProblem(from, { date: '2026-11-26', time: '09:00' }, now, { blocked: ['2026-11-26'] })).toBe('blocked');
  });
});

describe('GET /admin/visits', () => {
  test('the week\'s visits with customer, city, slot, status and outcome due, and the week\'s blocked days', async () => {
    const a = await customerWithVisit('2026-11-25', '10:00');
    const b = await customerWithVisit('2026-11-24', '14:00');
    const later = await customerWithVisit('2026-12-01', '09:00');
    expect((await call(s, 'PUT', `/admin/customers/${b.id}/visit`, { status: 'CONFIRMED_SCHEDULE' }, { token: scheduler })).status).toBe(200);
    expect((await call(s, 'PUT', '/admin/config-calendar/2026-11-27', { reason: 'Treinamento da equipe' }, { token: admin })).status).toBe(200);
    expect((await call(s, 'PUT', '/admin/config-calendar/2026-12-02', {}, { token: admin })).status).toBe(200);

    const r = await week(scheduler, '2026-11-26');
    expect(r.status).toBe(200);
    const data = r.body.data as Week;
    expect(data.week).toBe('2026-11-23');
    expect(data.days).toHaveLength(6);
    expect(data.blocked).toEqual([{ day: '2026-11-27', reason: 'Treinamento da equipe' }]);
    // in day and slot order, this week only
    expect(data.visits.map((v) => v.customer_id)).toEqual([b.id, a.id]);
    expect(data.visits[0]).toMatchObject({
      id: b.visitId, customer_name: b.name, city: 'São Paulo', state: 'SP', uf: 'SP', date: '2026-11-24', time: '14:00',
      schedule: '2026-11-24T14:00:00-03:00', status: 'CONFIRMED_SCHEDULE', outcome_due: false, changeable: true,
    });
    expect(data.visits[1]).toMatchObject({ status: 'UNCONFIRMED_APPOINTMENT', outcome_due: false, changeable: true });

    // the next week, and this week by default
    const next = (await week(scheduler, '2026-11-30')).body.data as Week;
    expect(next.visits.map((v) => v.customer_id)).toEqual([later.id]);
    expect(next.blocked.map((d) => d.day)).toEqual(['2026-12-02']);
    expect(((await week(admin)).body.data as Week).week).toBe('2026-11-23');

    // Tuesday 15:00: b's visit has started, its outcome is due and it can no longer move
    s.clock.set(new Date('2026-11-24T18:00:00Z'));
    const after = ((await week(scheduler)).body.data as Week).visits;
    expect(after[0]).toMatchObject({ customer_id: b.id, outcome_due: true, changeable: false });
    expect(after[1]).toMatchObject({ customer_id: a.id, outcome_due: false, changeable: false }); // Wednesday 10:00: 19 hours away
  });

  test('a week that is not a day is refused; roles: read by any staff member', async () => {
    expect((await week(scheduler, '2026-13-01')).body).toMatchObject({ code: 4000, field: 'week' });
    expect((await week(sales)).status).toBe(200);
    expect((await week(analyst)).status).toBe(200);
    expect((await call(s, 'GET', '/admin/visits')).status).toBe(401);
  });
});

describe('PUT /admin/customers/{id}/visit/date', () => {
  test('moves the visit, keeps its status, tells the customer and writes the audit line', async () => {
    const c = await customerWithVisit('2026-11-25', '10:00');
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'CONFIRMED_SCHEDULE' }, { token: scheduler })).status).toBe(200);
    const r = await moveTo(c, { date: '2026-11-25', time: '10:00' }, '2026-11-26', '15:00');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ id: c.visitId, date: '2026-11-26', time: '15:00', schedule: '2026-11-26T15:00:00-03:00', status: 'CONFIRMED_SCHEDULE' });
    expect((await call(s, 'GET', '/portal/customers/scheduling', undefined, { token: c.token })).body.data).toMatchObject({ date: '2026-11-26', time: '15:00' });
    expect((await notifications(c.token))[0]).toBe('Nossa equipe remarcou sua visita técnica para 26/11/2026 às 15:00.');
    const trail = (await call(s, 'GET', `/admin/audit?customer_id=${c.id}`, undefined, { token: admin })).body.data as { action: string; before: unknown; after: unknown; staff_email: string }[];
    expect(trail[0]).toMatchObject({
      action: 'visit:reschedule', staff_email: `bia.agenda.${process.pid}@empresa.com.br`,
      before: { visit_id: c.visitId, date: '2026-11-25', time: '10:00', status: 'CONFIRMED_SCHEDULE' },
      after: { visit_id: c.visitId, date: '2026-11-26', time: '15:00', status: 'CONFIRMED_SCHEDULE' },
    });
    // the process did not move: the visit is still confirmed
    expect((await call(s, 'GET', `/admin/customers/${c.id}/process`, undefined, { token: scheduler })).body.state).toEqual({ technicalVisit: 'confirmed' });
  });

  test('within 24 hours of the visit: refused with the spec message, nothing changed', async () => {
    const c = await customerWithVisit('2026-11-25', '10:00');
    s.clock.set(new Date('2026-11-24T13:01:00Z')); // Tuesday 10:01: the visit is 23 h 59 min away
    const r = await moveTo(c, { date: '2026-11-25', time: '10:00' }, '2026-11-27', '10:00');
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 4095, message: messages['visit.tooClose'] });
    // and a new time within 24 hours is refused too
    s.clock.set(MONDAY_10H_SP);
    expect((await moveTo(c, { date: '2026-11-25', time: '10:00' }, '2026-11-24', '09:00')).body).toMatchObject({ code: 4220, reason: 'target_too_close' });
    expect((await call(s, 'GET', `/admin/customers/${c.id}/visit`, undefined, { token: scheduler })).body.data).toMatchObject({ date: '2026-11-25', time: '10:00' });
  });

  test('to a blocked day, a Sunday or past the calendar: refused as the customer\'s calendar would', async () => {
    const c = await customerWithVisit('2026-11-25', '10:00');
    expect((await call(s, 'PUT', '/admin/config-calendar/2026-11-30', { reason: 'Feriado municipal' }, { token: admin })).status).toBe(200);
    const seen = { date: '2026-11-25', time: '10:00' };
    const blocked = await moveTo(c, seen, '2026-11-30', '10:00');
    expect(blocked.status).toBe(422);
    expect(blocked.body).toMatchObject({ code: 4220, field: 'date', reason: 'blocked', message: messages['visit.dateUnavailable'] });
    expect((await moveTo(c, seen, '2026-11-29', '10:00')).body).toMatchObject({ code: 4220, reason: 'sunday' });
    expect((await moveTo(c, seen, '2026-12-24', '10:00')).body).toMatchObject({ code: 4220, reason: 'too_far' });
    expect((await moveTo(c, seen, '2026-11-26', '13:00')).status).toBe(400); // not a slot: the schema refuses it
    const trail = (await call(s, 'GET', `/admin/audit?customer_id=${c.id}&action=visit:reschedule`, undefined, { token: admin })).body.data as unknown[];
    expect(trail).toEqual([]);
  });

  test('a visit that moved meanwhile is refused with a clear message (4091)', async () => {
    const c = await customerWithVisit('2026-11-25', '10:00');
    expect((await moveTo(c, { date: '2026-11-25', time: '10:00' }, '2026-11-26', '10:00')).status).toBe(200);
    const stale = await moveTo(c, { date: '2026-11-25', time: '10:00' }, '2026-11-27', '10:00');
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 4091, message: messages['process.event.stale'], date: '2026-11-26', time: '10:00' });
    // cancelled meanwhile: stale too; another customer's visit id: not found
    const other = await customerWithVisit('2026-11-26', '11:00');
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/visit/date`, { visit_id: other.visitId, seen: { date: '2026-11-26', time: '11:00' }, date: '2026-11-27', time: '11:00' }, { token: scheduler })).status).toBe(404);
    expect((await call(s, 'PUT', `/admin/customers/${other.id}/visit`, { status: 'CANCELLED' }, { token: scheduler })).status).toBe(200);
    expect((await moveTo(other, { date: '2026-11-26', time: '11:00' }, '2026-11-27', '11:00')).body).toMatchObject({ code: 4091 });
  });

  test('only a scheduler: other roles are refused (403, 4032)', async () => {
    const c = await customerWithVisit('2026-11-25', '10:00');
    for (const token of [admin, analyst, sales]) {
      const r = await moveTo(c, { date: '2026-11-25', time: '10:00' }, '2026-11-26', '10:00', token);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: 4032 });
    }
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/visit/date`, { visit_id: c.visitId, seen: { date: '2026-11-25', time: '10:00' }, date: '2026-11-26', time: '10:00' }, { token: c.token })).body).toMatchObject({ code: 4030 });
  });

  test('the outcome keeps the technician\'s notes for the team; the customer never reads them', async () => {
    const c = await customerWithVisit('2026-11-25');
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'CONFIRMED_SCHEDULE' }, { token: scheduler })).status).toBe(200);
    s.clock.set(new Date('2026-11-25T14:00:00Z'));
    const notes = 'Telhado de fibrocimento, face norte; padrão bifásico.';
    const recorded = await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'ACCOMPLISHED_AND_APPROVED', notes }, { token: scheduler });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const staffRead = await call(s, 'GET', `/admin/customers/${c.id}/visit`, undefined, { token: sales });
    expect((staffRead.body.data as { notes: string | null }).notes).toBe(notes);
    const customerRead = await call(s, 'GET', '/portal/customers/scheduling', undefined, { token: c.token });
    expect(JSON.stringify(customerRead.body)).not.toContain('fibrocimento');
    const trail = await call(s, 'GET', `/admin/audit?customer_id=${c.id}&action=visit:ACCOMPLISHED`, undefined, { token: admin });
    expect((trail.body.data as { after: { notes?: string } }[])[0]?.after.notes).toBe(notes);
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'CANCELLED', notes: 'x'.repeat(2001) }, { token: scheduler })).status).toBe(400);
  });
});

