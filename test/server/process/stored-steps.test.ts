import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { createActor } from 'xstate';
import { processMachine } from '#machines/process/processMachine';
import { stepsFromSnapshot } from '#machines/process/steps';
import { processSnapshots } from '../../../src/server/platform/db/schema';
import { applyProcessEvent, byCustomer, moveProcess, moveProcessIn } from '../../../src/server/process/host';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpCustomerWithId } from '../../support/flows';

/**
 * The steps a customer sees are stored with each process snapshot, written with it and derived by
 * the machine's own stepsFromSnapshot, so reading them (steps, menu, profile) runs no machine.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const newCustomer = () => signUpCustomerWithId(s);
async function storedRow(id: number) {
  const [row] = await s.db.select().from(processSnapshots).where(eq(processSnapshots.customerId, id));
  if (!row) throw new Error('no process row');
  return row;
}
/** What the machine derives from the stored snapshot (the rehydration reads no longer do). */
const derived = (snapshot: unknown, id: number) =>
  stepsFromSnapshot(createActor(processMachine, { snapshot: snapshot as never, input: {} }).getSnapshot(), id);
const steps = async (token: string) => (await call(s, 'GET', '/portal/customers/steps', undefined, { token })).body.data;
const profileSteps = async (token: string) => (await call(s, 'GET', '/portal/customers', undefined, { token })).body.steps;

describe('steps stored with the process snapshot', () => {
  test('sign-up stores the first snapshot with its steps', async () => {
    const { id } = await newCustomer();
    const row = await storedRow(id);
    expect(row.steps).toEqual([
      { client_id: id, type: 'SIMULATION', status: 'NOT_DONE' },
      { client_id: id, type: 'BILL', status: 'NOT_DONE' },
    ]);
    expect(row.steps).toEqual(derived(row.snapshot, id));
  });

  test('every move writes the steps derived from its new snapshot; steps and profile answer them', async () => {
    const { id, token } = await newCustomer();
    await applyProcessEvent(s.db, s.clock, id, { type: 'bill.submitted' });
    let row = await storedRow(id);
    expect(row.steps).toEqual([
      { client_id: id, type: 'SIMULATION', status: 'NOT_DONE' },
      { client_id: id, type: 'BILL', status: 'PENDING' },
    ]);
    await moveProcess(s.db, s.deps, id, { type: 'simulation.done' }, { by: byCustomer });
    row = await storedRow(id);
    expect(row.version).toBe(3);
    expect(row.steps).toEqual(derived(row.snapshot, id));
    expect(row.steps?.map((x) => `${x.type}:${x.status}`)).toEqual(['SIMULATION:APPROVED', 'BILL:PENDING']);
    expect(await steps(token)).toEqual(row.steps);
    expect(await profileSteps(token)).toEqual(row.steps);
  });

  test('reads answer the stored steps without deriving them again', async () => {
    const { id, token } = await newCustomer();
    const marked = [{ client_id: id, type: 'SIMULATION', status: 'APPROVED' }];
    await s.db.update(processSnapshots).set({ steps: marked as never }).where(eq(processSnapshots.customerId, id));
    expect(await steps(token)).toEqual(marked);
    expect(await profileSteps(token)).toEqual(marked);
  });

  test('a move that rolls back leaves the stored steps as they were', async () => {
    const { id } = await newCustomer();
    const before = await storedRow(id);
    await expect(s.db.transaction(async (tx) => {
      await moveProcessIn(tx, s.deps, id, { type: 'bill.submitted' }, { by: byCustomer });
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    const after = await storedRow(id);
    expect(after.version).toBe(before.version);
    expect(after.steps).toEqual(before.steps);
  });
});

describe('snapshots stored before the steps were', () => {
  test('have their steps derived on the first read and kept', async () => {
    const { id, token } = await newCustomer();
    await applyProcessEvent(s.db, s.clock, id, { type: 'bill.submitted' });
    await applyProcessEvent(s.db, s.clock, id, { type: 'bill.approved' });
    await s.db.update(processSnapshots).set({ steps: null }).where(eq(processSnapshots.customerId, id));
    const expected = derived((await storedRow(id)).snapshot, id);
    expect(await steps(token)).toEqual(expected);
    expect((await storedRow(id)).steps).toEqual(expected);
  });

  test('the profile derives them too', async () => {
    const { id, token } = await newCustomer();
    await applyProcessEvent(s.db, s.clock, id, { type: 'simulation.done' });
    await s.db.update(processSnapshots).set({ steps: null }).where(eq(processSnapshots.customerId, id));
    const expected = derived((await storedRow(id)).snapshot, id);
    expect(await profileSteps(token)).toEqual(expected);
    expect((await storedRow(id)).steps).toEqual(expected);
  });
});
