import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createStaff } from '../../../src/server/staff/service';
import { messages } from '#shared/messages';
import { createTestServer, testClock, type TestServer } from '../../support/server';
import { call, newPhone, personalSignUp, requestCode, lastCode } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

/**
 * The technical visit through the API (spec §2, §4, §5, §7): booking with every calendar rule
 * re-checked in the customer's time zone, one open visit, cancel and reschedule with the 24-hour
 * limit, staff moves (process, notification, audit) and the staff-blocked days.
 *
 * The clock: Monday 23 November 2026, 10:00 in São Paulo (13:00 UTC). Tuesday 24 is the earliest
 * bookable day for a São Paulo customer; 20 November (Consciência Negra) is a national holiday.
 */
const MONDAY_10H_SP = new Date('2026-11-23T13:00:00Z');
let s: TestServer;
let staffToken: string;
beforeAll(async () => {
  s = await createTestServer({ clock: testClock(MONDAY_10H_SP) });
  staffToken = (await createStaff(s.db, s.clock, 'Bia', `bia.visit.${process.pid}@empresa.com.br`)).token;
});
afterAll(async () => { await s.close(); });
beforeEach(() => { s.clock.set(MONDAY_10H_SP); });

/** A customer at TECHNICAL_VISIT:NOT_DONE through the real calls: sign-up, simulation, bill approved, proposal approved. */
async function customerAtVisit(over: Record<string, unknown> = {}, approve = true) {
  const phone = newPhone();
  await requestCode(s, phone, { type: 'SIGN_UP' });
  const confirm = await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) });
  const created = await call(s, 'POST', '/portal/customers', personalSignUp(phone, String(confirm.body.phone_proof), over));
  expect(created.status).toBe(201);
  const token = String(created.body.access_token);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token });
  const id = Number(me.body.id);
  await call(s, 'POST', '/portal/customers/plan-simulated', { bill_value: 600, deadline_years: 20, nivel: 'MAX' }, { token });
  await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, { token });
  if (approve) expect((await call(s, 'PUT', `/admin/customers/${id}/approve/proposal`, undefined, { token })).status).toBe(200);
  return { token, id, phone };
}

const booking = (over: Record<string, unknown> = {}) => ({
  date: '2026-11-24', time: '09:00', phone: '(11) 98765-4321', cep: '01310-100', address: 'Avenida Paulista', number: '1000',
  complement: 'apto 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', ...over,
});
const steps = async (token: string) =>
  ((await call(s, 'GET', '/portal/customers/steps', undefined, { token })).body.data as { type: string; status: string }[]).map((x) => `${x.type}:${x.status}`);
const visitStep = async (token: string) => (await steps(token)).find((x) => x.startsWith('TECHNICAL_VISIT'));
const notifications = async (token: string) =>
  ((await call(s, 'GET', '/portal/notifications', undefined, { token })).body.data as { message: string }[]).map((n) => n.message);

describe('booking a visit', () => {
  test('books the day and slot, the step becomes PENDING, the customer is told, and GET returns it', async () => {
    const c = await customerAtVisit();
    expect((await call(s, 'GET', '/portal/customers/scheduling', undefined, { token: c.token })).body).toEqual({ data: null, cancelled: null });
    const r = await call(s, 'POST', '/portal/customers/scheduling', booking(), { token: c.token });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      status: 'UNCONFIRMED_APPOINTMENT', schedule: '2026-11-24T09:00:00-03:00', date: '2026-11-24', time: '09:00',
      phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '1000', complement: 'apto 12',
      neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP',
    });
    expect(await visitStep(c.token)).toBe('TECHNICAL_VISIT:PENDING');
    expect((await notifications(c.token))[0]).toContain('24/11/2026 às 09:00');
    expect((await call(s, 'GET', '/portal/customers/scheduling', undefined, { token: c.token })).body.data).toMatchObject({ id: (r.body.data as { id: number }).id });
  });

  test('one open visit per customer', async () => {
    const c = await customerAtVisit();
    expect((await call(s, 'POST', '/portal/customers/scheduling', booking(), { token: c.token })).status).toBe(201);
    const again = await call(s, 'POST', '/portal/customers/scheduling', booking({ date: '2026-11-25' }), { token: c.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 4093, message: messages['visit.alreadyOpen'] });
  });

  test('refused before the initial proposal is approved, and without a session', async () => {
    const c = await customerAtVisit({}, false);
    const r = await call(s, 'POST', '/portal/customers/scheduling', booking(), { token: c.token });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe(4090);
    expect((await call(s, 'GET', '/portal/customers/scheduling', undefined, { token: c.token })).body.data).toBeNull();
    expect((await call(s, 'POST', '/portal/customers/scheduling', booking())).status).toBe(401);
  });

  test('the server re-checks every calendar rule and changes nothing when one fails', async () => {
    const c = await customerAtVisit();
    const refused = async (over: Record<string, unknown>) => {
      const r = await call(s, 'POST', '/portal/customers/scheduling', booking(over), { token: c.token });
      return { status: r.status, code: r.body.code, reason: r.body.reason, message: r.body.message, field: r.body.field };
    };
    expect(await refused({ date: '2026-11-23' })).toMatchObject({ status: 422, code: 4220, reason: 'past', field: 'date', message: messages['visit.dateUnavailable'] });
    expect(await refused({ date: '2026-11-20' })).toMatchObject({ status: 422, reason: 'past' });
    expect(await refused({ date: '2026-11-29' })).toMatchObject({ status: 422, reason: 'sunday' });
    expect(await refused({ date: '2026-12-24' })).toMatchObject({ status: 422, reason: 'too_far' });
    expect(await refused({ time: '13:00' })).toMatchObject({ status: 400, field: 'time', message: 'Por favor selecione um dia e horario.' });
    expect(await refused({ date: '' })).toMatchObject({ status: 400, field: 'date', message: 'Por favor selecione um dia e horario.' });
    expect(await refused({ date: '2026-02-30' })).toMatchObject({ status: 400, field: 'date' });
    expect(await refused({ phone: '' })).toMatchObject({ status: 400, field: 'phone', message: 'Campo obrigatório' });
    expect(await refused({ phone: '(01) 98765-4321' })).toMatchObject({ status: 400, field: 'phone', message: messages['visit.phone.areaCode'] });
    expect(await refused({ phone: '(11) 88765-4321' })).toMatchObject({ status: 400, field: 'phone', message: messages['visit.phone.invalid'] });
    expect(await refused({ cep: '0131010' })).toMatchObject({ status: 400, field: 'cep', message: messages['visit.cep.invalid'] });
    expect(await refused({ address: '  ' })).toMatchObject({ status: 400, field: 'address', message: 'Campo obrigatório' });
    expect(await refused({ state: 'XX' })).toMatchObject({ status: 400, field: 'state', message: messages['visit.state.invalid'] });
    expect(await visitStep(c.token)).toBe('TECHNICAL_VISIT:NOT_DONE');
    // complement is optional
    expect((await call(s, 'POST', '/portal/customers/scheduling', booking({ complement: '' }), { token: c.token })).body.data).toMatchObject({ complement: null });
  });

  test("the noon cut-off is read in the customer's own time zone", async () => {
    s.clock.set(new Date('2026-11-23T15:30:00Z')); // 12:30 in São Paulo, 11:30 in Manaus
    const sp = await customerAtVisit();
    const am = await customerAtVisit({ state: 'AM', city: 1302603 });
    const tuesday = booking({ state: 'AM', city: 'Manaus' });
    expect((await call(s, 'POST', '/portal/customers/scheduling', booking(), { token: sp.token })).body).toMatchObject({ code: 4220, reason: 'cutoff' });
    const r = await call(s, 'POST', '/portal/customers/scheduling', tuesday, { token: am.token });
    expect(r.status).toBe(201);
    expect((r.body.data as { schedule: string }).schedule).toBe('2026-11-24T09:00:00-04:00');
  });
});

describe('cancel and reschedule', () => {
  test('allowed until exactly 24 hours before the visit, then refused with the spec message', async () => {
    const c = await customerAtVisit();
    const id = ((await call(s, 'POST', '/portal/customers/scheduling', booking({ date: '2026-11-25', time: '10:00' }), { token: c.token })).body.data as { id: number }).id;
    // the visit: Wednesday 25 at 10:00 in São Paulo = 13:00 UTC
    s.clock.set(new Date('2026-11-24T13:01:00Z'));
    const late = await call(s, 'DELETE', `/portal/customers/scheduling/${id}`, undefined, { token: c.token });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 4095, message: 'Sua visita está muito próxima, não é possível cancelar' });
    const lateMove = await call(s, 'PUT', `/portal/customers/scheduling/${id}`, booking({ date: '2026-11-27' }), { token: c.token });
    expect(lateMove.body).toMatchObject({ code: 4095 });
    expect(await visitStep(c.token)).toBe('TECHNICAL_VISIT:PENDING');
    s.clock.set(new Date('2026-11-24T13:00:00Z'));
    const ok = await call(s, 'DELETE', `/portal/customers/scheduling/${id}`, undefined, { token: c.token });
    expect(ok.status).toBe(200);
    // no current visit: the one just cancelled comes with it, for its day and address
    expect(ok.body).toMatchObject({ data: null, cancelled: { id, status: 'CANCELLED', date: '2026-11-25', address: 'Avenida Paulista' } });
    expect(await visitStep(c.token)).toBe('TECHNICAL_VISIT:NOT_DONE');
    // and the customer may book again
    expect((await call(s, 'POST', '/portal/customers/scheduling', booking({ date: '2026-11-27' }), { token: c.token })).status).toBe(201);
  });

  test('a reschedule moves the day; a confirmed visit goes back to requested; another customer cannot touch it', async () => {
    const c = await customerAtVisit();
    const other = await customerAtVisit();
    // Wednesday: more than 24 hours away (Tuesday 09:00 would be 23 hours away, too close to move)
    const id = ((await call(s, 'POST', '/portal/customers/scheduling', booking({ date: '2026-11-25' }), { token: c.token })).body.data as { id: number }).id;
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'CONFIRMED_SCHEDULE' }, { token: staffToken })).status).toBe(200);
    expect((await call(s, 'DELETE', `/portal/customers/scheduling/${id}`, undefined, { token: other.token })).status).toBe(404);
    expect((await call(s, 'PUT', `/portal/customers/scheduling/${id}`, booking({ date: '2026-11-20' }), { token: c.token })).body).toMatchObject({ code: 4220 });
    const r = await call(s, 'PUT', `/portal/customers/scheduling/${id}`, booking({ date: '2026-11-26', time: '16:00', number: '1200' }), { token: c.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, date: '2026-11-26', time: '16:00', number: '1200', status: 'UNCONFIRMED_APPOINTMENT' });
    const process = await call(s, 'GET', `/admin/customers/${c.id}/process`, undefined, { token: staffToken });
    expect(process.body.state).toEqual({ technicalVisit: 'requested' });
  });
});

describe('staff', () => {
  test('confirm, then accomplished and approved: process, notifications and audit move together', async () => {
    const c = await customerAtVisit();
    await call(s, 'POST', '/portal/customers/scheduling', booking(), { token: c.token });
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'CONFIRMED_SCHEDULE' }, { token: c.token })).status).toBe(403);
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'ACCOMPLISHED_AND_APPROVED' }, { token: staffToken })).body).toMatchObject({ code: 4090 });
    const confirmed = await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'CONFIRMED_SCHEDULE' }, { token: staffToken });
    expect(confirmed.body.data).toMatchObject({ status: 'CONFIRMED_SCHEDULE' });
    expect((await notifications(c.token))[0]).toBe('Sua visita técnica está confirmada para 24/11/2026 às 09:00.');
    s.clock.set(new Date('2026-11-24T12:00:00Z')); // 09:00 in São Paulo: the visit's booked start
    const done = await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'ACCOMPLISHED_AND_APPROVED' }, { token: staffToken });
    expect(done.body.data).toMatchObject({ status: 'ACCOMPLISHED_AND_APPROVED' });
    expect(await steps(c.token)).toEqual(expect.arrayContaining(['TECHNICAL_VISIT:APPROVED', 'SIGNATURE:NOT_DONE']));
    expect((await notifications(c.token))[0]).toBe(messages['notification.visit.approved']);
    expect((await call(s, 'GET', '/portal/customers/scheduling', undefined, { token: c.token })).body.data).toMatchObject({ status: 'ACCOMPLISHED_AND_APPROVED' });
    const trail = (await call(s, 'GET', `/admin/audit?customer_id=${c.id}`, undefined, { token: staffToken })).body.data as { action: string; staff_email: string }[];
    expect(trail.map((a) => a.action).slice(0, 2)).toEqual(['visit:ACCOMPLISHED_AND_APPROVED', 'visit:CONFIRMED_SCHEDULE']);
  });

  test('done and not approved: the visit step is DENIED', async () => {
    const c = await customerAtVisit();
    await call(s, 'POST', '/portal/customers/scheduling', booking(), { token: c.token });
    await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'CONFIRMED_SCHEDULE' }, { token: staffToken });
    s.clock.set(new Date('2026-11-24T15:00:00Z')); // noon in São Paulo, after the 09:00 visit
    const r = await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'DONE_AND_NOT_APPROVED' }, { token: staffToken });
    expect(r.body.data).toMatchObject({ status: 'DONE_AND_NOT_APPROVED' });
    expect(await visitStep(c.token)).toBe('TECHNICAL_VISIT:DENIED');
  });

  test('an outcome before the booked time is refused unless staff confirm an early visit (audited as early)', async () => {
    const c = await customerAtVisit();
    await call(s, 'POST', '/portal/customers/scheduling', booking(), { token: c.token });
    await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'CONFIRMED_SCHEDULE' }, { token: staffToken });
    s.clock.set(new Date('2026-11-24T11:59:00Z')); // 08:59 in São Paulo, a minute before the 09:00 visit
    for (const status of ['ACCOMPLISHED_AND_APPROVED', 'DONE_AND_NOT_APPROVED']) {
      const refused = await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status }, { token: staffToken });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 4096, message: messages['visit.outcomeTooEarly'], schedule: '2026-11-24T09:00:00-03:00' });
    }
    // nothing moved: the visit is still confirmed, the step still PENDING, and the customer was not told
    expect((await call(s, 'GET', '/portal/customers/scheduling', undefined, { token: c.token })).body.data).toMatchObject({ status: 'CONFIRMED_SCHEDULE' });
    expect(await visitStep(c.token)).toBe('TECHNICAL_VISIT:PENDING');
    expect((await notifications(c.token))[0]).toBe('Sua visita técnica está confirmada para 24/11/2026 às 09:00.');
    // confirming and cancelling are not outcomes: no flag needed (cancelling checked below)
    const early = await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'ACCOMPLISHED_AND_APPROVED', early: true }, { token: staffToken });
    expect(early.status).toBe(200);
    expect(early.body.data).toMatchObject({ status: 'ACCOMPLISHED_AND_APPROVED' });
    expect(await visitStep(c.token)).toBe('TECHNICAL_VISIT:APPROVED');
    const trail = (await call(s, 'GET', `/admin/audit?customer_id=${c.id}`, undefined, { token: staffToken })).body.data as { action: string; after: unknown }[];
    expect(trail[0]).toMatchObject({ action: 'visit:ACCOMPLISHED_AND_APPROVED', after: expect.objectContaining({ early: true }) });
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'DONE_AND_NOT_APPROVED', early: 'yes' }, { token: staffToken })).status).toBe(400);
  });

  test('staff may cancel inside 24 hours; the customer is told', async () => {
    const c = await customerAtVisit();
    await call(s, 'POST', '/portal/customers/scheduling', booking(), { token: c.token });
    s.clock.set(new Date('2026-11-24T11:00:00Z'));
    const r = await call(s, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'CANCELLED' }, { token: staffToken });
    expect(r.status).toBe(200);
    expect(await visitStep(c.token)).toBe('TECHNICAL_VISIT:NOT_DONE');
    expect((await notifications(c.token))[0]).toContain('foi cancelada');
  });

  test('blocked days: listed publicly, refused at booking, opened again; audited', async () => {
    const c = await customerAtVisit();
    expect((await call(s, 'PUT', '/admin/config-calendar/2026-12-01', { reason: 'Inventário' }, { token: c.token })).status).toBe(403);
    expect((await call(s, 'PUT', '/admin/config-calendar/2026-13-01', {}, { token: staffToken })).status).toBe(400);
    expect((await call(s, 'PUT', '/admin/config-calendar/2026-12-01', { reason: 'Inventário' }, { token: staffToken })).status).toBe(200);
    expect((await call(s, 'GET', '/portal/config-calendar')).body.data).toContain('2026-12-01');
    expect((await call(s, 'POST', '/portal/customers/scheduling', booking({ date: '2026-12-01' }), { token: c.token })).body).toMatchObject({ code: 4220, reason: 'blocked' });
    expect((await call(s, 'DELETE', '/admin/config-calendar/2026-12-01', undefined, { token: staffToken })).status).toBe(200);
    expect((await call(s, 'GET', '/portal/config-calendar')).body.data).not.toContain('2026-12-01');
    expect((await call(s, 'POST', '/portal/customers/scheduling', booking({ date: '2026-12-01' }), { token: c.token })).status).toBe(201);
    const trail = (await call(s, 'GET', '/admin/audit', undefined, { token: staffToken })).body.data as { action: string }[];
    expect(trail.map((a) => a.action)).toEqual(expect.arrayContaining(['calendar:block', 'calendar:unblock']));
  });
});
