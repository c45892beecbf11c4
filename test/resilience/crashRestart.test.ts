import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSuiteResults, type AttemptRow } from './results';
import { TO_PLAN_CHOICE } from '../support/flows';
import { systemClock } from '../../src/server/config';
import { openDatabase } from '../../src/server/platform/db/index';
import { applyProcessEvent } from '../../src/server/process/host';
import { formatDigitableLine, makeBoleto } from '../../src/server/providers/payments/boleto';
import { pixCode } from '../../src/server/providers/payments/pix';
import { createStaff } from '../../src/server/staff/service';
import { notificationMessages } from '../../src/shared/messages/notification';
import {
  api, BILL_PDF, createDatabase, dropDatabase, filesUnder, newPhone, randomAddress, requestCode, requestSecret, seeded, signUp, signUpBody,
  sleep, slowUpload, startServer, stepsOf, uploadBill, waitForMessages, waitForStep, type Portal,
} from './spawned';

/**
 * Crash and restart (issue 15): a real server process (src/server/main.ts) is killed with SIGKILL
 * in the middle of a customer's call, then started again on the same data: the pass's database
 * (PGlite in DATA_DIR, or a fresh PostgreSQL database on DATABASE_URL's server) and the same
 * uploads folder. Each kind of call is tried REPEATS times, killed at a different moment (seeded,
 * so every run kills at the same moments). After each restart the customer's next call must work;
 * at the end, with the server stopped, the data is read directly: no uploads row without its file,
 * no stored file without its row, no staging file left, every process snapshot at the version of
 * its last event, every job done, and exactly one SMS per accepted code request.
 */

const REPEATS = 3;
const random = seeded(15_2026);
const between = (lo: number, hi: number) => Math.round(lo + random() * (hi - lo));

const postgresServer = process.env.DATABASE_URL;
const databaseName = `portal_crash_${process.pid}`;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
const uploadsDir = join(dataDir, 'uploads');
let databaseUrl: string | undefined;
let server: Portal | null = null;

const rows = new Map<string, AttemptRow & { failures: string[] }>();
function tally(tried: string, ok: boolean, why = ''): void {
  const row = rows.get(tried) ?? { tried, times: 0, refused: 0, survived: 0, lost: 0, failures: [] };
  row.times += 1;
  if (ok) row.survived += 1;
  else { row.lost += 1; row.failures.push(why); }
  rows.set(tried, row);
}

/** accepted code requests per phone: the SMS each must produce exactly once */
const codesAsked = new Map<string, number>();
const asked = (phone: string) => codesAsked.set(phone, (codesAsked.get(phone) ?? 0) + 1);

/** set by the payment webhook step (PAYMENT_PROVIDER=iugu...): every restart after it keeps them */
const extraEnv: Record<string, string> = {};
const env = () => ({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...extraEnv });
const base = () => server!.url;

const ROW = {
  restart: 'Server started again on the same data after a SIGKILL (and no staging file of the killed upload left)',
  sms: 'SIGKILL 0-400 ms after a code request was queued (the SMS job queued or running); the code arrives (a second time only when its job ran again: see below) and confirms the phone',
  signUp: 'SIGKILL 0-120 ms into a sign-up (POST /portal/customers); the customer signs up or signs in afterwards',
  billStream: 'SIGKILL while a bill upload\'s multipart body is streaming; no row, no file, and the bill is sent again',
  billJob: 'SIGKILL 0-2 s after a bill was taken (the analysis job queued or running); it is analysed once and the proposal arrives',
  move: 'SIGKILL 0-150 ms into a process move (approving the initial proposal); approved once, snapshot in step',
  document: 'SIGKILL while a document upload\'s body streams in or is being stored; no row, no file, and the document is sent again',
  checkout: 'SIGKILL 0-30 ms into a card checkout (POST /portal/customers/checkout: the card pre-authorised, the payment recorded); set up once, and the documents are sent next',
  signature: 'SIGKILL 0-300 ms into signing a contract (POST /sign/{key}: the signed PDF stored, the signature recorded); signed once',
  webhook: 'SIGKILL 0-40 ms after Iugu\'s payment trigger was sent (POST /portal/webhooks/payments: Iugu asked again, the invoice settled); '
    + 'with the trigger sent again after the restart, the invoice is PAID and the customer told once',
} as const;

/** SIGKILL the server and start it on the same data; tallies whether it came back clean. */
async function killAndRestart(): Promise<void> {
  await server!.kill();
  try {
    server = await startServer(env());
    const staging = filesUnder(join(uploadsDir, '.staging'));
    tally(ROW.restart, staging.length === 0, `staging left: ${staging.join(', ')}`);
  } catch (e) {
    tally(ROW.restart, false, String(e));
    throw e;
  }
}

/** Code by SMS and confirm-number: the proof for sign-up. */
async function phoneProof(phone: string): Promise<string> {
  const secret = requestSecret();
  const queued = await requestCode(base(), phone, secret);
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  asked(phone);
  const [m] = await waitForMessages(base(), phone, codesAsked.get(phone)!);
  const confirm = await api(base(), 'POST', '/portal/confirm-number', { body: { phone, code: m!.code, secret } });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return String(confirm.body.phone_proof);
}

async function signIn(phone: string): Promise<string> {
  const secret = requestSecret();
  const queued = await requestCode(base(), phone, secret, { type: 'SIGN_IN' });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  asked(phone);
  const [m] = await waitForMessages(base(), phone, codesAsked.get(phone)!);
  const login = await api(base(), 'POST', '/portal/login', { body: { phone, code: m!.code, secret } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return String(login.body.access_token);
}

const ready: { token: string; id: number }[] = []; // customers at PROPOSAL_INITIAL PENDING
const booked: { token: string; id: number; phone: string }[] = []; // paid, documents sent
let iugu: FakeIugu | null = null;

describe('crash and restart (SIGKILL)', { timeout: 120_000 }, () => {
  afterAll(async () => {
    await server?.kill();
    await iugu?.close();
    if (databaseUrl) await dropDatabase(databaseName).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on fresh data', async () => {
    if (postgresServer) databaseUrl = await createDatabase(databaseName);
    server = await startServer(env());
  });

  it('the SMS queue: killed with a code request queued or running', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const phone = newPhone();
      const secret = requestSecret();
      const queued = await requestCode(base(), phone, secret);
      expect(queued.status).toBe(202);
      asked(phone);
      await sleep(between(0, 400));
      await killAndRestart();
      const messages = await waitForMessages(base(), phone, 1);
      await sleep(500); // a second sending would have arrived by now (the queue polls every 100 ms)
      const again = await waitForMessages(base(), phone, 1);
      const confirm = await api(base(), 'POST', '/portal/confirm-number', { body: { phone, code: messages[0]!.code, secret } });
      const created = await api(base(), 'POST', '/portal/customers', { body: signUpBody(phone, String(confirm.body.phone_proof)) });
      // the queue is at-least-once: a kill between the provider's sending and the job's done mark sends it again
      // (with a new code, the newest one counts); the last check holds every second SMS to a job that ran twice
      const newest = again[0]!.code;
      const confirmed = newest === messages[0]!.code ? confirm : await api(base(), 'POST', '/portal/confirm-number', { body: { phone, code: newest, secret } });
      const made = newest === messages[0]!.code ? created : await api(base(), 'POST', '/portal/customers', { body: signUpBody(phone, String(confirmed.body.phone_proof)) });
      if (again.length > 1) console.log(`SMS kill: ${again.length} SMS for one request (its job ran again)`);
      tally(ROW.sms, again.length <= 2 && confirmed.status === 200 && made.status === 201, `${again.length} SMS, confirm ${confirmed.status}, sign-up ${made.status}`);
    }
  });

  it('a sign-up: killed while the account is being created', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const phone = newPhone();
      const proof = await phoneProof(phone);
      const inFlight = api(base(), 'POST', '/portal/customers', { body: signUpBody(phone, proof) }).catch(() => null);
      await sleep(between(0, 120));
      await killAndRestart();
      const first = await inFlight;
      const retried = await api(base(), 'POST', '/portal/customers', { body: signUpBody(phone, proof) });
      let token: string;
      if (retried.status === 201) token = String(retried.body.access_token);
      else token = await signIn(phone); // the first one went through: the proof is spent, the account is there
      const me = await api(base(), 'GET', '/portal/customers', { token });
      tally(ROW.signUp, me.status === 200 && String(me.body.phone ?? phone).replace(/\D/g, '').endsWith(phone.slice(-8)),
        `first ${first?.status ?? 'cut'}, retried ${retried.status}, profile ${me.status}`);
    }
  });

  it('a bill upload: killed while the multipart body is streaming', async () => {
    const pdf = BILL_PDF();
    for (let i = 0; i < REPEATS; i++) {
      const c = await signUp(base());
      asked(c.phone);
      expect((await api(base(), 'POST', '/portal/customers/plan-simulated', { token: c.token, body: { bill_value: 420, deadline_years: 20, nivel: 'MAX' } })).status).toBe(200);
      const chunks = 20;
      await slowUpload(base(), '/portal/customers/bills?is_holder=true', c.token, 'file', pdf, 'conta.pdf', 'application/pdf', { chunks, sentBefore: between(1, chunks - 2), gapMs: 30 });
      await killAndRestart();
      const before = (await api(base(), 'GET', '/portal/customers/bills', { token: c.token })).body;
      const sent = await uploadBill(base(), c.token);
      let ok = sent.status === 201;
      if (ok) {
        await waitForStep(base(), c.token, 'PROPOSAL_INITIAL', 'PENDING').catch(() => { ok = false; });
        ready.push({ token: c.token, id: c.id });
      }
      const earlier = (before.billInfo ?? ['unreadable answer']) as unknown[];
      tally(ROW.billStream, ok && earlier.length === 0, `sent again ${sent.status}, bills before ${JSON.stringify(before)}`);
    }
  });

  it('the bill analysis: killed with the job queued or running', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const c = await signUp(base());
      asked(c.phone);
      expect((await api(base(), 'POST', '/portal/customers/plan-simulated', { token: c.token, body: { bill_value: 420, deadline_years: 20, nivel: 'MAX' } })).status).toBe(200);
      const sent = await uploadBill(base(), c.token);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      await sleep(between(0, 2000));
      await killAndRestart();
      let ok = true;
      await waitForStep(base(), c.token, 'PROPOSAL_INITIAL', 'PENDING').catch(() => { ok = false; });
      ready.push({ token: c.token, id: c.id });
      tally(ROW.billJob, ok, 'no initial proposal after the restart');
    }
  });

  it('a process move: killed while the initial proposal is being approved', async () => {
    for (const c of ready.slice(0, REPEATS)) {
      const inFlight = api(base(), 'PUT', `/admin/customers/${c.id}/approve/proposal`, { token: c.token }).catch(() => null);
      await sleep(between(0, 150));
      await killAndRestart();
      const first = await inFlight;
      const retried = await api(base(), 'PUT', `/admin/customers/${c.id}/approve/proposal`, { token: c.token });
      const steps = await stepsOf(base(), c.token);
      const initial = steps.find((s) => s.type === 'PROPOSAL_INITIAL');
      tally(ROW.move, (retried.status === 200 || retried.status === 409) && initial !== undefined && initial.status !== 'PENDING',
        `first ${first?.status ?? 'cut'}, retried ${retried.status}, ${JSON.stringify(initial)}`);
    }
    expect(ready.length).toBeGreaterThanOrEqual(REPEATS);
  });

  it('a document upload: killed while the body streams in or is stored', async () => {
    // paid customers on the booking screen: signed up and paid over HTTP, the moves between (visit,
    // plan choice) made on the database as test/support/flows.ts makes them (PGlite: with the server stopped)
    const customers = [];
    for (let i = 0; i < REPEATS; i++) customers.push(await signUp(base()));
    for (const c of customers) asked(c.phone);
    if (!databaseUrl) { await server!.stop(); server = null; }
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: join(dataDir, 'pglite') });
    try {
      for (const c of customers) for (const e of TO_PLAN_CHOICE) await applyProcessEvent(database.db, systemClock, c.id, e);
    } finally { await database.close(); }
    if (!server) server = await startServer(env());
    const cardToken = async () => String((await api(base(), 'POST', '/payments-sandbox/payment_token', { body: {
      method: 'credit_card', data: { number: '4111111111111111', verification_value: '123', first_name: 'Ana', last_name: 'Souza', month: '12', year: String(new Date().getUTCFullYear() + 5) },
    } })).body.id);
    for (const c of customers) {
      const signed = await api(base(), 'POST', '/portal/customers/plans/3/sign', { token: c.token });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      const planId = Number((signed.body.data as { id: number }).id);
      // the card checkout, killed at a seeded moment: set up before the kill (it shows), or set up now
      const inFlight = api(base(), 'POST', '/portal/customers/checkout', { token: c.token, body: { client_plan_id: planId, token: await cardToken() } }).catch(() => null);
      await sleep(between(0, 30));
      await killAndRestart();
      const first = await inFlight;
      const before = (await api(base(), 'GET', '/portal/customers/checkout', { token: c.token })).body;
      const again = before.exists === true ? null
        : await api(base(), 'POST', '/portal/customers/checkout', { token: c.token, body: { client_plan_id: planId, token: await cardToken() } });
      const after = (await api(base(), 'GET', '/portal/customers/checkout', { token: c.token })).body;
      // the customer goes on to the documents below (their sending is the next call)
      tally(ROW.checkout, after.exists === true && (again === null || again.status === 201),
        `first ${first?.status ?? 'cut'}, set up before the restart ${before.exists === true}, again ${again?.status ?? '-'}, now ${JSON.stringify(after)}`);
      console.log(`checkout kill: first ${first?.status ?? 'cut'}, again ${again?.status ?? '-'}`);
    }
    const png = readFileSync(join('test', 'fixtures', 'bills', 'photo-bill.png'));
    for (const c of customers) {
      const chunks = 20;
      await slowUpload(base(), '/portal/customers/documents', c.token, 'document', png, 'rg.png', 'image/png', { chunks, sentBefore: between(1, chunks), gapMs: 20 });
      await killAndRestart();
      const before = (await api(base(), 'GET', '/portal/customers/documents', { token: c.token })).body;
      const form = new FormData();
      form.append('document', new Blob([png], { type: 'image/png' }), 'rg.png');
      const again = await api(base(), 'POST', '/portal/customers/documents', { token: c.token, form });
      // taken before the kill (its record is there, the slot closed: 409), or not at all (taken now: 201)
      const records = (before.data ?? before.documents ?? []) as unknown[];
      tally(ROW.document, (again.status === 201 && records.length === 0) || (again.status === 409 && records.length === 1),
        `before ${JSON.stringify(before)}, sent again ${again.status} ${JSON.stringify(again.body)}`);
      booked.push(c);
    }
  });

  it('a signature: killed while a contract is being signed', async () => {
    for (const c of booked) {
      const holder = await api(base(), 'PATCH', '/portal/customers/bills/owners', { token: c.token, body: { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' } });
      expect(holder.status, JSON.stringify(holder.body)).toBe(200);
      const made = await api(base(), 'POST', '/portal/customers/create_contracts', { token: c.token, body: { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const [contract] = made.body.contracts as { key: string }[];
      const secret = requestSecret();
      const coded = await fetch(`${base()}/sign/${contract!.key}/code`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.99.0.1' }, body: JSON.stringify({ secret }) });
      expect(coded.status, await coded.text()).toBe(202);
      asked(c.phone);
      const [m] = await waitForMessages(base(), c.phone, codesAsked.get(c.phone)!);
      const sign = () => fetch(`${base()}/sign/${contract!.key}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.99.0.1' }, body: JSON.stringify({ secret, code: m!.code, consent: true }) });
      const inFlight = sign().then((r) => r.status).catch(() => null);
      await sleep(between(0, 300));
      await killAndRestart();
      const first = await inFlight;
      // signed before the kill (the code is spent: the frame shows it signed), or not (signed now)
      const checked = await api(base(), 'GET', `/portal/check_signers/${contract!.key}`, { token: c.token });
      let signed = checked.body.is_sign === true;
      let again: number | null = null;
      if (!signed) {
        again = (await sign()).status;
        if (again !== 201 && again !== 200) {
          // the kill spent the code without signing: the customer asks for a new one
          const secret2 = requestSecret();
          const recoded = await fetch(`${base()}/sign/${contract!.key}/code`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.99.0.1' }, body: JSON.stringify({ secret: secret2 }) });
          if (recoded.status === 202) asked(c.phone);
          const [m2] = await waitForMessages(base(), c.phone, codesAsked.get(c.phone)!);
          again = (await fetch(`${base()}/sign/${contract!.key}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.99.0.1' }, body: JSON.stringify({ secret: secret2, code: m2!.code, consent: true }) })).status;
        }
        signed = (await api(base(), 'GET', `/portal/check_signers/${contract!.key}`, { token: c.token })).body.is_sign === true;
      }
      console.log(`signature kill: first ${first ?? 'cut'}, signed before the restart ${checked.body.is_sign === true}, again ${again}`);
      tally(ROW.signature, signed, `first ${first ?? 'cut'}, again ${again}, check ${JSON.stringify(checked.body)}`);
    }
    expect(booked.length).toBe(REPEATS);
  });

  it('a payment webhook: killed while Iugu\'s trigger is taken', async () => {
    // cash buyers with an open invoice, issued through a stand-in for Iugu's API: the webhook only
    // exists with PAYMENT_PROVIDER=iugu, so the server runs with it from here on
    iugu = await fakeIugu(IUGU_API_TOKEN);
    const buyers = [];
    for (let i = 0; i < REPEATS; i++) buyers.push(await signUp(base()));
    for (const c of buyers) asked(c.phone);
    // the new environment needs a restart anyway; PGlite also needs the server stopped to be written
    await server!.stop();
    server = null;
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: join(dataDir, 'pglite') });
    let staff: { token: string };
    try {
      for (const c of buyers) for (const e of TO_PLAN_CHOICE) await applyProcessEvent(database.db, systemClock, c.id, e);
      staff = await createStaff(database.db, systemClock, 'Equipe', `equipe.crash.${process.pid}@empresa.com.br`);
    } finally { await database.close(); }
    Object.assign(extraEnv, { PAYMENT_PROVIDER: 'iugu', IUGU_API_TOKEN, IUGU_BASE_URL: iugu.url, IUGU_WEBHOOK_TOKEN });
    server = await startServer(env());

    const refs: string[] = [];
    for (const c of buyers) {
      const published = await api(base(), 'POST', `/admin/customers/${c.id}/proposal/final`, { token: staff.token, body: {} });
      expect(published.status, JSON.stringify(published.body)).toBe(201);
      const approved = await api(base(), 'PUT', '/portal/customers/approve/proposal_final', { token: c.token, body: { payment_type: 'CASH_PURCHASE' } });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      const holder = await api(base(), 'PATCH', '/portal/customers/bills/owners', { token: c.token, body: { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' } });
      expect(holder.status, JSON.stringify(holder.body)).toBe(200);
      const made = await api(base(), 'POST', '/portal/customers/create_contracts', { token: c.token, body: { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      // the purchase contract, then the power of attorney: the invoice needs both signatures
      const address = randomAddress();
      const post = (path: string, body: unknown) => fetch(`${base()}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: JSON.stringify(body) });
      for (const k of made.body.contracts as { key: string }[]) {
        const secret = requestSecret();
        const coded = await post(`/sign/${k.key}/code`, { secret });
        expect(coded.status, await coded.text()).toBe(202);
        asked(c.phone);
        const [m] = await waitForMessages(base(), c.phone, codesAsked.get(c.phone)!);
        const signed = await post(`/sign/${k.key}`, { secret, code: m!.code, consent: true });
        expect(signed.status, await signed.text()).toBe(201);
      }
      const invoice = await api(base(), 'PATCH', `/portal/customers/create/${c.id}/invoice`, { token: c.token });
      expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
      expect(invoice.body.invoice_status).toBe('PENDING');
      refs.push(iugu.refOf(String(invoice.body.invoice_url)));
    }

    const paidText = notificationMessages['notification.payment.invoicePaid'];
    const trigger = (ref: string) => fetch(`${base()}/api/v1/portal/webhooks/payments`, {
      method: 'POST', body: new URLSearchParams({ event: 'invoice.status_changed', 'data[id]': ref, 'data[status]': 'paid' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: IUGU_WEBHOOK_TOKEN, 'X-Forwarded-For': randomAddress() },
    });
    for (const [i, c] of buyers.entries()) {
      const ref = refs[i]!;
      iugu.pay(ref);
      const asks = iugu.asked(ref);
      const inFlight = trigger(ref).then((r) => r.status).catch(() => null);
      await sleep(between(0, 40));
      await killAndRestart();
      const first = await inFlight;
      // Iugu sends a trigger again when it got no 2xx (and may send one twice anyway): the second must settle it or change nothing
      const again = (await trigger(ref)).status;
      // read after the second trigger: the status read also asks Iugu about an open invoice, and would hide a lost payment
      const status = (await api(base(), 'GET', '/portal/customer/invoice_status', { token: c.token })).body.invoice_status;
      const notes = ((await api(base(), 'GET', '/portal/notifications', { token: c.token })).body.data ?? []) as { message: string }[];
      const told = notes.filter((n) => n.message === paidText).length;
      console.log(`webhook kill: first ${first ?? 'cut'}, again ${again}, Iugu asked ${iugu.asked(ref) - asks} time(s), ${status}, told ${told}`);
      tally(ROW.webhook, again === 200 && status === 'PAID' && told === 1, `first ${first ?? 'cut'}, again ${again}, ${status}, ${told} 'paid' notification(s)`);
    }
  });

  it('nothing half-written: rows and files, snapshots and events, jobs and SMS', async () => {
    await sleep(1500); // the last jobs (notifications) done
    await server!.stop();
    server = null;
    const query = await reader();
    try {
      const check = (what: string, problems: string[]) => tally(what, problems.length === 0, problems.slice(0, 5).join('; '));

      const uploadRows = await query<{ storage_key: string; removed_at: unknown }>('select storage_key, removed_at from uploads');
      const files = filesUnder(uploadsDir).filter((f) => !f.startsWith('.staging/'));
      check('Every uploads row has its stored file', uploadRows.filter((r) => r.removed_at === null && !existsSync(join(uploadsDir, r.storage_key))).map((r) => r.storage_key));
      const contractFiles = (await query<{ file_key: string; signed_file_key: string | null }>('select file_key, signed_file_key from contracts'))
        .flatMap((r) => [r.file_key, r.signed_file_key]).filter((k): k is string => k !== null);
      check('Every contract row (generated and signed) has its stored file', contractFiles.filter((k) => !existsSync(join(uploadsDir, k))));
      const keys = new Set([...uploadRows.map((r) => r.storage_key), ...contractFiles]);
      check('Every stored file has its row (an upload or a contract)', files.filter((f) => !keys.has(f)));
      check('No staging file left', filesUnder(join(uploadsDir, '.staging')));

      const snapshots = await query<{ customer_id: number; version: number; last: number | null }>(
        'select s.customer_id, s.version, (select max(e.version) from process_events e where e.customer_id = s.customer_id) as last from process_snapshots s');
      check('Every process snapshot is at the version of its last event', snapshots.filter((s) => s.last !== null && Number(s.version) !== Number(s.last)).map((s) => `customer ${s.customer_id}: snapshot ${s.version}, events ${s.last}`));

      const unfinished = await query<{ kind: string; status: string }>("select kind, status from jobs where status <> 'done'");
      check('Every queued job done after the restarts', unfinished.map((j) => `${j.kind} ${j.status}`));

      const bills = await query<{ customer_id: number; n: number }>('select customer_id, count(*)::int as n from bills group by customer_id having count(*) <> 1');
      check('One bill per customer who sent one (no upload kept twice or half)', bills.map((b) => `customer ${b.customer_id}: ${b.n} bills`));
      const twice = await query<{ customer_id: number; message: string }>('select customer_id, message from notifications group by customer_id, message having count(*) > 1');
      check('No notification written twice (a job run again after a kill)', twice.map((n) => `customer ${n.customer_id}: ${n.message.slice(0, 40)}`));

      const sms = await query<{ to: string; n: number }>("select \"to\", count(*)::int as n from outbox where channel = 'sms' group by \"to\"");
      const sent = new Map(sms.map((r) => [r.to, Number(r.n)]));
      // a job the kill cut after its SMS went out runs again (attempts > 1): at-least-once, its SMS may go twice
      const rerun = new Map((await query<{ phone: string; n: number }>("select payload->>'phone' as phone, sum(attempts - 1)::int as n from jobs where kind = 'code.send' group by 1")).map((r) => [r.phone, Number(r.n)]));
      const reruns = [...rerun.values()].reduce((a, b) => a + b, 0);
      const sentAgain = [...codesAsked].reduce((t, [phone, n]) => t + Math.max(0, (sent.get(phone) ?? 0) - n), 0);
      console.log(`SMS: ${reruns} code job(s) ran again after a kill, ${sentAgain} SMS sent a second time`);
      check('One SMS per accepted code request, a second one only from a job the kill cut after the sending (at-least-once)',
        [...codesAsked].filter(([phone, n]) => { const got = sent.get(phone) ?? 0; return got < n || got > n + (rerun.get(phone) ?? 0); })
          .map(([phone, n]) => `${phone}: asked ${n}, sent ${sent.get(phone) ?? 0}, jobs run again ${rerun.get(phone) ?? 0}`));
    } finally {
      await query.close();
    }

    const results = [...rows.values()];
    writeSuiteResults({
      id: '3-crash-restart',
      title: 'Crash and restart',
      about: 'test/resilience/crashRestart.test.ts starts the real server (src/server/main.ts) as a process of its own, on the pass\'s database '
        + '(PGlite in DATA_DIR, or a fresh PostgreSQL database), and kills it with SIGKILL in the middle of a call, at seeded moments, '
        + `${REPEATS} times per kind of call, then starts it again on the same data. Survived: the server came back and the customer's next call worked. `
        + 'The last rows are checks of the data, read from the database and the uploads folder with the server stopped after all the kills; each counts once.',
      rows: results.map(({ failures: _f, ...r }) => r),
      coverage: { 'kills (SIGKILL) and restarts': rows.get(ROW.restart)?.times ?? 0, 'kinds of call killed': Object.keys(ROW).length - 1 },
      notTried: [],
    });
    for (const r of results) expect(r.lost, `${r.tried}: ${r.failures.join(' | ')}`).toBe(0);
  });
});

/** Raw SQL on the suite's data, with the server stopped. */
async function reader(): Promise<(<T>(sql: string) => Promise<T[]>) & { close(): Promise<void> }> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const q = async <T>(sql: string) => (await client.query(sql)).rows as T[];
    return Object.assign(q, { close: () => client.end() });
  }
  const db = new PGlite(join(dataDir, 'pglite'));
  const q = async <T>(sql: string) => (await db.query<T>(sql)).rows;
  return Object.assign(q, { close: () => db.close() });
}

const IUGU_API_TOKEN = 'crash-iugu-api-token';
const IUGU_WEBHOOK_TOKEN = 'crash-iugu-trigger-token-0123456789';

interface FakeIugu {
  url: string;
  /** Iugu's invoice id in a secure_url */
  refOf(secureUrl: string): string;
  /** the invoice paid at Iugu (what its GET answers from now on) */
  pay(ref: string): void;
  /** how many times the server read the invoice's state */
  asked(ref: string): number;
  close(): Promise<void>;
}

/**
 * A stand-in for Iugu's invoice API on loopback (what ../../src/server/providers/payments/iuguInvoices.ts
 * calls): POST /v1/invoices issues a pending invoice with a valid boleto and Pix code, GET
 * /v1/invoices/{id} answers its state from memory, PUT /v1/invoices/{id}/cancel cancels it. It lives in
 * the test process, so it outlives the server's kills as Iugu would.
 */
async function fakeIugu(apiToken: string): Promise<FakeIugu> {
  const invoices = new Map<string, { status: string; paid_at: string | null; reads: number }>();
  const auth = `Basic ${Buffer.from(`${apiToken}:`).toString('base64')}`;
  let seq = 0;
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => { res.writeHead(status, { 'Content-Type': 'application/json' }); res.end(JSON.stringify(body)); };
      if (req.headers.authorization !== auth) return answer(401, { errors: 'Unauthorized' });
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method === 'POST' && path === '/v1/invoices') {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { due_date: string; items: { price_cents: number }[] };
        seq += 1;
        const id = `${String(seq).padStart(4, '0')}${process.pid.toString(16).toUpperCase()}`.padEnd(32, 'F');
        const amountCents = body.items.reduce((t, item) => t + item.price_cents, 0);
        const boleto = makeBoleto({ bankCode: '341', amountCents, dueDate: body.due_date, freeField: String(seq).padStart(25, '0') });
        invoices.set(id, { status: 'pending', paid_at: null, reads: 0 });
        return answer(200, {
          id, status: 'pending', secure_url: `https://faturas.iugu.com/${id}`, due_date: body.due_date, total_cents: amountCents,
          bank_slip: { digitable_line: formatDigitableLine(boleto.digitableLine), barcode_data: boleto.barcode },
          pix: { qrcode_text: pixCode({ key: 'crash@iugu.com', amountCents, merchantName: 'Iugu', merchantCity: 'SAO PAULO', txid: id.slice(0, 25) }) },
        });
      }
      const m = /^\/v1\/invoices\/([^/]+)(\/cancel)?$/.exec(path);
      const invoice = m ? invoices.get(decodeURIComponent(m[1]!)) : undefined;
      if (!m || !invoice) return answer(404, { errors: 'Not Found' });
      if (req.method === 'PUT' && m[2]) invoice.status = 'canceled';
      else if (req.method === 'GET' && !m[2]) invoice.reads += 1;
      else return answer(405, { errors: 'Method Not Allowed' });
      return answer(200, { id: m[1], status: invoice.status, paid_at: invoice.paid_at });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const known = (ref: string) => {
    const invoice = invoices.get(ref);
    if (!invoice) throw new Error(`the fake Iugu issued no invoice ${ref}`);
    return invoice;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    refOf: (secureUrl) => secureUrl.split('/').at(-1)!,
    pay(ref) { Object.assign(known(ref), { status: 'paid', paid_at: new Date().toISOString() }); },
    asked: (ref) => known(ref).reads,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
