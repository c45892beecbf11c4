import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '#shared/messages';
import { invite } from '../../../src/server/staff/auth';
import { totpCode } from '../../../src/server/staff/factor';
import { CHALLENGE_MINUTES } from '../../../src/server/staff/passkey';
import { createStaff } from '../../../src/server/staff/service';
import { staff, staffPasskeys } from '../../../src/server/platform/db/schema';
import { createTestServer, type TestServer } from '../../support/server';
import { call, newAddress } from '../../support/flows';
import { softPasskey, type SoftPasskey } from '../../support/softPasskey';

/**
 * Passkeys as the back-office's second factor, with a software authenticator (an ES256 key in
 * node:crypto) answering as the browser would on the test server's origin: enrolment from the
 * invitation instead of the app, sign-in with e-mail + passkey (one answer for unknown e-mails and
 * foreign passkeys, failures counted with the wrong codes), challenges good once and for 5 minutes,
 * a member adding, listing and removing their own passkeys.
 */
const ORIGIN = 'http://portal.test';
let s: TestServer;
let adminToken: string;
beforeAll(async () => {
  s = await createTestServer();
  adminToken = (await createStaff(s.db, s.clock, 'Script', `script.pk.${process.pid}@empresa.com.br`, ['admin'])).token;
});
afterAll(async () => { await s.close(); });

let seq = 0;
async function invited() {
  const email = `chave.${process.pid}.${++seq}@empresa.com.br`;
  const { token } = await invite({ db: s.db, clock: s.clock }, { name: 'Carla Souza', email, roles: ['scheduler'] });
  return { email, invite: token };
}

type Options = { challenge: string; rp: { id?: string }; user: { id: string } };
const creationOptions = async (invitation: string) => (await call(s, 'POST', '/admin/auth/invitation/passkey-options', { invite: invitation })).body as unknown as Options;

/** Invited, then enrolled with a software passkey: the e-mail, the passkey and the session's token. */
async function enrolledWithPasskey() {
  const inv = await invited();
  const key = softPasskey(ORIGIN);
  const r = await call(s, 'POST', '/admin/auth/enrolment/passkey', { invite: inv.invite, response: key.create(await creationOptions(inv.invite)) });
  expect(r.status).toBe(201);
  return { ...inv, key, token: String(r.body.token) };
}

const signInOptions = async (email: string) => (await call(s, 'POST', '/admin/auth/session/passkey-options', { email })).body as unknown as { challenge: string; rpId?: string };
const signInWith = async (email: string, key: SoftPasskey, over?: Parameters<SoftPasskey['get']>[2], address?: string) =>
  call(s, 'POST', '/admin/auth/session/passkey', { email, response: key.get(await signInOptions(email), ORIGIN, over) }, address ? { address } : {});
const auditOf = async (action: string, staffId: number) =>
  ((await call(s, 'GET', `/admin/audit?action=${action}&staff_id=${staffId}`, undefined, { token: adminToken })).body.data as { after: Record<string, unknown> }[]);
const rowOf = async (email: string) => (await s.db.select().from(staff).where(eq(staff.email, email)))[0]!;

describe('enrolment with a passkey instead of the app', () => {
  test('options name this site, the member (by an opaque handle) and ask for a discoverable, user-verified passkey', async () => {
    const inv = await invited();
    const r = await call(s, 'POST', '/admin/auth/invitation/passkey-options', { invite: inv.invite });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      rp: { id: 'portal.test' }, user: { name: inv.email, displayName: 'Carla Souza' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' }, attestation: 'none', timeout: CHALLENGE_MINUTES * 60_000,
    });
    const handle = Buffer.from((r.body.user as { id: string }).id, 'base64url');
    expect(handle).toHaveLength(32); // an HMAC of the member's id, not the id or the e-mail
    expect(handle.toString('latin1')).not.toContain(inv.email);
    expect((await call(s, 'POST', '/admin/auth/invitation/passkey-options', { invite: 'x'.repeat(43) })).body).toMatchObject({ code: 4046 });
  });

  test('the passkey is kept, the invitation spent and the member signed in', async () => {
    const inv = await invited();
    const key = softPasskey(ORIGIN);
    const r = await call(s, 'POST', '/admin/auth/enrolment/passkey', { invite: inv.invite, response: key.create(await creationOptions(inv.invite)) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ staff: { email: inv.email, roles: ['scheduler'] } });
    expect((await call(s, 'GET', '/admin/auth/session', undefined, { token: String(r.body.token) })).status).toBe(200);
    const row = await rowOf(inv.email);
    expect(row).toMatchObject({ inviteHash: null, totpPending: null, totpSecret: null, passkeyChallenge: null });
    const kept = await s.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, row.id));
    expect(kept).toMatchObject([{ credentialId: key.credentialId, transports: ['internal'], counter: 0 }]);
    expect(await auditOf('staff:enrolled', row.id)).toMatchObject([{ after: { factor: 'passkey' } }]);
    expect((await call(s, 'POST', '/admin/auth/invitation/passkey-options', { invite: inv.invite })).body).toMatchObject({ code: 4046 });
  });

  test('a passkey made for another site is refused, and its challenge is spent; an expired challenge is refused', async () => {
    const inv = await invited();
    const key = softPasskey(ORIGIN);
    const options = await creationOptions(inv.invite);
    const foreign = await call(s, 'POST', '/admin/auth/enrolment/passkey', { invite: inv.invite, response: key.create(options, 'https://portal.example.com') });
    expect(foreign).toMatchObject({ status: 401, body: { code: 4012, message: messages['staff.passkey.failed'] } });
    const again = await call(s, 'POST', '/admin/auth/enrolment/passkey', { invite: inv.invite, response: key.create(options) });
    expect(again.status, 'the same challenge twice').toBe(401);

    const late = await creationOptions(inv.invite);
    s.clock.advance(CHALLENGE_MINUTES * 60_000 + 1000);
    expect((await call(s, 'POST', '/admin/auth/enrolment/passkey', { invite: inv.invite, response: key.create(late) })).status).toBe(401);
    expect((await call(s, 'POST', '/admin/auth/enrolment/passkey', { invite: inv.invite, response: key.create(await creationOptions(inv.invite)) })).status).toBe(201);
  });

  test('a response that is not a WebAuthn credential is refused by the schema', async () => {
    const inv = await invited();
    const r = await call(s, 'POST', '/admin/auth/enrolment/passkey', { invite: inv.invite, response: { id: 'a', rawId: 'a', type: 'password', response: {} } });
    expect(r).toMatchObject({ status: 400, body: { code: 4000 } });
  });
});

describe('sign-in with e-mail and a passkey', () => {
  test('options read the same for a member and an unknown e-mail', async () => {
    const m = await enrolledWithPasskey();
    const known = await call(s, 'POST', '/admin/auth/session/passkey-options', { email: m.email });
    const unknown = await call(s, 'POST', '/admin/auth/session/passkey-options', { email: `ninguem.${process.pid}@empresa.com.br` });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect({ ...unknown.body, challenge: '' }).toEqual({ ...known.body, challenge: '' });
    expect(known.body).toMatchObject({ rpId: 'portal.test', userVerification: 'required' });
    expect(known.body.allowCredentials ?? []).toEqual([]);
    // asked again by anyone, the live challenge is handed out again, not replaced (the member's device
    // may be signing it), and an unknown e-mail's too: asking twice tells nothing
    const knownAgain = await call(s, 'POST', '/admin/auth/session/passkey-options', { email: m.email });
    const unknownAgain = await call(s, 'POST', '/admin/auth/session/passkey-options', { email: `ninguem.${process.pid}@empresa.com.br` });
    expect(knownAgain.body.challenge).toBe(known.body.challenge);
    expect(unknownAgain.body.challenge).toBe(unknown.body.challenge);
  });

  test('a stranger asking for options with a member\'s e-mail does not spoil the challenge the member is signing', async () => {
    const m = await enrolledWithPasskey();
    const options = await signInOptions(m.email);
    await call(s, 'POST', '/admin/auth/session/passkey-options', { email: m.email });
    const ok = await call(s, 'POST', '/admin/auth/session/passkey', { email: m.email, response: m.key.get(options, ORIGIN) });
    expect(ok.status).toBe(201);
  });

  test('the member\'s passkey signs in, once per challenge; the counter and last use are kept; audited', async () => {
    const m = await enrolledWithPasskey();
    const options = await signInOptions(m.email.toUpperCase());
    const answer = m.key.get(options, ORIGIN);
    const ok = await call(s, 'POST', '/admin/auth/session/passkey', { email: m.email, response: answer });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ staff: { email: m.email } });
    expect((await call(s, 'GET', '/admin/auth/session', undefined, { token: String(ok.body.token) })).status).toBe(200);
    const replay = await call(s, 'POST', '/admin/auth/session/passkey', { email: m.email, response: answer });
    expect(replay).toMatchObject({ status: 401, body: { code: 4012 } });
    const row = await rowOf(m.email);
    const [kept] = await s.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, row.id));
    expect(kept?.counter).toBe(1);
    expect(kept?.lastUsedAt).toEqual(s.clock.now());
    expect(await auditOf('staff:signedIn', row.id)).toMatchObject([{ after: { factor: 'passkey' } }]);
  });

  test('another member\'s passkey, an unknown e-mail, a counter that went back, no user verification and an old challenge get one answer', async () => {
    const m = await enrolledWithPasskey();
    const other = await enrolledWithPasskey();
    const foreign = await signInWith(m.email, other.key);
    expect(foreign).toMatchObject({ status: 401, body: { code: 4012, message: messages['staff.passkey.failed'] } });
    const unknown = await signInWith(`ninguem.${process.pid}@empresa.com.br`, m.key);
    // the same answer but for its own request id
    expect(unknown).toMatchObject({ status: 401, body: { ...foreign.body, request_id: expect.any(String) } });
    expect((await signInWith(m.email, m.key)).status).toBe(201); // counter 1
    expect((await signInWith(m.email, m.key, { counter: 1 })).status, 'a cloned authenticator').toBe(401);
    expect((await signInWith(m.email, m.key, { userVerified: false })).status, 'no PIN or fingerprint').toBe(401);
    // a spent challenge is gone: another answer over it is refused, and the next options carry a new one
    const options = await signInOptions(m.email);
    expect((await call(s, 'POST', '/admin/auth/session/passkey', { email: m.email, response: m.key.get(options, ORIGIN) })).status).toBe(201);
    expect((await call(s, 'POST', '/admin/auth/session/passkey', { email: m.email, response: m.key.get(options, ORIGIN) })).status).toBe(401);
    expect((await signInOptions(m.email)).challenge).not.toBe(options.challenge);
    const expiring = await signInOptions(m.email);
    s.clock.advance(CHALLENGE_MINUTES * 60_000 + 1000);
    expect((await call(s, 'POST', '/admin/auth/session/passkey', { email: m.email, response: m.key.get(expiring, ORIGIN) })).status).toBe(401);
    expect((await signInWith(m.email, m.key)).status).toBe(201);
  });

  test('failures count with the wrong app codes: from the fifth in a row from one address, sign-in from it waits, audited as staff:signInFailed; the member elsewhere is not held', async () => {
    const m = await enrolledWithPasskey();
    const stranger = softPasskey(ORIGIN);
    const there = newAddress();
    for (let i = 1; i <= 5; i++) expect((await signInWith(m.email, stranger, undefined, there)).status).toBe(401);
    const held = await signInWith(m.email, m.key, undefined, there);
    expect(held).toMatchObject({ status: 429, body: { code: 4296, message: messages['staff.signIn.held'] } });
    expect(Number(held.body.retry_after_s)).toBeGreaterThan(0);
    expect(Number(held.body.retry_after_s)).toBeLessThanOrEqual(60);
    const row = await rowOf(m.email);
    expect(await auditOf('staff:signInFailed', row.id)).toHaveLength(5);
    expect((await signInWith(m.email, m.key)).status).toBe(201);
    expect((await rowOf(m.email)).failedFactors).toBe(0);
    s.clock.advance(61_000);
    expect((await signInWith(m.email, m.key, undefined, there)).status).toBe(201);
  });

  test('a revoked member gets options like anyone, and no session', async () => {
    const m = await enrolledWithPasskey();
    await s.db.update(staff).set({ revokedAt: s.clock.now() }).where(eq(staff.email, m.email));
    expect((await call(s, 'POST', '/admin/auth/session/passkey-options', { email: m.email })).status).toBe(200);
    expect((await signInWith(m.email, m.key)).body).toMatchObject({ code: 4012 });
  });
});

describe('a signed-in member\'s passkeys', () => {
  const addWith = async (token: string, key: SoftPasskey) => {
    const options = (await call(s, 'POST', '/admin/auth/passkeys/options', undefined, { token })).body as unknown as Options & { excludeCredentials: { id: string }[] };
    return { options, added: await call(s, 'POST', '/admin/auth/passkeys', { response: key.create(options) }, { token }) };
  };

  test('a member who signs in with the app adds a passkey, lists it, signs in with it and removes it', async () => {
    const inv = await invited();
    const secret = String((await call(s, 'POST', '/admin/auth/invitation', { invite: inv.invite })).body.secret);
    const enrolled = await call(s, 'POST', '/admin/auth/enrolment', { invite: inv.invite, code: totpCode(secret, inv.email, s.clock.now()) });
    const token = String(enrolled.body.token);
    const key = softPasskey(ORIGIN);
    const { added } = await addWith(token, key);
    expect(added).toMatchObject({ status: 201, body: { transports: ['internal'], last_used_at: null } });
    const list = await call(s, 'GET', '/admin/auth/passkeys', undefined, { token });
    expect(list.body).toEqual({ data: [added.body] });
    const row = await rowOf(inv.email);
    expect(await auditOf('staff:passkeyAdded', row.id)).toHaveLength(1);

    const second = await addWith(token, softPasskey(ORIGIN));
    expect(second.options.excludeCredentials.map((c) => c.id), 'a device holds one passkey of a member').toEqual([key.credentialId]);
    expect((await signInWith(inv.email, key)).status).toBe(201);

    // the app stays: the only passkey may go
    for (const p of (await call(s, 'GET', '/admin/auth/passkeys', undefined, { token })).body.data as { id: number }[]) {
      expect((await call(s, 'DELETE', `/admin/auth/passkeys/${p.id}`, undefined, { token })).status).toBe(204);
    }
    expect((await call(s, 'GET', '/admin/auth/passkeys', undefined, { token })).body).toEqual({ data: [] });
    expect(await auditOf('staff:passkeyRemoved', row.id)).toHaveLength(2);
    expect((await signInWith(inv.email, key)).status).toBe(401);
  });

  test('a member removes only their own passkeys, and never the last way they sign in', async () => {
    const m = await enrolledWithPasskey();
    const other = await enrolledWithPasskey();
    const [theirs] = (await call(s, 'GET', '/admin/auth/passkeys', undefined, { token: other.token })).body.data as { id: number }[];
    expect((await call(s, 'DELETE', `/admin/auth/passkeys/${theirs!.id}`, undefined, { token: m.token })).status).toBe(404);
    const [mine] = (await call(s, 'GET', '/admin/auth/passkeys', undefined, { token: m.token })).body.data as { id: number }[];
    const last = await call(s, 'DELETE', `/admin/auth/passkeys/${mine!.id}`, undefined, { token: m.token });
    expect(last).toMatchObject({ status: 409, body: { code: 4094, message: messages['staff.passkey.lastFactor'] } });
    const spare = softPasskey(ORIGIN);
    expect((await addWith(m.token, spare)).added.status).toBe(201);
    expect((await call(s, 'DELETE', `/admin/auth/passkeys/${mine!.id}`, undefined, { token: m.token })).status).toBe(204);
    expect((await signInWith(m.email, spare)).status).toBe(201);
  });

  test('a passkey answered for the sign-in challenge does not add a passkey', async () => {
    const m = await enrolledWithPasskey();
    await signInOptions(m.email);
    const r = await call(s, 'POST', '/admin/auth/passkeys', { response: softPasskey(ORIGIN).create({ challenge: (await rowOf(m.email)).passkeyChallenge!.replace(/^signIn:/, ''), rp: {}, user: { id: 'eA' } }) }, { token: m.token });
    expect(r).toMatchObject({ status: 401, body: { code: 4012 } });
  });
});
