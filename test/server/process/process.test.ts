import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { processSnapshots } from '../../../src/server/platform/db/schema';
import { applyProcessEvent, customerSteps, loadProcess, ProcessEventRefused, ProcessVersionConflict } from '../../../src/server/process/host';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

async function newCustomerId(): Promise<{ id: number; token: string }> {
  const { token } = await signUpNewCustomer(s);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token });
  return { id: Number(me.body.id), token };
}

describe("the customer's persisted process", () => {
  test('an accepted event bumps the version, and GET /portal/customers/steps follows it', async () => {
    const { id, token } = await newCustomerId();
    const r = await applyProcessEvent(s.db, s.clock, id, { type: 'bill.submitted' }, 1);
    expect(r.version).toBe(2);
    const steps = await call(s, 'GET', '/portal/customers/steps', undefined, { token });
    expect(steps.body.data).toEqual([
      { client_id: id, type: 'SIMULATION', status: 'NOT_DONE' },
      { client_id: id, type: 'BILL', status: 'PENDING' },
    ]);
  });

  test('an event the state refuses changes nothing', async () => {
    const { id } = await newCustomerId();
    await expect(applyProcessEvent(s.db, s.clock, id, { type: 'contract.signed' })).rejects.toBeInstanceOf(ProcessEventRefused);
    expect((await loadProcess(s.db, id))?.version).toBe(1);
    expect((await customerSteps(s.db, id)).map((x) => x.status)).toEqual(['NOT_DONE', 'NOT_DONE']);
  });

  test('a staff action with a stale version is refused (optimistic concurrency)', async () => {
    const { id } = await newCustomerId();
    await applyProcessEvent(s.db, s.clock, id, { type: 'bill.submitted' }, 1);
    await expect(applyProcessEvent(s.db, s.clock, id, { type: 'bill.approved' }, 1)).rejects.toBeInstanceOf(ProcessVersionConflict);
    const r = await applyProcessEvent(s.db, s.clock, id, { type: 'bill.approved' }, 2);
    expect(r.steps.find((x) => x.type === 'BILL')?.status).toBe('APPROVED');
  });
});

describe('stored snapshots', () => {
  test('are stored active, so finishing simulation and bill (in either order) opens the initial proposal step', async () => {
    const { id } = await newCustomerId();
    for (const type of ['bill.submitted', 'bill.approved', 'simulation.done'] as const) await applyProcessEvent(s.db, s.clock, id, { type });
    expect((await customerSteps(s.db, id)).map((x) => `${x.type}:${x.status}`)).toEqual(['SIMULATION:APPROVED', 'BILL:APPROVED', 'PROPOSAL_INITIAL:NOT_DONE']);
    const [row] = await s.db.select().from(processSnapshots).where(eq(processSnapshots.customerId, id));
    expect((row?.snapshot as { status: string }).status).toBe('active');
  });

  test("a snapshot stored 'stopped' (before the fix) still moves on", async () => {
    const { id } = await newCustomerId();
    await applyProcessEvent(s.db, s.clock, id, { type: 'bill.submitted' });
    await applyProcessEvent(s.db, s.clock, id, { type: 'bill.approved' });
    const [row] = await s.db.select().from(processSnapshots).where(eq(processSnapshots.customerId, id));
    await s.db.update(processSnapshots).set({ snapshot: { ...(row?.snapshot as object), status: 'stopped' } }).where(eq(processSnapshots.customerId, id));
    await applyProcessEvent(s.db, s.clock, id, { type: 'simulation.done' });
    expect((await customerSteps(s.db, id)).at(-1)).toEqual({ client_id: id, type: 'PROPOSAL_INITIAL', status: 'NOT_DONE' });
  });
});
