import type { EventObject } from 'xstate';
import type { ProcessEvent } from '../../machines/process/processMachine';
import type { TestServer } from '../support/server';
import { call, type Call } from '../support/flows';
import { fixture, upload } from '../support/uploads';

/**
 * Moves a real customer's process on the in-process server the way its callers do: customer
 * events through the customer's own endpoints (plan simulation, bill upload, initial-proposal
 * approval) and staff events through the staff endpoints. Shared by the process paths (API level)
 * and the journey paths (screens), so a sample customer "at the final proposal" is made the same
 * way everywhere.
 */
export interface ServerCustomer { id: number; token: string; phone: string }

export function processDriver(server: TestServer, staffToken: string) {
  const staff = (method: string, path: string, body?: unknown) => call(server, method, `/admin${path}`, body, { token: staffToken });
  const processOf = async (c: ServerCustomer) => {
    const r = await staff('GET', `/customers/${c.id}/process`);
    if (r.status !== 200) throw new Error(`staff view of customer ${c.id} answered ${r.status}`);
    return r.body as { state: unknown; version: number; steps: unknown[] };
  };

  /** Does one process event; the endpoint's answer. */
  async function drive(c: ServerCustomer, event: EventObject): Promise<Call> {
    switch (event.type) {
      case 'simulation.done':
        // the bill page's one-time simulation (MAX plan, 20 years) of a bill the sizing engine fits
        return call(server, 'POST', '/portal/customers/plan-simulated', { bill_value: 600, deadline_years: 20, nivel: 'MAX' }, { token: c.token });
      case 'bill.submitted':
        return upload(server, '/portal/customers/bills?is_holder=true', { bytes: fixture('photo-bill.png'), name: 'foto.png' }, { token: c.token });
      case 'bill.approved':
        return staff('PUT', `/customers/${c.id}/bill`, { status: 'APPROVED', version: (await processOf(c)).version });
      case 'bill.disapproved': {
        const { justification } = event as { justification?: string };
        // no justification in the sample: the machine lets a new bill be sent, as 'ilegível ou incompleta' does
        return staff('PUT', `/customers/${c.id}/bill`, { status: 'DISAPPROVED', justification: justification ?? 'ilegível ou incompleta', version: (await processOf(c)).version });
      }
      case 'proposal.finalPublished':
        // staff publish the FINAL proposal through its own endpoint (sized from the bill)
        return staff('POST', `/customers/${c.id}/proposal/final`, {});
      case 'proposal.initialApproved':
        // the customer approves with their own token
        return call(server, 'PUT', `/admin/customers/${c.id}/approve/proposal`, undefined, { token: c.token });
      default: {
        const body: Record<string, unknown> = { type: event.type, version: (await processOf(c)).version };
        if (event.type === 'proposal.finalApproved') body.payment_type = (event as { paymentType?: string }).paymentType;
        return staff('POST', `/customers/${c.id}/events`, body);
      }
    }
  }

  /** Several events in a row; any refusal fails with the endpoint's answer. */
  async function move(c: ServerCustomer, events: ProcessEvent[]): Promise<void> {
    for (const event of events) {
      const r = await drive(c, event);
      if (r.status >= 300) throw new Error(`${event.type} answered ${r.status} ${JSON.stringify(r.body)}`);
    }
  }

  return { drive, move, processOf, staff };
}

/** From sign-up to the technical visit: simulation, bill approved (the initial proposal then goes out by itself), proposal approved. */
export const toTechnicalVisit: ProcessEvent[] = [
  { type: 'simulation.done' }, { type: 'bill.submitted' }, { type: 'bill.approved' }, { type: 'proposal.initialApproved' },
];
/** ... and on to the offer (plan choice or final proposal). */
export const toOffer: ProcessEvent[] = [
  ...toTechnicalVisit, { type: 'visit.requested' }, { type: 'visit.confirmed' }, { type: 'visit.approved' },
];
