import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { ProcessEvent } from '#machines/process/processMachine';
import { messages } from '#shared/messages';
import { customers, notifications, proposals, staffAudit } from '../../../src/server/platform/db/schema';
import {
  applyProcessEvent, byCustomer, byStaff, bySystem, customerSteps, loadProcess, moveProcess,
} from '../../../src/server/process/host';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';

/**
 * The process host performs the reactions the machine names (notify, audit, the initial proposal,
 * the payment type) in the transaction that stores the move.
 */
let s: TestServer;
let staffId: number;
beforeAll(async () => {
  s = await createTestServer();
  staffId = (await createStaff(s.db, s.clock, 'Caio', `caio.${process.pid}@empresa.com.br`)).id;
});
afterAll(async () => { await s.close(); });

async function newCustomerId(): Promise<number> {
  const { token } = await signUpNewCustomer(s);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token });
  return Number(me.body.id);
}
/** Puts the process in a state with bare moves (no reactions), as data repair would. */
async function bare(id: number, events: ProcessEvent[]): Promise<void> {
  for (const e of events) await applyProcessEvent(s.db, s.clock, id, e);
}
const toPreparing: ProcessEvent[] = [{ type: 'simulation.done' }, { type: 'bill.submitted' }];
const toVisit: ProcessEvent[] = [...toPreparing, { type: 'bill.approved' }, { type: 'proposal.initialSent' }, { type: 'proposal.initialApproved' }];
const bell = async (id: number) =>
  (await s.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.customerId, id)).orderBy(asc(notifications.id)))
    .map((n) => n.message);
const trail = (id: number) => s.db.select().from(staffAudit).where(eq(staffAudit.customerId, id)).orderBy(asc(staffAudit.id));

describe('reactions performed with the move', () => {
  test('an approved bill drafts the initial proposal and, onboarding over, sends it: one staff audit line ends where the follow-up left the process', async () => {
    const id = await newCustomerId();
    await bare(id, toPreparing);
    const move = await moveProcess(s.db, s.deps, id, { type: 'bill.approved' }, { by: byStaff(staffId), expectedVersion: 3 });
    expect(move.version).toBe(5); // bill.approved, then the portal's proposal.initialSent
    expect(move.steps.at(-1)).toEqual({ client_id: id, type: 'PROPOSAL_INITIAL', status: 'PENDING' });
    expect(await s.db.select({ type: proposals.type }).from(proposals).where(eq(proposals.customerId, id))).toEqual([{ type: 'INITIAL' }]);
    expect(await bell(id)).toEqual([messages['notification.proposal.initial']]);
    const lines = await trail(id);
    expect(lines).toHaveLength(1); // the portal's own follow-up move is not a staff action
    expect(lines[0]).toMatchObject({
      staffId, action: 'process:bill.approved',
      before: { state: { onboarding: { simulation: 'done', bill: 'inAnalysis' } }, version: 3 },
      after: { state: { proposalInitial: 'awaitingCustomer' }, version: 5 },
    });
  });

  test('an approved bill before the simulation drafts the proposal but sends it only when the simulation is done', async () => {
    const id = await newCustomerId();
    await bare(id, [{ type: 'bill.submitted' }]);
    await moveProcess(s.db, s.deps, id, { type: 'bill.approved' }, { by: bySystem });
    expect((await customerSteps(s.db, id)).map((x) => `${x.type}:${x.status}`)).toEqual(['SIMULATION:NOT_DONE', 'BILL:APPROVED']);
    expect(await s.db.select({ type: proposals.type }).from(proposals).where(eq(proposals.customerId, id))).toEqual([{ type: 'INITIAL' }]);
    expect(await bell(id)).toEqual([]);
    const move = await moveProcess(s.db, s.deps, id, { type: 'simulation.done' }, { by: byCustomer });
    expect(move.steps.at(-1)).toEqual({ client_id: id, type: 'PROPOSAL_INITIAL', status: 'PENDING' });
    expect(await bell(id)).toEqual([messages['notification.proposal.initial']]);
    expect(await trail(id)).toEqual([]); // neither the customer's nor the portal's moves are staff actions
  });

  test('a notice that cannot be written rolls the move back', async () => {
    const id = await newCustomerId();
    await bare(id, [...toPreparing, { type: 'bill.approved' }]);
    const before = await loadProcess(s.db, id);
    // the bell of this one customer refuses new messages
    await s.db.execute(sql.raw("CREATE OR REPLACE FUNCTION refuse_notification() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'bell out of order'; END $$ LANGUAGE plpgsql"));
    await s.db.execute(sql.raw(`CREATE TRIGGER refuse_notification_${id} BEFORE INSERT ON notifications FOR EACH ROW WHEN (NEW.customer_id = ${id}) EXECUTE FUNCTION refuse_notification()`));
    try {
      await expect(moveProcess(s.db, s.deps, id, { type: 'proposal.initialSent' }, { by: byStaff(staffId) })).rejects.toThrow(/bell out of order|Failed query/);
    } finally {
      await s.db.execute(sql.raw(`DROP TRIGGER refuse_notification_${id} ON notifications`));
    }
    const after = await loadProcess(s.db, id);
    expect(after?.version).toBe(before?.version);
    expect(after?.snapshot.value).toEqual(before?.snapshot.value);
    expect(await trail(id)).toEqual([]);
    // and with the bell working again the same move goes through
    await moveProcess(s.db, s.deps, id, { type: 'proposal.initialSent' }, { by: byStaff(staffId) });
    expect(await bell(id)).toEqual([messages['notification.proposal.initial']]);
  });

  test("visit notices name the visit; the customer's own cancel and a move with no visit tell nothing", async () => {
    const id = await newCustomerId();
    await bare(id, toVisit);
    const visit = { day: '2026-11-24', slot: '09:00' };
    await moveProcess(s.db, s.deps, id, { type: 'visit.requested' }, { by: byCustomer, visit });
    await moveProcess(s.db, s.deps, id, { type: 'visit.cancelled' }, { by: byCustomer, visit });
    await moveProcess(s.db, s.deps, id, { type: 'visit.requested' }, { by: byStaff(staffId) });
    await moveProcess(s.db, s.deps, id, { type: 'visit.cancelled' }, { by: byStaff(staffId), visit });
    expect(await bell(id)).toEqual([
      'Recebemos o seu pedido de visita técnica para 24/11/2026 às 09:00. Avisaremos quando for confirmada.',
      'Sua visita técnica de 24/11/2026 às 09:00 foi cancelada. Agende um novo dia quando quiser.',
    ]);
    expect((await trail(id)).map((a) => a.action)).toEqual(['process:visit.requested', 'process:visit.cancelled']);
  });

  test('a staff move with a subject files the process beside it, and the outcome after it', async () => {
    const id = await newCustomerId();
    await bare(id, [...toVisit, { type: 'visit.requested' }]);
    await moveProcess(s.db, s.deps, id, { type: 'visit.confirmed' }, {
      by: byStaff(staffId), visit: { day: '2026-11-24', slot: '09:00' },
      audit: { action: 'visit:CONFIRMED_SCHEDULE', subject: { before: { visit_id: 9, status: 'UNCONFIRMED_APPOINTMENT' }, after: { visit_id: 9, status: 'CONFIRMED_SCHEDULE' } }, outcome: { note: 'by phone' } },
    });
    const [line] = await trail(id);
    expect(line?.action).toBe('visit:CONFIRMED_SCHEDULE');
    expect(line?.before).toEqual({ visit_id: 9, status: 'UNCONFIRMED_APPOINTMENT', process: { technicalVisit: 'requested' }, version: 7 });
    expect(line?.after).toEqual({ visit_id: 9, status: 'CONFIRMED_SCHEDULE', process: { technicalVisit: 'confirmed' }, version: 8, note: 'by phone' });
  });

  test("choosing cash or financing records the payment type on the customer's record", async () => {
    const id = await newCustomerId();
    await bare(id, [...toVisit, { type: 'visit.requested' }, { type: 'visit.confirmed' }, { type: 'visit.approved' }]);
    await moveProcess(s.db, s.deps, id, { type: 'proposal.finalApproved', paymentType: 'FINANCING' }, { by: byCustomer });
    const [c] = await s.db.select({ kind: customers.subscriptionLending, paymentType: customers.paymentType }).from(customers)
      .where(eq(customers.id, id));
    expect(c).toEqual({ kind: 'LENDING', paymentType: 'FINANCING' });
  });

  test('a refused move performs nothing', async () => {
    const id = await newCustomerId();
    await expect(moveProcess(s.db, s.deps, id, { type: 'proposal.initialSent' }, { by: byStaff(staffId) })).rejects.toThrow(/refuses/);
    expect(await bell(id)).toEqual([]);
    expect(await trail(id)).toEqual([]);
  });
});
