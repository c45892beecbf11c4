import type { ProcessEvent } from '#machines/process/processMachine';
import { ErrorCode } from '#shared/errors';
import type { StaffEventRequest } from '#shared/process/payloads';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import { ApiError } from '../http/errors';
import { byStaff, customerSteps, loadProcess, moveProcess } from './host';

/** A customer's process as staff read it: the machine's state, its version and the steps derived from it. */
export async function processView(db: Db, customerId: number) {
  const p = await loadProcess(db, customerId);
  if (!p) throw new ApiError(404, ErrorCode.NOT_FOUND);
  return { state: p.snapshot.value, version: p.version, steps: await customerSteps(db, customerId) };
}

/**
 * POST admin/customers/{id}/events: a staff member sends an event to the customer's process, refused
 * when the version they saw is stale. The machine's reactions come with it in the same transaction:
 * the audit line, the final approval's payment type on the customer, the notices (a visit event sent
 * this way has no visit row, so it names none and tells the customer nothing).
 */
export async function sendStaffEvent(deps: Pick<AppDeps, 'db' | 'clock'>, staffId: number, id: number, body: StaffEventRequest): Promise<void> {
  const { db, clock } = deps;
  if (!(await loadProcess(db, id))) throw new ApiError(404, ErrorCode.NOT_FOUND);
  const event = (body.type === 'proposal.finalApproved'
    ? { type: body.type, paymentType: body.payment_type ?? 'CASH_PURCHASE' }
    : { type: body.type }) as ProcessEvent;
  await moveProcess(db, clock, id, event, { by: byStaff(staffId), expectedVersion: body.version });
}
