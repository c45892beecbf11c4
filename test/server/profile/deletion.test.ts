import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  accountDeletions, billOwners, checkouts, jobs, clientPlans, contracts, customers, documents, notifications, processSnapshots, sessions, staffAudit, uploads,
} from '../../../src/server/platform/db/schema';
import { RETENTION_CATEGORIES } from '../../../src/shared/profile/rules';
import { createTestServer, type TestServer } from '../../support/server';
import {
  call, customerAtCheckout, customerAtContracts, lastCode, newAddress, personalSignUp, requestCode, signUpCustomerWithId, staffTokenOf,
} from '../../support/flows';
import { storedFiles } from '../../support/uploads';
import { eraseAccount } from '../../../src/server/profile/deletion';
import { localPayments } from '../../../src/server/providers/payments/index';
import { signOnPage } from './support';

/**
 * 'Excluir minha conta' (LGPD art. 18 VI): an SMS code to the account's phone, by the sign-in
 * code's rules; then what no legal duty keeps is deleted or anonymised, every session ends, the
 * answer says what was kept, and staff see in the audit only that the account was deleted.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const secret = () => `deletion-secret-${Math.random().toString(36).slice(2)}-0123456789`;
async function askCode(c: { token: string; phone: string }, requestSecret: string) {
  const r = await call(s, 'POST', '/portal/customers/deletion/code', { secret: requestSecret }, { token: c.token });
  return { ...r, code: r.status === 202 ? await lastCode(s, c.phone) : null };
}
const deleteWith = (c: { token: string }, requestSecret: string, code: string) =>
  call(s, 'POST', '/portal/customers/deletion', { secret: requestSecret, code }, { token: c.token });
const localProviderLike = () => localPayments({ secret: s.deps.secret, clock: s.clock, usedTokens: async () => true });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
/** Whom eraseAccount is told to erase: the customer's id, phone and e-mail as stored. */
async function ownerOf(c: { id: number; phone: string }) {
  const [row] = await s.db.select({ email: customers.email }).from(customers).where(eq(customers.id, c.id));
  return { id: c.id, phone: c.phone, email: row!.email };
}

describe('the SMS code', () => {
  test('goes to the account\'s phone; a wrong code or another request\'s secret is refused and nothing is deleted', async () => {
    const c = await signUpCustomerWithId(s);
    const mine = secret();
    const sent = await askCode(c, mine);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ phone_last4: c.phone.slice(-4), retry_after_s: 30 });
    const [sms] = await s.readOutbox(c.phone);
    expect(sms).toMatchObject({ channel: 'sms', code: sent.code });
    expect((await deleteWith(c, mine, wrong(sent.code!))).body).toMatchObject({ code: 3000 });
    // the right code with a secret that did not ask for it
    expect((await deleteWith(c, secret(), sent.code!)).body).toMatchObject({ code: 3000 });
    expect((await call(s, 'GET', '/portal/customers', undefined, { token: c.token })).status).toBe(200);
    // the 30-second resend of the sign-in rules
    expect((await askCode(c, mine)).body).toMatchObject({ code: 4290 });
    expect((await call(s, 'POST', '/portal/customers/deletion', { secret: mine, code: '12' }, { token: c.token })).status).toBe(400);
    expect((await call(s, 'POST', '/portal/customers/deletion/code', { secret: mine })).status).toBe(401);
  });

  test('a code is bound to its purpose, which its SMS names: a deletion code signs nobody in, a sign-in or signing code deletes nothing (issue 29, F10)', async () => {
    const c = await customerAtContracts(s);
    const mine = secret();
    const sent = await askCode(c, mine);
    expect((await s.readOutbox(c.phone))[0]?.body).toContain('excluir sua conta');
    for (const path of ['/portal/login', '/portal/confirm-number']) {
      expect((await call(s, 'POST', path, { phone: c.phone, code: sent.code, secret: mine })).body, path).toMatchObject({ code: 3000 });
    }
    // a code sent for signing, asked with the same secret: neither signs in nor deletes
    const post = (path: string, body: unknown) => s.fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
    const signing = secret();
    expect((await post(`/sign/${c.contracts[0]!.key}/code`, { secret: signing })).status).toBe(202);
    const signingSms = (await s.readOutbox(c.phone))[0]!;
    expect(signingSms.body).toContain('assinar');
    expect((await deleteWith(c, signing, signingSms.code!)).body).toMatchObject({ code: 3000 });
    expect((await call(s, 'POST', '/portal/login', { phone: c.phone, code: signingSms.code, secret: signing })).body).toMatchObject({ code: 3000 });
    // a sign-in code of the same phone deletes nothing
    s.clock.advance(31_000);
    const signIn = secret();
    expect((await requestCode(s, c.phone, { secret: signIn }, { address: newAddress() })).status).toBe(202);
    const signInSms = (await s.readOutbox(c.phone))[0]!;
    expect(signInSms.body).toContain('código de acesso');
    expect((await deleteWith(c, signIn, signInSms.code!)).body).toMatchObject({ code: 3000 });
    // each still does its own work
    expect((await call(s, 'POST', '/portal/login', { phone: c.phone, code: signInSms.code, secret: signIn })).status).toBe(200);
    expect((await deleteWith(c, mine, sent.code!)).status).toBe(200);
  });

  test('signing and deletion codes have budgets of their own: a customer out of sign-in codes still signs and deletes (issue 29, F5)', async () => {
    const c = await customerAtContracts(s);
    let refused: Record<string, unknown> | null = null;
    for (let i = 0; i < 10 && !refused; i++) {
      s.clock.advance(31_000);
      const r = await requestCode(s, c.phone, { secret: secret() }, { address: newAddress() });
      if (r.status !== 202) refused = r.body;
    }
    expect(refused).toMatchObject({ code: 4291 });
    const post = (path: string, body: unknown) => s.fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
    expect((await post(`/sign/${c.contracts[0]!.key}/code`, { secret: secret() })).status).toBe(202);
    expect((await askCode(c, secret())).status).toBe(202);
  });

  test('a code is single use and expires after 10 minutes', async () => {
    const c = await signUpCustomerWithId(s);
    const mine = secret();
    const sent = await askCode(c, mine);
    s.clock.advance(10 * 60_000 + 1);
    expect((await deleteWith(c, mine, sent.code!)).body).toMatchObject({ code: 3001 });
    s.clock.advance(30_000);
    const again = await askCode(c, mine);
    expect((await deleteWith(c, mine, again.code!)).status).toBe(200);
  });
});

describe('POST /portal/customers/deletion', () => {
  test('a customer who never signed: everything goes, only the deletion\'s record stays', async () => {
    const c = await customerAtCheckout(s, { paid: true });
    await call(s, 'POST', '/portal/customers/plan-simulated', { bill_value: 600, deadline_years: 20, nivel: 'MAX' }, { token: c.token });
    const { email } = await ownerOf(c);
    // a notice's e-mail went out through the queue to the local outbox
    await call(s, 'POST', `/admin/customers/${c.id}/notifications`, { message: 'Olá' }, { token: (await staffTokenOf(s)).token });
    expect((await s.readOutbox(email)).map((m) => m.channel)).toEqual(['email']);
    const mine = secret();
    const done = await deleteWith(c, mine, (await askCode(c, mine)).code!);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ deleted: true, kept: ['deletion'] });
    // what was sent to the phone and the e-mail, and the queue's jobs for them, went too
    expect(await s.readOutbox(email)).toEqual([]);
    expect(await s.readOutbox(c.phone)).toEqual([]);
    const left = await s.db.select().from(jobs).where(sql`${jobs.payload}->>'customer_id' = ${String(c.id)} or ${jobs.payload}->>'phone' = ${c.phone}`);
    expect(left).toEqual([]);
    for (const table of [checkouts, clientPlans, notifications, processSnapshots, sessions, uploads, billOwners, documents]) {
      expect(await s.db.select().from(table).where(eq(table.customerId, c.id)), String(table)).toEqual([]);
    }
    const [row] = await s.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({
      name: 'Conta excluída', email: `conta-excluida-${c.id}@excluida.invalid`, phone: `excluida-${c.id}`, documentValue: null, coupon: null, attribution: null, billValue: 0,
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
  });

  test('signed contracts and the payment records stay with their files; the rest goes, files included; every session ends', async () => {
    const c = await customerAtContracts(s);
    for (const contract of c.contracts) await signOnPage(s, c, contract.key);
    // a second session (another phone or computer)
    await requestCode(s, c.phone);
    const other = await call(s, 'POST', '/portal/login', { phone: c.phone, code: await lastCode(s, c.phone) });
    const secondToken = String(other.body.access_token);
    const [doc] = await s.db.select().from(uploads).where(eq(uploads.customerId, c.id));
    const kept = await s.db.select().from(contracts).where(eq(contracts.customerId, c.id));

    const mine = secret();
    const done = await deleteWith(c, mine, (await askCode(c, mine)).code!);
    expect(done.body).toEqual({ deleted: true, kept: ['contracts', 'payments', 'deletion'] });
    await s.drainQueue();

    for (const token of [c.token, secondToken]) expect((await call(s, 'GET', '/portal/customers', undefined, { token })).status).toBe(401);
    expect(await s.db.select().from(contracts).where(eq(contracts.customerId, c.id))).toHaveLength(2);
    expect(await s.db.select().from(checkouts).where(eq(checkouts.customerId, c.id))).toHaveLength(1);
    expect(await s.db.select().from(clientPlans).where(eq(clientPlans.customerId, c.id))).toHaveLength(1);
    expect(await s.db.select().from(documents).where(eq(documents.customerId, c.id))).toEqual([]);
    expect(await s.db.select().from(billOwners).where(eq(billOwners.customerId, c.id))).toEqual([]);
    const files = await storedFiles(s);
    expect(files.some((f) => f.endsWith(doc!.storageKey))).toBe(false);
    for (const x of kept) {
      expect(files.some((f) => f.endsWith(x.fileKey))).toBe(true);
      expect(files.some((f) => f.endsWith(x.signedFileKey!))).toBe(true);
    }
    // the outbox's copies of what was sent to the phone went with the account
    expect(await s.readOutbox(c.phone)).toEqual([]);
    // the person can no longer sign in with the phone: it belongs to no account (a fresh code, past the send window)
    s.clock.advance(10 * 60_000 + 1);
    expect((await requestCode(s, c.phone)).status).toBe(202);
    const login = await call(s, 'POST', '/portal/login', { phone: c.phone, code: await lastCode(s, c.phone) });
    expect(login.body.access_token).toBeUndefined();
  });

  test('unsigned contracts go with their files; a new account may take the phone and the e-mail again', async () => {
    const c = await customerAtContracts(s);
    const [before] = await s.db.select({ email: customers.email }).from(customers).where(eq(customers.id, c.id));
    const made = await s.db.select().from(contracts).where(eq(contracts.customerId, c.id));
    const mine = secret();
    expect((await deleteWith(c, mine, (await askCode(c, mine)).code!)).body).toEqual({ deleted: true, kept: ['deletion'] });
    await s.drainQueue();
    expect(await s.db.select().from(contracts).where(eq(contracts.customerId, c.id))).toEqual([]);
    const files = await storedFiles(s);
    for (const x of made) expect(files.some((f) => f.endsWith(x.fileKey))).toBe(false);

    await requestCode(s, c.phone, { type: 'SIGN_UP' });
    const proof = String((await call(s, 'POST', '/portal/confirm-number', { phone: c.phone, code: await lastCode(s, c.phone) })).body.phone_proof);
    const again = await call(s, 'POST', '/portal/customers', personalSignUp(c.phone, proof, { email: before!.email }));
    expect(again.status).toBe(201);
  });

  test('a pre-authorisation no signed contract needs is released at the provider; one under a signed contract is kept', async () => {
    const cancelled: string[] = [];
    const spy = { ...localProviderLike(), cancel: async (id: string) => { cancelled.push(id); } };
    const loose = await customerAtCheckout(s, { paid: true });
    const [looseCheckout] = await s.db.select().from(checkouts).where(eq(checkouts.customerId, loose.id));
    expect(await eraseAccount({ ...s.deps, payments: spy }, await ownerOf(loose))).toEqual(['deletion']);
    expect(cancelled).toEqual([looseCheckout!.chargeId]);

    const bound = await customerAtContracts(s);
    await signOnPage(s, bound, bound.contracts[0]!.key);
    expect(await eraseAccount({ ...s.deps, payments: spy }, await ownerOf(bound))).toEqual(['contracts', 'payments', 'deletion']);
    expect(cancelled).toHaveLength(1);
    // erasing again changes nothing
    expect(await eraseAccount({ ...s.deps, payments: spy }, await ownerOf(bound))).toEqual(['contracts', 'payments', 'deletion']);
    expect(await s.db.select().from(accountDeletions).where(eq(accountDeletions.customerId, bound.id))).toHaveLength(1);
  });

  test('staff see in the audit that the account was deleted and what was kept, never who it was; their own entries lose what they saw', async () => {
    const staff = await staffTokenOf(s);
    const c = await customerAtCheckout(s, { paid: true });
    const [person] = await s.db.select().from(customers).where(eq(customers.id, c.id));
    const noted = await call(s, 'POST', `/admin/customers/${c.id}/notifications`, { message: `Olá ${person!.name}, seu celular ${c.phone}` }, { token: staff.token });
    const mine = secret();
    await deleteWith(c, mine, (await askCode(c, mine)).code!);
    const trail = await call(s, 'GET', `/admin/audit?customer_id=${c.id}`, undefined, { token: staff.token });
    const entries = trail.body.data as { action: string; staff_id: number | null; before: unknown; after: unknown; customer_id: number }[];
    // the newest entry: nothing happens to an account after its deletion
    expect(entries[0]).toMatchObject({ action: 'customer:accountDeleted', staff_id: null, customer_id: c.id, before: null, after: { kept: ['deletion'] } });
    const text = JSON.stringify(trail.body);
    for (const personal of [person!.name, person!.email, c.phone]) expect(text).not.toContain(personal);
    expect(noted.status).toBe(201);
    const [entry] = await s.db.select().from(staffAudit).where(eq(staffAudit.customerId, c.id));
    expect(entry).toMatchObject({ action: 'notification:send', before: null, after: null });
    expect(await s.db.select().from(accountDeletions).where(eq(accountDeletions.customerId, c.id))).toHaveLength(1);
    expect(RETENTION_CATEGORIES).toContain('deletion');
  });

  test('the code is asked with the account\'s own phone only; the call is per session (no other customer is touched)', async () => {
    const a = await signUpCustomerWithId(s);
    const b = await signUpCustomerWithId(s);
    const mine = secret();
    const before = (await s.readOutbox(b.phone)).length;
    await askCode(a, mine);
    expect(await s.readOutbox(b.phone)).toHaveLength(before);
    expect((await deleteWith(a, mine, await lastCode(s, a.phone))).status).toBe(200);
    expect((await call(s, 'GET', '/portal/customers', undefined, { token: b.token })).status).toBe(200);
    // a second try with the old session: the account is gone
    expect((await call(s, 'POST', '/portal/customers/deletion/code', { secret: secret() }, { token: a.token, address: newAddress() })).status).toBe(401);
  });
});
