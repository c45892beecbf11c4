import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '#shared/messages';
import { ACCOUNT_FAILURES, invite, IDLE_MINUTES } from '../../../src/server/staff/auth';
import { totpCode } from '../../../src/server/staff/factor';
import { createStaff } from '../../../src/server/staff/service';
import { staff, staffSessions } from '../../../src/server/platform/db/schema';
import { createTestServer, type TestServer } from '../../support/server';
import { call, newAddress } from '../../support/flows';

/**
 * Back-office sign-in (issue 14): an invitation, a TOTP app enrolled from it, then e-mail + the
 * app's code; wrong codes counted and, from the fifth in a row, growing waits; sessions short,
 * idle-limited, ended by signing out or by an admin; roles checked on every call.
 */
let s: TestServer;
let adminToken: string;
beforeAll(async () => {
  s = await createTestServer();
  adminToken = (await createStaff(s.db, s.clock, 'Script', `script.${process.pid}@empresa.com.br`, ['admin'])).token;
});
afterAll(async () => { await s.close(); });

let seq = 0;
async function invited(roles: Parameters<typeof invite>[1]['roles'] = ['analyst']) {
  const email = `pessoa.${process.pid}.${++seq}@empresa.com.br`;
  const { token } = await invite({ db: s.db, clock: s.clock }, { name: 'Beatriz Lima', email, roles });
  return { email, invite: token };
}

/** The invitation read, the secret "saved in the app", enrolled with its first code. */
async function enrolled(roles?: Parameters<typeof invited>[0]) {
  const inv = await invited(roles);
  const read = await call(s, 'POST', '/admin/auth/invitation', { invite: inv.invite });
  const secret = String(read.body.secret);
  const r = await call(s, 'POST', '/admin/auth/enrolment', { invite: inv.invite, code: totpCode(secret, inv.email, s.clock.now()) });
  expect(r.status).toBe(201);
  return { ...inv, secret, token: String(r.body.token) };
}

const nextCode = (m: { secret: string; email: string }) => {
  // a code is good once: the next one comes 30 s later, as in the app
  s.clock.advance(30_000);
  return totpCode(m.secret, m.email, s.clock.now());
};

describe('enrolment from an invitation', () => {
  test('the invitation shows who is invited and one secret (as QR and text) until the first code proves it saved; then it is spent', async () => {
    const inv = await invited(['analyst', 'sales']);
    const first = await call(s, 'POST', '/admin/auth/invitation', { invite: inv.invite });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Beatriz Lima', email: inv.email, roles: ['analyst', 'sales'] });
    expect(first.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
    expect(first.body.qr_svg).toMatch(/^<svg[^>]*>/);
    const again = await call(s, 'POST', '/admin/auth/invitation', { invite: inv.invite });
    expect(again.body.secret).toBe(first.body.secret);
    // the secret is kept encrypted, not as the app shows it
    const [row] = await s.db.select().from(staff).where(eq(staff.email, inv.email));
    expect(row?.totpPending).not.toContain(String(first.body.secret));

    const wrong = await call(s, 'POST', '/admin/auth/enrolment', { invite: inv.invite, code: '000000' === totpCode(String(first.body.secret), inv.email, s.clock.now()) ? '111111' : '000000' });
    expect(wrong).toMatchObject({ status: 401, body: { code: 4011, message: messages['staff.signIn.failed'] } });
    const right = await call(s, 'POST', '/admin/auth/enrolment', { invite: inv.invite, code: totpCode(String(first.body.secret), inv.email, s.clock.now()) });
    expect(right.status).toBe(201);
    expect(right.body).toMatchObject({ staff: { email: inv.email, roles: ['analyst', 'sales'] }, idle_minutes: IDLE_MINUTES });
    const me = await call(s, 'GET', '/admin/auth/session', undefined, { token: String(right.body.token) });
    expect(me).toMatchObject({ status: 200, body: { staff: { email: inv.email } } });
    expect((await call(s, 'POST', '/admin/auth/invitation', { invite: inv.invite })).body).toMatchObject({ code: 4046 });
  });

  test('an expired or unknown invitation is refused', async () => {
    const inv = await invited();
    s.clock.advance(8 * 86_400_000);
    expect((await call(s, 'POST', '/admin/auth/invitation', { invite: inv.invite })).status).toBe(404);
    expect((await call(s, 'POST', '/admin/auth/invitation', { invite: 'x'.repeat(43) })).status).toBe(404);
  });
});

describe('sign-in with e-mail and the app code', () => {
  test('the right code signs in, once; an unknown e-mail and a wrong code get the same answer', async () => {
    const m = await enrolled();
    const code = nextCode(m);
    const ok = await call(s, 'POST', '/admin/auth/session', { email: m.email.toUpperCase(), code });
    expect(ok.status).toBe(201);
    const replay = await call(s, 'POST', '/admin/auth/session', { email: m.email, code });
    expect(replay).toMatchObject({ status: 401, body: { code: 4011 } });
    const unknown = await call(s, 'POST', '/admin/auth/session', { email: `ninguem.${process.pid}@empresa.com.br`, code });
    // the same answer but for its own request id
    expect(unknown).toMatchObject({ status: 401, body: { ...replay.body, request_id: expect.any(String) } });
  });

  test('wrong codes are counted and audited; from the fifth in a row from one address, sign-in from it waits, doubling; the right code after the wait resets the count', async () => {
    const m = await enrolled();
    const address = newAddress();
    const wrong = () => call(s, 'POST', '/admin/auth/session', { email: m.email, code: totpCode(m.secret, m.email, new Date(s.clock.now().getTime() + 3_600_000)) }, { address });
    for (let i = 1; i <= 4; i++) expect((await wrong()).status).toBe(401);
    const fifth = await wrong();
    expect(fifth.status).toBe(401);
    const held = await call(s, 'POST', '/admin/auth/session', { email: m.email, code: nextCode(m) }, { address });
    expect(held).toMatchObject({ status: 429, body: { code: 4296, message: messages['staff.signIn.held'] } });
    expect(Number(held.body.retry_after_s)).toBeGreaterThan(0);
    expect(Number(held.body.retry_after_s)).toBeLessThanOrEqual(60);
    s.clock.advance(61_000);
    expect((await wrong()).status).toBe(401); // the sixth: two minutes now
    const stillHeld = await call(s, 'POST', '/admin/auth/session', { email: m.email, code: nextCode(m) }, { address });
    expect(Number(stillHeld.body.retry_after_s)).toBeGreaterThan(60);
    s.clock.advance(121_000);
    expect((await call(s, 'POST', '/admin/auth/session', { email: m.email, code: nextCode(m) }, { address })).status).toBe(201);
    const [row] = await s.db.select().from(staff).where(eq(staff.email, m.email));
    expect(row?.failedFactors).toBe(0);
    const trail = await call(s, 'GET', '/admin/audit', undefined, { token: adminToken });
    const failures = (trail.body.data as { action: string; staff_id: number }[]).filter((a) => a.action === 'staff:signInFailed' && a.staff_id === row?.id);
    expect(failures).toHaveLength(6);
  });
});

describe('sign-in under concurrency (issue 29, F3)', () => {
  test('200 wrong codes at once: no more are checked than the hold allows; the rest wait', async () => {
    const m = await enrolled();
    const wrongCode = totpCode(m.secret, m.email, new Date(s.clock.now().getTime() + 3_600_000));
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 200 }, () => call(s, 'POST', '/admin/auth/session', { email: m.email, code: wrongCode }, { address })));
    const checked = answers.filter((a) => a.status === 401).length;
    const held = answers.filter((a) => a.status === 429).length;
    // the fifth wrong code starts the hold: every later one waits unchecked
    expect([checked, held]).toEqual([5, 195]);
    const [row] = await s.db.select().from(staff).where(eq(staff.email, m.email));
    expect(row?.failedFactors).toBe(5);
  });

  test('the right code sent 10 times at once opens exactly one session', async () => {
    const m = await enrolled();
    const code = nextCode(m);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(s, 'POST', '/admin/auth/session', { email: m.email, code })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const [row] = await s.db.select().from(staff).where(eq(staff.email, m.email));
    const sessions = await s.db.select().from(staffSessions).where(eq(staffSessions.staffId, row!.id));
    // the enrolment's session and the one sign-in
    expect(sessions).toHaveLength(2);
  });
});

describe('holds a stranger cannot aim (issue 29, F4)', () => {
  test('a stranger\'s wrong codes hold the stranger\'s address, not the member signing in from elsewhere', async () => {
    const m = await enrolled();
    const stranger = newAddress();
    const guess = () => call(s, 'POST', '/admin/auth/session', { email: m.email, code: totpCode(m.secret, m.email, new Date(s.clock.now().getTime() + 3_600_000)) }, { address: stranger });
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(429);
    expect((await call(s, 'POST', '/admin/auth/session', { email: m.email, code: nextCode(m) }, { address: newAddress() })).status).toBe(201);
    // the member's sign-in does not lift the stranger's wait
    expect((await guess()).status).toBe(429);
  });

  test(`${ACCOUNT_FAILURES} wrong codes in a row from as many addresses hold the whole account`, async () => {
    const m = await enrolled();
    const code = totpCode(m.secret, m.email, new Date(s.clock.now().getTime() + 3_600_000));
    for (let i = 0; i < ACCOUNT_FAILURES; i++) {
      expect((await call(s, 'POST', '/admin/auth/session', { email: m.email, code }, { address: `198.51.${i >> 8}.${i & 255}` })).status).toBe(401);
    }
    const held = await call(s, 'POST', '/admin/auth/session', { email: m.email, code: nextCode(m) }, { address: newAddress() });
    expect(held).toMatchObject({ status: 429, body: { code: 4296 } });
  });
});

describe('sessions', () => {
  test(`end after ${IDLE_MINUTES} minutes idle, by signing out, and when an admin ends them`, async () => {
    const m = await enrolled();
    s.clock.advance((IDLE_MINUTES + 1) * 60_000);
    expect((await call(s, 'GET', '/admin/auth/session', undefined, { token: m.token })).status).toBe(401);

    const a = await call(s, 'POST', '/admin/auth/session', { email: m.email, code: nextCode(m) });
    const token = String(a.body.token);
    s.clock.advance((IDLE_MINUTES - 1) * 60_000);
    expect((await call(s, 'GET', '/admin/auth/session', undefined, { token })).status).toBe(200);
    s.clock.advance((IDLE_MINUTES - 1) * 60_000); // used a moment ago: still open
    expect((await call(s, 'GET', '/admin/auth/session', undefined, { token })).status).toBe(200);
    expect((await call(s, 'DELETE', '/admin/auth/session', undefined, { token })).status).toBe(204);
    expect((await call(s, 'GET', '/admin/auth/session', undefined, { token })).status).toBe(401);

    const b = await call(s, 'POST', '/admin/auth/session', { email: m.email, code: nextCode(m) });
    const c = await call(s, 'POST', '/admin/auth/session', { email: m.email, code: nextCode(m) });
    const [row] = await s.db.select().from(staff).where(eq(staff.email, m.email));
    const list = await call(s, 'GET', '/admin/staff', undefined, { token: adminToken });
    expect((list.body.data as { id: number; open_sessions: number }[]).find((x) => x.id === row?.id)?.open_sessions).toBe(2);
    const ended = await call(s, 'DELETE', `/admin/staff/${row?.id}/sessions`, undefined, { token: adminToken });
    expect(ended).toMatchObject({ status: 200, body: { ended: 2 } });
    for (const t of [b.body.token, c.body.token]) expect((await call(s, 'GET', '/admin/auth/session', undefined, { token: String(t) })).status).toBe(401);
  });

  test('a session is refused what its roles do not allow (4032), and allowed what they do', async () => {
    const support = await enrolled(['support']);
    const denied = await call(s, 'PUT', '/admin/customers/1/financing', { status: 'APPROVED', version: 1 }, { token: support.token });
    expect(denied).toMatchObject({ status: 403, body: { code: 4032, message: messages['staff.role.forbidden'] } });
    expect((await call(s, 'GET', '/admin/staff', undefined, { token: support.token })).status).toBe(403);
    expect((await call(s, 'GET', '/admin/config-calendar', undefined, { token: support.token })).status).toBe(200);
  });
});
