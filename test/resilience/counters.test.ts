import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorCode } from '#shared/errors';
import { invite } from '../../src/server/staff/auth';
import { totpCode } from '../../src/server/staff/factor';
import { accessCodes, contracts, customers, phoneProofs, sessions, staff, staffSessions } from '../../src/server/platform/db/schema';
import { DEFAULT_LIMITS } from '../../src/server/config';
import { createTestServer, type TestServer } from '../support/server';
import { call, customerAtContracts, lastCode, newAddress, newPhone, personalSignUp, requestCode, signUpNewCustomer } from '../support/flows';
import { writeSuiteResults, type AttemptRow } from './results';

/**
 * Every counter that gates a secret, fired at once (issue 29, F3, F8): the same request sent many
 * times in parallel at the in-process server, on PGlite and, in CI's second pass, on PostgreSQL
 * (DATABASE_URL), where concurrent transactions really interleave. A row is lost when more calls
 * got through than the counter allows, or a right code opened more than one session or signature.
 */
const SUITE = { id: '6-counters', title: 'Counters that gate a secret, under concurrency' };
const L = DEFAULT_LIMITS;
const rows: AttemptRow[] = [];
/** One row: `times` calls, `refused` answered with the expected refusal, lost when `held` is false. */
const tally = (tried: string, times: number, refused: number, held: boolean) =>
  rows.push({ tried, times, refused: held ? refused : 0, survived: held ? times - refused : 0, lost: held ? 0 : times });

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => {
  writeSuiteResults({
    ...SUITE,
    about: "test/resilience/counters.test.ts sends each secret's check many times at once to the in-process server, on PGlite and, in CI's second pass, on PostgreSQL (the same figures on both): "
      + 'staff app codes, a customer\'s sign-in code and the code that ends sessions, the sign-up\'s phone proof, the signing page\'s code and the code sends of a phone. Refused: answered with the limit\'s refusal; survived: checked, as the limit allows; lost: more got through than the limit allows.',
    rows,
    coverage: { 'counters tried': rows.length },
    notTried: [],
  });
  await s?.close();
});

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const atOnce = <T>(n: number, one: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => one(i)));
let seq = 0;

async function staffMember() {
  const email = `contador.${process.pid}.${++seq}@empresa.com.br`;
  const { token } = await invite({ db: s.db, clock: s.clock }, { name: 'Beatriz Lima', email, roles: ['analyst'] });
  const secret = String((await call(s, 'POST', '/admin/auth/invitation', { invite: token })).body.secret);
  expect((await call(s, 'POST', '/admin/auth/enrolment', { invite: token, code: totpCode(secret, email, s.clock.now()) })).status).toBe(201);
  s.clock.advance(31_000);
  return { email, secret };
}

/** A code request of the customer's phone and its code as it arrived. */
async function codeRequest(phone: string, type = 'SIGN_IN') {
  const secret = `counter-${++seq}-${Math.random().toString(36).slice(2)}-0123456789`;
  s.clock.advance(31_000);
  expect((await requestCode(s, phone, { secret, type }, { address: newAddress() })).status).toBe(202);
  await s.drainQueue();
  return { secret, code: await lastCode(s, phone) };
}

describe('counters that gate a secret, under concurrency', () => {
  test('staff app codes: 200 wrong at once check no more than the hold allows; one right code 10 times at once opens one session', async () => {
    const m = await staffMember();
    const address = newAddress();
    const bad = totpCode(m.secret, m.email, new Date(s.clock.now().getTime() + 3_600_000));
    const answers = await atOnce(200, () => call(s, 'POST', '/admin/auth/session', { email: m.email, code: bad }, { address }));
    const checked = answers.filter((a) => a.status === 401).length;
    const held = answers.filter((a) => a.status === 429).length;
    tally('200 wrong staff app codes at once from one address: at most 5 checked, the rest held (429)', 200, held, checked <= 5 && checked + held === 200);
    expect(checked).toBeLessThanOrEqual(5);

    const other = await staffMember();
    const [row] = await s.db.select({ id: staff.id }).from(staff).where(eq(staff.email, other.email));
    const before = (await s.db.select().from(staffSessions).where(eq(staffSessions.staffId, row!.id))).length;
    const code = totpCode(other.secret, other.email, s.clock.now());
    const tries = await atOnce(10, () => call(s, 'POST', '/admin/auth/session', { email: other.email, code }, { address: newAddress() }));
    const opened = (await s.db.select().from(staffSessions).where(eq(staffSessions.staffId, row!.id))).length - before;
    tally('one right staff app code sent 10 times at once: exactly one session', 10, tries.filter((t) => t.status !== 201).length, opened === 1 && tries.filter((t) => t.status === 201).length === 1);
    expect(opened).toBe(1);
  });

  test("a customer's code: 50 wrong tries at once count no more than its tries; the right one 10 times at once opens one session", async () => {
    const { phone } = await signUpNewCustomer(s);
    const request = await codeRequest(phone);
    const answers = await atOnce(50, () => call(s, 'POST', '/portal/login', { phone, code: wrong(request.code), secret: request.secret }));
    const [row] = await s.db.select({ failedTries: accessCodes.failedTries }).from(accessCodes).where(eq(accessCodes.codeHash, (await s.db.select({ h: accessCodes.codeHash }).from(accessCodes).where(eq(accessCodes.phone, phone)).orderBy(accessCodes.id)).at(-1)!.h));
    const refused = answers.filter((a) => a.status === 429).length;
    tally(`50 wrong tries of one sign-in code at once: at most ${L.triesPerCode} counted, the rest refused (3002)`, 50, refused, (row?.failedTries ?? 99) <= L.triesPerCode && answers.every((a) => a.status === 400 || a.status === 429));
    expect(row?.failedTries).toBeLessThanOrEqual(L.triesPerCode);

    const fresh = await codeRequest(phone);
    const [customer] = await s.db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
    const before = (await s.db.select().from(sessions).where(eq(sessions.customerId, customer!.id))).length;
    const tries = await atOnce(10, () => call(s, 'POST', '/portal/login', { phone, code: fresh.code, secret: fresh.secret }));
    const opened = (await s.db.select().from(sessions).where(eq(sessions.customerId, customer!.id))).length - before;
    tally('one right sign-in code sent 10 times at once: exactly one session', 10, tries.filter((t) => t.status !== 200).length, opened === 1);
    expect(opened).toBe(1);
  });

  test("a signed-in customer's code (the one that ends sessions): the right one 10 times at once is used once", async () => {
    const { phone, token } = await signUpNewCustomer(s);
    const secret = `sessions-${++seq}-0123456789abcdefghij`;
    s.clock.advance(31_000);
    expect((await call(s, 'POST', '/portal/customers/sessions/code', { secret }, { token })).status).toBe(202);
    await s.drainQueue();
    const code = await lastCode(s, phone);
    const tries = await atOnce(10, () => call(s, 'POST', '/portal/customers/sessions/end', { secret, code, session_id: null }, { token }));
    const ok = tries.filter((t) => t.status === 200).length;
    tally("one right code to end sessions sent 10 times at once: used once, the rest refused as spent (3000)", 10, tries.filter((t) => t.status === 400).length, ok === 1);
    expect(ok).toBe(1);
  });

  test("the sign-up's phone proof: 10 refused sign-ups at once spend at most its 3 tries", async () => {
    const taken = await signUpNewCustomer(s);
    const phone = newPhone();
    const { secret, code } = await (async () => {
      const sec = `proof-${++seq}-0123456789abcdefghijkl`;
      expect((await requestCode(s, phone, { secret: sec, type: 'SIGN_UP' })).status).toBe(202);
      await s.drainQueue();
      return { secret: sec, code: await lastCode(s, phone) };
    })();
    const proof = String((await call(s, 'POST', '/portal/confirm-number', { phone, code, secret })).body.phone_proof);
    // each with an e-mail that has an account: refused (1005), the proof's tries counted
    const answers = await atOnce(10, () => call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { email: taken.email }), { address: newAddress() }));
    const [row] = await s.db.select({ failedTries: phoneProofs.failedTries }).from(phoneProofs).where(eq(phoneProofs.phone, phone));
    tally('10 refused sign-ups at once on one phone proof: at most 3 tries counted, the proof then spent', 10, answers.filter((a) => a.status >= 400).length, (row?.failedTries ?? 99) <= 3 && answers.every((a) => a.status >= 400));
    expect(row?.failedTries ?? 0).toBeLessThanOrEqual(3);
  });

  test('the signing page: the right code 10 times at once signs once', async () => {
    const c = await customerAtContracts(s);
    const key = c.contracts[0]!.key;
    const post = (path: string, body: unknown) => s.fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
    const secret = `sign-${++seq}-0123456789abcdefghijkl`;
    expect((await post(`/sign/${key}/code`, { secret })).status).toBe(202);
    await s.drainQueue();
    const code = await lastCode(s, c.signerPhone ?? c.phone);
    const tries = await atOnce(10, () => post(`/sign/${key}`, { secret, code, consent: true }));
    const signed = tries.filter((t) => t.status === 201).length;
    const [row] = await s.db.select({ signedAt: contracts.signedAt }).from(contracts).where(eq(contracts.signatureKey, key));
    tally('one right signing code sent 10 times at once: one signature', 10, tries.filter((t) => t.status !== 201).length, signed === 1 && row?.signedAt !== null);
    expect(signed).toBe(1);
  });

  test('code requests for one phone at once from one network: no more sent than its budget', async () => {
    const phone = newPhone();
    const answers = await atOnce(20, (i) => requestCode(s, phone, { secret: `burst-${seq}-${i}-0123456789abcdefgh` }, { address: `203.0.113.${i + 1}` }));
    const sent = answers.filter((a) => a.status === 202).length;
    const refused = answers.filter((a) => a.status === 429 && a.body.code === ErrorCode.SEND_LIMIT).length;
    tally(`20 sign-in code requests at once for one phone from one network: at most ${L.sendsPerWindow} sent, the rest refused (4291)`, 20, refused, sent <= L.sendsPerWindow && sent + refused === 20);
    expect(sent).toBeLessThanOrEqual(L.sendsPerWindow);
  });
});
