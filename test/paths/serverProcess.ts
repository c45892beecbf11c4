import type { EventObject } from 'xstate';
import type { ProcessEvent } from '../../machines/process/processMachine';
import type { TestServer } from '../support/server';
import { call, lastCode, newAddress, type Call } from '../support/flows';
import type { SupplyFacts } from '../../src/shared/payment/rules';
import { fixture, upload } from '../support/uploads';
import { PROJECT_STATUS_EVENTS } from '../../machines/process/states/project';

/** The project's staff events, each sent as the status it reaches (PUT .../project/status). */
const PROJECT_STATUS_BY_EVENT = new Map<string, string>(Object.entries(PROJECT_STATUS_EVENTS).map(([status, type]) => [type, status]));

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
      case 'proposal.finalApproved': {
        // as a buyer does it: staff publish the FINAL proposal when there is none, the customer chooses
        const list = await call(server, 'GET', `/portal/customers/${c.id}/proposal`, undefined, { token: c.token });
        if (!(list.body.data as { type: string }[] | undefined)?.some((x) => x.type === 'FINAL')) {
          const published = await staff('POST', `/customers/${c.id}/proposal/final`, {});
          if (published.status >= 300) return published;
        }
        return call(server, 'PUT', '/portal/customers/approve/proposal_final', { payment_type: (event as { paymentType?: string }).paymentType }, { token: c.token });
      }
      case 'purchase.contractSigned': {
        // the contract data, then the purchase contract signed on the signing page (financing: approved first)
        const me = await call(server, 'GET', '/portal/customers', undefined, { token: c.token });
        if (me.body.payment_type === 'FINANCING') {
          const approved = await staff('PUT', `/customers/${c.id}/financing`, { status: 'APPROVED' });
          if (approved.status >= 300) return approved;
        }
        const made = await call(server, 'POST', '/portal/customers/create_contracts', { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' }, { token: c.token });
        if (made.status >= 300) return made;
        return signOnPage(c, (made.body.contracts as { type: string; key: string }[]).find((x) => x.type === 'PURCHASE_CONTRACT')!.key);
      }
      case 'supply.requested': {
        // everything the facts say, done through the buyer's and staff's endpoints, then step_supply
        const { facts } = event as unknown as { facts: SupplyFacts };
        const listed = await call(server, 'GET', '/portal/customers/contracts', undefined, { token: c.token });
        const procuration = (listed.body.contracts as { type: string; key: string; is_client_signed: boolean }[]).find((x) => x.type === 'POWER_OF_ATTORNEY');
        if (procuration && !procuration.is_client_signed) {
          const signed = await signOnPage(c, procuration.key);
          if (signed.status >= 300) return signed;
        }
        if (facts.paymentType === 'CASH_PURCHASE' && facts.invoicePaid) {
          const invoice = await call(server, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token });
          if (invoice.status >= 300) return invoice;
          const paid = await staff('PUT', `/customers/${c.id}/invoice`, { invoice_status: 'PAID' });
          if (paid.status >= 300) return paid;
        }
        const fields = [...(facts.documentSent ? ['document'] : []), ...(facts.proofOfAddressSent ? ['proof_of_address'] : []), ...(facts.proofOfIncomeSent ? ['proof_of_income'] : [])];
        if (fields.length) {
          const form = new FormData();
          for (const field of fields) form.append(field, new Blob([Buffer.from(fixture('photo-bill.png'))]), `${field}.png`);
          const res = await server.fetch('/api/v1/portal/customers/documents/proposal', { method: 'POST', headers: { Authorization: `Bearer ${c.token}`, 'X-Forwarded-For': newAddress() }, body: form });
          if (res.status >= 300) return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
        }
        return call(server, 'PATCH', '/portal/customers/step_supply', undefined, { token: c.token });
      }
      default: {
        const projectStatus = PROJECT_STATUS_BY_EVENT.get(event.type);
        if (projectStatus) return staff('PUT', `/customers/${c.id}/project/status`, { status: projectStatus, version: (await processOf(c)).version });
        const body: Record<string, unknown> = { type: event.type, version: (await processOf(c)).version };
        if (event.type === 'proposal.finalApproved') body.payment_type = (event as { paymentType?: string }).paymentType;
        return staff('POST', `/customers/${c.id}/events`, body);
      }
    }
  }

  /** The signing page's two calls, as the frame makes them: a code to the verified phone, then the signature. */
  async function signOnPage(c: ServerCustomer, key: string): Promise<Call> {
    const secret = `process-path-secret-${Math.random().toString(36).slice(2)}-0123456789`;
    const post = async (path: string, body: unknown): Promise<Call> => {
      const res = await server.fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
      return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
    };
    const sent = await post(`/sign/${key}/code`, { secret });
    if (sent.status >= 300) return sent;
    return post(`/sign/${key}`, { secret, code: await lastCode(server, c.phone), consent: true });
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
