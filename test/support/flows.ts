import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { customers } from '../../src/server/platform/db/schema';
import type { TestServer } from './server';
import type { ProcessEvent } from '#machines/process/processMachine';
import { applyProcessEvent } from '../../src/server/process/host';
import { createStaff } from '../../src/server/staff/service';

/** Small helpers for API tests: one phone and one client address per test keep tests independent. */
let seq = 0;
export function newPhone(): string {
  seq += 1;
  // 55 + DDD 11 + 9 + 8 digits unique per worker and call
  return `55119${String(process.pid % 10_000).padStart(4, '0')}${String(seq).padStart(4, '0')}`;
}
export function newAddress(): string {
  seq += 1;
  return `10.${process.pid % 250}.${Math.floor(seq / 250) % 250}.${seq % 250}`;
}

export interface Call { status: number; body: Record<string, unknown>; headers: Headers }

/**
 * The phone-code request's `secret` a test's browser keeps: `call` adds it to a code request, a
 * code check or an e-mail resend that names none, so a test reads like the screens' calls. A test
 * about the secret itself passes its own (or `secret: undefined` to send none).
 */
export const TEST_REQUEST_SECRET = 'test-browser-request-secret-0123456789';
const CODE_PATHS = new Set(['/queue/sms', '/portal/login', '/portal/confirm-number', '/portal/customers/resend-login-code-by-email']);
const withRequestSecret = (path: string, body: unknown): unknown =>
  CODE_PATHS.has(path) && typeof body === 'object' && body !== null && !('secret' in body) ? { ...body, secret: TEST_REQUEST_SECRET } : body;

export async function call(
  s: TestServer, method: string, path: string, body?: unknown, opts: { token?: string; address?: string; headers?: Record<string, string> } = {},
): Promise<Call> {
  const headers: Record<string, string> = { 'Accept-Language': 'pt-BR', 'X-Forwarded-For': opts.address ?? newAddress(), ...opts.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const sent = withRequestSecret(path, body);
  const res = await s.fetch(`/api/v1${path}`, { method, headers, body: sent === undefined ? undefined : JSON.stringify(sent) });
  // a file (a PDF, an image) has no JSON body to read: its bytes are the caller's to fetch
  if (!/json/.test(res.headers.get('Content-Type') ?? '')) return { status: res.status, body: {}, headers: res.headers };
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

/** POST /queue/sms as the login or sign-up screen does (solved bot check, resend false). */
export async function requestCode(
  s: TestServer, phone: string, extra: Record<string, unknown> = {}, opts: { address?: string; headers?: Record<string, string> } = {},
): Promise<Call> {
  return call(s, 'POST', '/queue/sms', {
    phone, coupon: null, secret: TEST_REQUEST_SECRET, recaptcha: await s.solveBotCheck(), type: 'SIGN_IN', resend: false, ...extra,
  }, opts);
}

/** The newest code sent to a phone or e-mail (through the outbox). */
export async function lastCode(s: TestServer, to: string): Promise<string> {
  const [m] = await s.readOutbox(to);
  if (!m?.code) throw new Error(`no code in the outbox for ${to}`);
  return m.code;
}

export const personalSignUp = (phone: string, phone_proof: string, over: Record<string, unknown> = {}) => ({
  name: 'Maria da Silva',
  email: `maria.${phone}@example.com`,
  state: 'SP',
  city: 3550308, // São Paulo
  unit_type: 'RESIDENCIAL',
  bill: 350.5,
  phone,
  coupon: null,
  hasPartnership: false,
  terms: true,
  phone_proof,
  ...over,
});

export const businessSignUp = (phone: string, phone_proof: string, over: Record<string, unknown> = {}) => ({
  name: 'Padaria Sol Nascente Ltda',
  email: `contato.${phone}@example.com`,
  state: 'RJ',
  city: 3304557, // Rio de Janeiro
  unit_type: 'EMPRESA',
  bill: 2200,
  phone,
  coupon: 'solar10',
  document_type: 'CNPJ',
  document_value: '11.222.333/0001-81',
  terms: true,
  phone_proof,
  ...over,
});

/** Code by SMS, confirm-number, sign-up: a new customer's access token. */
export async function signUpNewCustomer(s: TestServer, phone = newPhone(), kind: 'personal' | 'business' = 'personal'): Promise<{ phone: string; token: string; email: string }> {
  await requestCode(s, phone, { type: 'SIGN_UP' });
  // the SMS goes out through the job queue, which a test server may leave to the test to run
  await s.drainQueue();
  const confirm = await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) });
  const proof = String(confirm.body.phone_proof);
  const payload = kind === 'personal' ? personalSignUp(phone, proof) : businessSignUp(phone, proof);
  const created = await call(s, 'POST', '/portal/customers', payload);
  if (created.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(created.body)}`);
  return { phone, token: String(created.body.access_token), email: payload.email };
}

/**
 * The customer signs in again from another browser (its own request secret, another address, the
 * User-Agent given): the new session's token. Moves the clock past the 30 s resend.
 */
export async function signInAgain(s: TestServer, phone: string, userAgent?: string): Promise<string> {
  s.clock.advance(31_000);
  const secret = `again-${Math.random().toString(36).slice(2)}-0123456789`;
  const headers = userAgent ? { 'User-Agent': userAgent } : undefined;
  const asked = await requestCode(s, phone, { secret }, { address: newAddress(), headers });
  if (asked.status !== 202) throw new Error(`code refused: ${JSON.stringify(asked.body)}`);
  await s.drainQueue();
  const r = await call(s, 'POST', '/portal/login', { phone, code: await lastCode(s, phone), secret }, { headers });
  if (r.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(r.body)}`);
  return String(r.body.access_token);
}

/** A new customer with their id (GET /portal/customers) beside the token. */
export async function signUpCustomerWithId(s: TestServer): Promise<{ id: number; token: string; phone: string }> {
  const { token, phone } = await signUpNewCustomer(s);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token });
  return { id: Number(me.body.id), token, phone };
}

/** The process moves from sign-up to the plan choice (SIGNATURE), as bare moves (no reactions). */
export const TO_PLAN_CHOICE: readonly ProcessEvent[] = [
  { type: 'simulation.done' }, { type: 'bill.submitted' }, { type: 'bill.approved' }, { type: 'proposal.initialSent' },
  { type: 'proposal.initialApproved' }, { type: 'visit.requested' }, { type: 'visit.confirmed' }, { type: 'visit.approved' },
];

/** A new customer (personal unless `kind` says business) whose visit was approved: at the plan choice. */
export async function customerAtPlanChoice(
  s: TestServer, opts: { kind?: 'personal' | 'business'; over?: Record<string, unknown> } = {},
): Promise<{ id: number; token: string; phone: string }> {
  const phone = newPhone();
  await requestCode(s, phone, { type: 'SIGN_UP' });
  const proof = String((await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) })).body.phone_proof);
  const body = opts.kind === 'business' ? businessSignUp(phone, proof, opts.over) : personalSignUp(phone, proof, opts.over);
  const created = await call(s, 'POST', '/portal/customers', body);
  if (created.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(created.body)}`);
  const token = String(created.body.access_token);
  const id = Number((await call(s, 'GET', '/portal/customers', undefined, { token })).body.id);
  for (const e of TO_PLAN_CHOICE) await applyProcessEvent(s.db, s.clock, id, e);
  return { id, token, phone };
}

/**
 * A new customer who chose the 20-year plan (bill R$ 600): at CHECKOUT, with their client plan id;
 * with `paid` the payment is set up too (an approved sandbox card, or a company's boleto day 10).
 */
export async function customerAtCheckout(
  s: TestServer, opts: { kind?: 'personal' | 'business'; paid?: boolean } = {},
): Promise<{ id: number; token: string; phone: string; planId: number }> {
  const c = await customerAtPlanChoice(s, { kind: opts.kind, over: { bill: 600 } });
  const signed = await call(s, 'POST', '/portal/customers/plans/3/sign', undefined, { token: c.token });
  if (signed.status !== 200) throw new Error(`sign: ${JSON.stringify(signed.body)}`);
  const planId = Number((signed.body.data as { id: number }).id);
  if (opts.paid) {
    const body = opts.kind === 'business' ? { client_plan_id: planId, expires_day: 10 } : {
      client_plan_id: planId,
      token: (await call(s, 'POST', '/payments-sandbox/payment_token', {
        method: 'credit_card', data: { number: '4111111111111111', verification_value: '123', first_name: 'Ana', last_name: 'Souza', month: '12', year: String(s.clock.now().getUTCFullYear() + 5) },
      })).body.id,
    };
    const paid = await call(s, 'POST', '/portal/customers/checkout', body, { token: c.token });
    if (paid.status !== 201) throw new Error(`checkout: ${JSON.stringify(paid.body)}`);
  }
  return { ...c, planId };
}

/** A valid CPF (check digits right) for holder forms and representatives. */
export const TEST_CPF = '52998224725';

/** POST /portal/customers/documents with the required files of the customer's kind, as the booking screen sends them. */
export async function sendRequiredDocuments(s: TestServer, c: { token: string }, kind: 'personal' | 'business' = 'personal'): Promise<void> {
  const png = new Uint8Array(readFileSync('test/fixtures/bills/photo-bill.png'));
  const form = new FormData();
  for (const field of kind === 'business' ? ['card', 'receipt', 'document'] : ['document']) form.append(field, new Blob([Buffer.from(png)]), `${field}.png`);
  const res = await s.fetch('/api/v1/portal/customers/documents', { method: 'POST', headers: { Authorization: `Bearer ${c.token}`, 'X-Forwarded-For': newAddress() }, body: form });
  if (res.status !== 201) throw new Error(`documents: ${res.status} ${await res.text()}`);
}

/** The holder form as the booking screen sends it (spec §5): a company's representative too. */
export async function saveHolderData(s: TestServer, c: { token: string }, kind: 'personal' | 'business' = 'personal'): Promise<{ signerPhone: string | null }> {
  // the representative's own phone (canonical without the 55), new each time: their signing codes go there
  const repPhone = newPhone().slice(2);
  const identity = { name: 'Maria Representante', document_value: TEST_CPF, email: 'rep@empresa.com.br', phone: repPhone };
  const consumer = { ...(kind === 'business' ? identity : {}), date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' };
  const saved = await call(s, 'PATCH', '/portal/customers/bills/owners', consumer, { token: c.token });
  if (saved.status !== 200) throw new Error(`owner: ${JSON.stringify(saved.body)}`);
  if (kind === 'business') {
    const rep = await call(s, 'POST', '/portal/customers/legitimates', identity, { token: c.token });
    if (rep.status !== 201) throw new Error(`legitimate: ${JSON.stringify(rep.body)}`);
    return { signerPhone: `55${repPhone}` };
  }
  return { signerPhone: null };
}

/** A customer whose contracts are generated (process at CONTRACT): paid, documents sent, holder data given. */
export async function customerAtContracts(
  s: TestServer, opts: { kind?: 'personal' | 'business' } = {},
): Promise<{ id: number; token: string; phone: string; signerPhone: string; contracts: { id: string; type: string; key: string; url: string }[] }> {
  const kind = opts.kind ?? 'personal';
  const c = await customerAtCheckout(s, { kind, paid: true });
  await sendRequiredDocuments(s, c, kind);
  const { signerPhone } = await saveHolderData(s, c, kind);
  const made = await call(s, 'POST', '/portal/customers/create_contracts', { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' }, { token: c.token });
  if (made.status !== 201) throw new Error(`contracts: ${JSON.stringify(made.body)}`);
  return { ...c, signerPhone: signerPhone ?? c.phone, contracts: made.body.contracts as { id: string; type: string; key: string; url: string }[] };
}

/** A staff member's bearer token on this server (a new staff account each call). */
export async function staffTokenOf(s: TestServer): Promise<{ id: number; token: string }> {
  return createStaff(s.db, s.clock, 'Equipe', `equipe.${process.pid}.${Math.random().toString(36).slice(2)}@empresa.com.br`);
}

/**
 * A buyer on the payment screen: the visit approved, the FINAL proposal published by staff and
 * approved with `paymentType` (process at CONTRACT, LENDING). With `contracts` the contract data is
 * given and the purchase contract and power of attorney generated (financing: staff approve first).
 */
export async function customerAtPayment(
  s: TestServer, paymentType: 'CASH_PURCHASE' | 'FINANCING', opts: { staff?: { id: number; token: string }; contracts?: boolean } = {},
): Promise<{ id: number; token: string; phone: string; staffToken: string; contracts: { id: string; type: string; key: string; url: string }[] }> {
  const staff = opts.staff ?? await staffTokenOf(s);
  const c = await customerAtPlanChoice(s, { over: { bill: 600 } });
  const published = await call(s, 'POST', `/admin/customers/${c.id}/proposal/final`, {}, { token: staff.token });
  if (published.status !== 201 && published.status !== 200) throw new Error(`final proposal: ${JSON.stringify(published.body)}`);
  const approved = await call(s, 'PUT', '/portal/customers/approve/proposal_final', { payment_type: paymentType }, { token: c.token });
  if (approved.status !== 200) throw new Error(`approve final: ${JSON.stringify(approved.body)}`);
  let contracts: { id: string; type: string; key: string; url: string }[] = [];
  if (opts.contracts) {
    if (paymentType === 'FINANCING') {
      const decided = await call(s, 'PUT', `/admin/customers/${c.id}/financing`, { status: 'APPROVED' }, { token: staff.token });
      if (decided.status !== 200) throw new Error(`financing: ${JSON.stringify(decided.body)}`);
    }
    const made = await call(s, 'POST', '/portal/customers/create_contracts', { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' }, { token: c.token });
    if (made.status !== 201) throw new Error(`purchase contracts: ${JSON.stringify(made.body)}`);
    contracts = made.body.contracts as typeof contracts;
  }
  return { ...c, staffToken: staff.token, contracts };
}

/**
 * A subscription customer whose contracts are signed (process at INSTALATION), by bare moves: the
 * project-status screen's starting point. With `opened` the case is opened as 'Acompanhar meu
 * projeto' opens it.
 */
export async function customerAtInstallation(
  s: TestServer, opts: { opened?: boolean } = {},
): Promise<{ id: number; token: string; phone: string; caseId: number | null }> {
  const c = await customerAtPlanChoice(s);
  for (const type of ['plan.signed', 'checkout.completed', 'contract.signed'] as const) await applyProcessEvent(s.db, s.clock, c.id, { type });
  if (!opened(opts)) return { ...c, caseId: null };
  const r = await call(s, 'POST', '/portal/customers_success/create', { client_id: c.id }, { token: c.token });
  if (r.status !== 200) throw new Error(`customers_success/create: ${r.status} ${JSON.stringify(r.body)}`);
  return { ...c, caseId: Number(r.body.id) };
}
const opened = (opts: { opened?: boolean }) => opts.opened ?? true;

/**
 * Signs a contract as its frame would, on our signing page: a code to the signer's phone, then the
 * signature with it. `c.signerPhone` where the signer is not the customer (a company's representative).
 */
export async function signOnPage(s: TestServer, c: { phone: string; signerPhone?: string }, key: string): Promise<void> {
  const post = (path: string, body: unknown) => s.fetch(path, {
    method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() },
  });
  const secret = `sign-secret-${Math.random().toString(36).slice(2)}-0123456789`;
  const sent = await post(`/sign/${key}/code`, { secret });
  if (sent.status !== 202) throw new Error(`code: ${sent.status}`);
  const signed = await post(`/sign/${key}`, { secret, code: await lastCode(s, c.signerPhone ?? c.phone), consent: true });
  if (signed.status !== 201) throw new Error(`sign: ${signed.status} ${await signed.text()}`);
}

/** Staff confirm a customer's employer partnership (the sign-up's own claim grants nothing). */
export async function confirmPartnership(s: TestServer, customerId: number): Promise<void> {
  await s.db.update(customers).set({ hasPartnership: true }).where(eq(customers.id, customerId));
}
