import { applyProcessEvent } from '../../src/server/process/host';
import type { TestServer } from '../support/server';
import { call, lastCode, newAddress, newPhone, personalSignUp, requestCode, saveHolderData, sendRequiredDocuments, signOnPage, type Call } from '../support/flows';
import { fixture, upload } from '../support/uploads';

/**
 * Customer A of the access matrix, brought through the real calls so that every kind of customer
 * resource exists and has an id another customer can try. A subscription, a cash purchase and a
 * financed one exclude each other in the process, so A is three accounts:
 *  - the subscriber, as far as the project's follow-up: the bill file, the initial proposal, the
 *    visit, the employer partnership and employee badge, the client plan and card, the documents,
 *    the contracts and their signature keys, the project case with a file the customer sent and a
 *    message with the team's attachment, notifications;
 *  - two buyers, cash and financed, as far as the purchase documents: the bill file, the initial and
 *    final proposals, the visit, the purchase contracts and their signature keys (signed),
 *    notifications, and the paid invoice (cash) or the approved financing (financed).
 *
 * The visit is booked on the calendar of Monday 23 November 2026, 10:00 in São Paulo: the server's
 * clock must start there (VICTIM_CLOCK_START).
 */
export const VICTIM_CLOCK_START = new Date('2026-11-23T13:00:00Z');

/** The kinds of resource the matrix substitutes A's ids for. */
export interface VictimIds {
  customer: number;
  billFile: number;
  proposal: number;
  visit: number;
  clientPlan: number;
  document: number;
  contract: string;
  signatureKey: string;
  case: number;
  caseFile: number;
  message: number;
  notification: number;
  /** the id 'Aparelhos conectados' names the account's session by */
  session: string;
}

/** Every id of one of A's accounts, by resource kind (a buyer has no plan or case), with the markers that must never reach B. */
export interface Victim {
  name: 'subscriber' | 'cash buyer' | 'financed buyer';
  token: string;
  phone: string;
  email: string;
  ids: Pick<VictimIds, 'customer'> & Partial<VictimIds>;
}

const must = (what: string, r: Call, ...ok: number[]): Call => {
  if (!ok.includes(r.status)) throw new Error(`victim fixture, ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
};
const firstId = (what: string, list: unknown): number => {
  const id = (Array.isArray(list) ? (list[0] as { id?: unknown } | undefined)?.id : undefined);
  if (typeof id !== 'number') throw new Error(`victim fixture, ${what}: no id in ${JSON.stringify(list)}`);
  return id;
};

const BOOKING = {
  date: '2026-11-24', time: '09:00', phone: '(11) 98765-4321', cep: '01310-100', address: 'Avenida Paulista', number: '1000',
  complement: 'apto 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP',
};
const CONTRACT_DATA = { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' };

/** The staff members the fixtures need: support (the project's file request and mural), sales (partnership, final proposal, financing). */
export interface VictimStaff { support: string; sales: string }

/** The journey both accounts share: signed up, the bill analysed, the initial proposal approved, the visit booked and approved. */
async function withApprovedVisit(s: TestServer, time: string) {
  const phone = newPhone();
  await requestCode(s, phone, { type: 'SIGN_UP' });
  const proof = String((await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) })).body.phone_proof);
  const signUp = personalSignUp(phone, proof, { bill: 600 });
  const token = String(must('sign-up', await call(s, 'POST', '/portal/customers', signUp), 201).body.access_token);
  const as = { token };
  const id = Number((await call(s, 'GET', '/portal/customers', undefined, as)).body.id);
  must('simulation', await call(s, 'POST', '/portal/customers/plan-simulated', { bill_value: 600, deadline_years: 20, nivel: 'MAX' }, as), 200, 201);
  must('bill', await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, as), 201);
  // the initial proposal is written by the bill's analysis on the queue
  must('initial proposal', await call(s, 'PUT', `/admin/customers/${id}/approve/proposal`, undefined, as), 200);
  const visit = must('visit', await call(s, 'POST', '/portal/customers/scheduling', { ...BOOKING, time }, as), 201);
  for (const type of ['visit.confirmed', 'visit.approved'] as const) await applyProcessEvent(s.db, s.clock, id, { type });
  return { phone, email: signUp.email, token, as, id, visit: Number((visit.body.data as { id: number }).id) };
}

/** The reads every account lists its ids from. */
async function listedIds(s: TestServer, as: { token: string }, id: number) {
  const bills = must('bills', await call(s, 'GET', '/portal/customers/bills', undefined, as), 200);
  const proposals = must('proposals', await call(s, 'GET', `/portal/customers/${id}/proposal`, undefined, as), 200);
  const documents = must('documents', await call(s, 'GET', '/portal/customers/documents', undefined, as), 200);
  const notifications = must('notifications', await call(s, 'GET', '/portal/notifications', undefined, as), 200);
  const sessions = must('sessions', await call(s, 'GET', '/portal/customers/sessions', undefined, as), 200);
  const session = (sessions.body.data as { id?: unknown }[] | undefined)?.[0]?.id;
  if (typeof session !== 'string') throw new Error(`victim fixture, sessions: no id in ${JSON.stringify(sessions.body)}`);
  return {
    session,
    billFile: billFileId(bills.body),
    proposal: firstId('proposals', proposals.body.data),
    document: firstId('documents', documents.body.data),
    notification: firstId('notifications', notifications.body.data),
  };
}

/** A's subscriber account, as far as the project's follow-up. */
export async function victimWithEverything(s: TestServer, staff: VictimStaff): Promise<Victim> {
  const { phone, email, token, as, id, visit } = await withApprovedVisit(s, '09:00');

  // the employer partnership staff confirm, and the badge the bill page then asks for
  must('partnership', await call(s, 'PUT', `/admin/customers/${id}/partnership`, { has_partnership: true }, { token: staff.sales }), 200);
  must('badge', await upload(s, `/portal/client-partnership/${id}/emproyee-card`, { bytes: fixture('photo-bill.png'), name: 'cracha.png' }, as), 201);

  // plan, card, documents, holder data, contracts
  const signed = must('plan', await call(s, 'POST', '/portal/customers/plans/3/sign', undefined, as), 200);
  const clientPlan = Number((signed.body.data as { id: number }).id);
  const card = await call(s, 'POST', '/payments-sandbox/payment_token', {
    method: 'credit_card', data: { number: '4111111111111111', verification_value: '123', first_name: 'Ana', last_name: 'Souza', month: '12', year: String(s.clock.now().getUTCFullYear() + 5) },
  });
  must('checkout', await call(s, 'POST', '/portal/customers/checkout', { client_plan_id: clientPlan, token: card.body.id }, as), 201);
  await sendRequiredDocuments(s, as);
  await saveHolderData(s, as);
  const made = must('contracts', await call(s, 'POST', '/portal/customers/create_contracts', CONTRACT_DATA, as), 201);
  const contract = (made.body.contracts as { id: string; key: string }[])[0];
  if (!contract) throw new Error('victim fixture: no contract');

  // the project: case opened, a file asked for and sent, a message with the team's attachment
  await applyProcessEvent(s.db, s.clock, id, { type: 'contract.signed' });
  const opened = must('case', await call(s, 'POST', '/portal/customers_success/create', { client_id: id }, as), 200);
  const caseId = Number(opened.body.id);
  must('file request', await call(s, 'PUT', `/admin/customers/${id}/project/upload`, { available: true }, { token: staff.support }), 200);
  must('case file', await upload(s, `/portal/customers_success/${caseId}/upload`, { bytes: fixture('photo-bill.png'), name: 'foto.png' }, as), 201);
  const staged = must('attachment', await upload(s, `/admin/customers/${id}/project/attachments`, { bytes: fixture('cemig-clean-residential.pdf'), name: 'orcamento.pdf' }, { token: staff.support }), 201);
  must('message', await call(s, 'POST', `/admin/customers/${id}/project/messages`, { message: 'Segue o orçamento.', attachment_id: staged.body.id }, { token: staff.support }), 201);
  const mural = must('mural', await call(s, 'GET', `/portal/customers_success/${caseId}/get_messages`, undefined, as), 200);

  return {
    name: 'subscriber', token, phone, email,
    ids: {
      customer: id, visit, clientPlan, ...(await listedIds(s, as, id)),
      contract: contract.id, signatureKey: contract.key,
      case: caseId, caseFile: firstId('case files', mural.body.files), message: firstId('mural', mural.body.messages),
    },
  };
}

/**
 * One of A's buyer accounts. Cash: both purchase contracts signed, the invoice issued and paid (as
 * staff record a payment seen at the bank), the homologation document sent. Financed: staff
 * approve the financing, both contracts signed, the three financing documents sent.
 */
export async function buyerWithEverything(s: TestServer, staff: VictimStaff, paymentType: 'CASH_PURCHASE' | 'FINANCING'): Promise<Victim> {
  const financed = paymentType === 'FINANCING';
  const { phone, email, token, as, id, visit } = await withApprovedVisit(s, financed ? '16:00' : '14:00');
  must('final proposal', await call(s, 'POST', `/admin/customers/${id}/proposal/final`, {}, { token: staff.sales }), 200, 201);
  must('payment type', await call(s, 'PUT', '/portal/customers/approve/proposal_final', { payment_type: paymentType }, as), 200);
  if (financed) must('financing', await call(s, 'PUT', `/admin/customers/${id}/financing`, { status: 'APPROVED' }, { token: staff.sales }), 200);
  const made = must('purchase contracts', await call(s, 'POST', '/portal/customers/create_contracts', CONTRACT_DATA, as), 201);
  const contracts = made.body.contracts as { id: string; key: string }[];
  for (const c of contracts) await signOnPage(s, { phone }, c.key);
  if (!financed) {
    must('invoice', await call(s, 'PATCH', `/portal/customers/create/${id}/invoice`, undefined, as), 200);
    must('invoice paid', await call(s, 'PUT', `/admin/customers/${id}/invoice`, { invoice_status: 'PAID' }, { token: staff.sales }), 200);
  }
  const form = new FormData();
  for (const field of financed ? ['document', 'proof_of_address', 'proof_of_income'] : ['document']) {
    form.append(field, new Blob([Buffer.from(fixture('photo-bill.png'))], { type: 'image/png' }), `${field}.png`);
  }
  const sent = await s.fetch('/api/v1/portal/customers/documents/proposal', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': newAddress() }, body: form });
  if (sent.status !== 201) throw new Error(`victim fixture, purchase documents: ${sent.status} ${await sent.text()}`);
  const contract = contracts[0];
  if (!contract) throw new Error('victim fixture: no purchase contract');
  return {
    name: financed ? 'financed buyer' : 'cash buyer', token, phone, email,
    ids: { customer: id, visit, ...(await listedIds(s, as, id)), contract: contract.id, signatureKey: contract.key },
  };
}

/** The bill list's newest file id, whatever the list nests it under. */
function billFileId(body: Record<string, unknown>): number {
  const text = JSON.stringify(body);
  const m = /"(?:client_bill_file_id|file_id|bill_file_id)":(\d+)/.exec(text) ?? /"id":(\d+)/.exec(text);
  if (!m) throw new Error(`victim fixture: no bill file id in ${text}`);
  return Number(m[1]);
}
