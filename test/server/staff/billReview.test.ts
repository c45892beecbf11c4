import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

/**
 * The analyst's work (issue 14): the bills the assistant sent to WAITING wait in the home's queue,
 * oldest first; approving with a corrected value sizes the proposal from the correction, the audit
 * line keeps what was read and what was decided, and the customer's process moves on.
 */
let s: TestServer;
let analyst: string;
beforeAll(async () => {
  s = await createTestServer();
  analyst = (await createStaff(s.db, s.clock, 'Analista', `analista.${process.pid}@empresa.com.br`, ['analyst'])).token;
});
afterAll(async () => { await s.close(); });

async function waitingCustomer() {
  const c = await signUpNewCustomer(s);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
  // a photo of a bill: read by OCR, so a person looks (WAITING)
  await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('photo-bill.png'), name: 'foto.png' }, { token: c.token });
  return { ...c, id: Number(me.body.id), name: String(me.body.name) };
}

describe('bill review', () => {
  test('the queue lists WAITING bills oldest first with the reader\'s reasons; the summary counts them', async () => {
    const first = await waitingCustomer();
    s.clock.advance(60_000);
    const second = await waitingCustomer();
    const summary = await call(s, 'GET', '/admin/queues', undefined, { token: analyst });
    const bills = (summary.body.data as { key: string; count: number; oldest: string }[]).find((q) => q.key === 'bills');
    expect(bills?.count).toBeGreaterThanOrEqual(2);
    const list = await call(s, 'GET', '/admin/queues/bills', undefined, { token: analyst });
    const ids = (list.body.data as { customer_id: number }[]).map((i) => i.customer_id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect((list.body.data as { customer_id: number; note: string | null }[]).find((i) => i.customer_id === first.id)?.note).toContain('ocr-reading');
    expect((await call(s, 'GET', '/admin/queues/nada', undefined, { token: analyst })).status).toBe(404);
  });

  test('approving with a corrected value and consumption: the bill carries them, the audit keeps both, the process moves on', async () => {
    const c = await waitingCustomer();
    const view = await call(s, 'GET', `/admin/customers/${c.id}/process`, undefined, { token: analyst });
    const r = await call(s, 'PUT', `/admin/customers/${c.id}/bill`, {
      status: 'APPROVED', version: view.body.version, corrections: { value: 612.35, consumption: 710, consumer_class: 'RESIDENCIAL' },
    }, { token: analyst });
    expect(r.status).toBe(200);
    expect(Number(r.body.version)).toBe(Number(view.body.version) + 1);
    const bills = await call(s, 'GET', '/portal/customers/bills', undefined, { token: c.token });
    expect(bills.body.billValues).toMatchObject({ status: 'APPROVED', value: 612.35, consumption: 710, consumer_class: 'RESIDENCIAL' });
    const admin = (await createStaff(s.db, s.clock, 'Admin', `admin.${process.pid}.${c.id}@empresa.com.br`, ['admin'])).token;
    const trail = await call(s, 'GET', `/admin/audit?customer_id=${c.id}`, undefined, { token: admin });
    expect(trail.body.data).toEqual([expect.objectContaining({
      action: 'bill:APPROVED',
      before: expect.objectContaining({ status: 'WAITING' }),
      after: expect.objectContaining({ status: 'APPROVED', value: 612.35, consumption: 710 }),
    })]);
    // the bill left the queue
    const list = await call(s, 'GET', '/admin/queues/bills', undefined, { token: analyst });
    expect((list.body.data as { customer_id: number }[]).map((i) => i.customer_id)).not.toContain(c.id);
  });

  test('corrections only come with an approval', async () => {
    const c = await waitingCustomer();
    const view = await call(s, 'GET', `/admin/customers/${c.id}/process`, undefined, { token: analyst });
    const r = await call(s, 'PUT', `/admin/customers/${c.id}/bill`, {
      status: 'DISAPPROVED', justification: 'Conta ilegível', version: view.body.version, corrections: { value: 100 },
    }, { token: analyst });
    expect(r.status).toBe(400);
  });
});
