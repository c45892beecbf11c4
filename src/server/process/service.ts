import type { ProcessEvent } from '#machines/process/processMachine';
import type { StaffEventRequest } from '#shared/process/payloads';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import { DomainError } from '../errors';
import { byStaff, customerSteps, loadProcess, moveProcess } from './host';

/** A customer's process as staff read it: the machine's state, its version and the steps derived from it. */
export async function processView(db: Db, customerId: number) {
  const p = await loadProcess(db, customerId);
  if (!p) throw new DomainError('NOT_FOUND');
  return { state: p.snapshot.value, version: p.version, steps: await customerSteps(db, customerId) };
}

/**
 * POST admin/customers/{id}/events: a staff member sends an event to the customer's process, refused
 * when the version they saw is stale. The machine's reactions come with it in the same transaction:
 * the audit line, the final approval's payment type on the customer, the notices (a visit event sent
 * this way has no visit row, so it names none and tells the customer nothing).
 */
export async function sendStaffEvent(deps: Pick<AppDeps, 'db' | 'clock' | 'reactions'>, staffId: number, id: number, body: StaffEventRequest): Promise<void> {
  const { db } = deps;
  if (!(await loadProcess(db, id))) throw new DomainError('NOT_FOUND');
  const event = (body.type === 'proposal.finalApproved'
    ? { type: body.type, paymentType: body.payment_type ?? 'CASH_PURCHASE' }
    : { type: body.type }) as ProcessEvent;
  await moveProcess(db, deps, id, event, { by: byStaff(staffId), expectedVersion: body.version });
}
