import { createHmac } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type RegistrationResponseJSON, type WebAuthnCredential,
} from '@simplewebauthn/server';
import type * as v from 'valibot';
import { BRAND_NAME } from '#shared/brand';
import type { PasskeyAssertion, PasskeyRegistration, StaffPasskey } from '#shared/staff/payloads';
import type { AppDeps } from '../config';
import type { Tx } from '../platform/db/index';
import { staff, staffPasskeys } from '../platform/db/schema';
import { DomainError } from '../errors';
import { sha256 } from '../auth/crypto';
import { countFailedFactor, invited, openSession, refuseWhileHeld, signedIn, type StaffCaller } from './auth';
import { audit } from './audit';

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server) as a member's second factor, beside the TOTP
 * app: made on the invitation page instead of the app, or added once signed in; used with the
 * e-mail to sign in. The browser's answer is checked against a challenge kept on the member's row
 * (good once, for CHALLENGE_MINUTES), this site's origin and RP ID, and user verification (a PIN or
 * a fingerprint on the device). Sign-in failures count with the wrong codes (auth.ts).
 *
 * Passkeys are discoverable (resident): sign-in options never list a member's passkeys, so they read
 * the same for every e-mail, known or not; the passkey the browser picks must be one of the e-mail's
 * member.
 */

/** A challenge handed out is good for this long, once. */
export const CHALLENGE_MINUTES = 5;
/** EdDSA, ES256, RS256: what phones, computers and security keys make. */
const ALGORITHMS = [-8, -7, -257];

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secret'>;
type StaffRow = typeof staff.$inferSelect;
type PasskeyRow = typeof staffPasskeys.$inferSelect;
type Purpose = 'register' | 'signIn';

/** Where passkeys are made and used: the portal's origin (PUBLIC_ORIGIN, else the request's) and its host name as RP ID. */
export interface PasskeySite { origin: string; rpID: string }
export const passkeySite = (origin: string): PasskeySite => ({ origin, rpID: new URL(origin).hostname });

/** The member's WebAuthn user handle: stable and opaque (no e-mail, no id in the clear). */
const userHandleOf = (appSecret: string, staffId: number): Uint8Array<ArrayBuffer> =>
  new Uint8Array(createHmac('sha256', appSecret).update(`staff-passkey-user:${staffId}`).digest());

const refused = () => new DomainError('STAFF_PASSKEY_FAILED');

async function keepChallenge(deps: Deps, staffId: number, purpose: Purpose, challenge: string): Promise<void> {
  const expires = new Date(deps.clock.now().getTime() + CHALLENGE_MINUTES * 60_000);
  await deps.db.update(staff).set({ passkeyChallenge: `${purpose}:${challenge}`, passkeyChallengeExpiresAt: expires }).where(eq(staff.id, staffId));
}

/** The challenge last handed out to the member for `purpose`, spent on reading; null when none, another purpose's or expired. */
async function takeChallenge(deps: Deps, row: StaffRow, purpose: Purpose): Promise<string | null> {
  const kept = row.passkeyChallenge;
  if (!kept) return null;
  // spent only if still the one read: two answers racing for one challenge, one of them wins
  const [spent] = await deps.db.update(staff).set({ passkeyChallenge: null, passkeyChallengeExpiresAt: null })
    .where(and(eq(staff.id, row.id), eq(staff.passkeyChallenge, kept))).returning({ id: staff.id });
  const live = row.passkeyChallengeExpiresAt !== null && row.passkeyChallengeExpiresAt > deps.clock.now();
  return spent && live && kept.startsWith(`${purpose}:`) ? kept.slice(purpose.length + 1) : null;
}

const passkeysOf = (deps: Pick<AppDeps, 'db'>, staffId: number) =>
  deps.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId)).orderBy(asc(staffPasskeys.id));

const summaryOf = (p: PasskeyRow): StaffPasskey => ({
  id: p.id, created_at: p.createdAt.toISOString(), last_used_at: p.lastUsedAt?.toISOString() ?? null, transports: p.transports,
});

async function creationOptions(deps: Deps, site: PasskeySite, row: StaffRow) {
  const options = await generateRegistrationOptions({
    rpName: `${BRAND_NAME} · back-office`, rpID: site.rpID,
    userName: row.email, userDisplayName: row.name, userID: userHandleOf(deps.secret, row.id),
    attestationType: 'none', timeout: CHALLENGE_MINUTES * 60_000, supportedAlgorithmIDs: ALGORITHMS,
    excludeCredentials: (await passkeysOf(deps, row.id)).map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(deps, row.id, 'register', options.challenge);
  return options;
}

/** The new passkey's credential when the browser's answer proves it (challenge, origin, RP ID, user verified); else null. */
async function provenCredential(deps: Deps, site: PasskeySite, row: StaffRow, response: v.InferOutput<typeof PasskeyRegistration>): Promise<WebAuthnCredential | null> {
  const challenge = await takeChallenge(deps, row, 'register');
  if (!challenge) return null;
  try {
    const verified = await verifyRegistrationResponse({
      // the shape is checked by the shared schema; the library reads and checks every byte
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge, expectedOrigin: site.origin, expectedRPID: site.rpID,
      requireUserVerification: true, supportedAlgorithmIDs: ALGORITHMS,
    });
    return verified.verified ? verified.registrationInfo.credential : null;
  } catch {
    return null;
  }
}

/** Keeps a proven passkey; null when that credential is already someone's. */
async function keepPasskey(tx: Tx, deps: Pick<AppDeps, 'clock'>, staffId: number, credential: WebAuthnCredential): Promise<PasskeyRow | null> {
  const [kept] = await tx.insert(staffPasskeys).values({
    staffId, credentialId: credential.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter, transports: credential.transports ?? [], createdAt: deps.clock.now(),
  }).onConflictDoNothing().returning();
  return kept ?? null;
}

/** Options to make a passkey on the invitation page (the invitation's member; 404 for a dead invitation). */
export async function invitationOptions(deps: Deps, site: PasskeySite, invite: string) {
  return creationOptions(deps, site, await invited(deps, invite));
}

/** Enrolment with a passkey instead of the app: the passkey kept, the invitation spent, the member signed in. */
export async function enrolWithPasskey(deps: Deps, site: PasskeySite, input: { invite: string; response: v.InferOutput<typeof PasskeyRegistration> }) {
  const row = await invited(deps, input.invite);
  const credential = await provenCredential(deps, site, row, input.response);
  if (!credential) throw refused();
  const enrolled = await deps.db.transaction(async (tx) => {
    const [member] = await tx.update(staff).set({
      totpPending: null, inviteHash: null, inviteExpiresAt: null, enrolledAt: deps.clock.now(), failedFactors: 0, heldUntil: null,
    }).where(and(eq(staff.id, row.id), eq(staff.inviteHash, sha256(input.invite)))).returning();
    if (!member) throw new DomainError('STAFF_INVITE_INVALID');
    const kept = await keepPasskey(tx, deps, row.id, credential);
    if (!kept) throw refused();
    await audit(tx, deps.clock, { staffId: row.id, action: 'staff:enrolled', customerId: null, before: null, after: { factor: 'passkey', passkey_id: kept.id } });
    return member;
  });
  return openSession(deps, enrolled);
}

async function callerRow(deps: Deps, caller: StaffCaller): Promise<StaffRow> {
  const [row] = await deps.db.select().from(staff).where(eq(staff.id, caller.id));
  if (!row) throw new DomainError('UNAUTHORIZED');
  return row;
}

/** Options for the member signed in to add a passkey (their passkeys excluded: a device holds one). */
export async function addOptions(deps: Deps, site: PasskeySite, caller: StaffCaller) {
  return creationOptions(deps, site, await callerRow(deps, caller));
}

/** A passkey added by the member signed in (audited). */
export async function addPasskey(deps: Deps, site: PasskeySite, caller: StaffCaller, response: v.InferOutput<typeof PasskeyRegistration>): Promise<StaffPasskey> {
  const row = await callerRow(deps, caller);
  const credential = await provenCredential(deps, site, row, response);
  if (!credential) throw refused();
  return deps.db.transaction(async (tx) => {
    const kept = await keepPasskey(tx, deps, row.id, credential);
    if (!kept) throw refused();
    await audit(tx, deps.clock, { staffId: row.id, action: 'staff:passkeyAdded', customerId: null, before: null, after: { passkey_id: kept.id, transports: kept.transports } });
    return summaryOf(kept);
  });
}

export async function listPasskeys(deps: Deps, caller: StaffCaller): Promise<StaffPasskey[]> {
  return (await passkeysOf(deps, caller.id)).map(summaryOf);
}

/** One of the member's own passkeys removed (audited); never the last way they sign in (409 4094). */
export async function removePasskey(deps: Deps, caller: StaffCaller, passkeyId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.id, caller.id)).for('update');
    const theirs = await tx.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, caller.id));
    const passkey = theirs.find((p) => p.id === passkeyId);
    if (!member || !passkey) throw new DomainError('NOT_FOUND');
    if (theirs.length === 1 && !member.totpSecret && !member.tokenHash) throw new DomainError('STAFF_LAST_FACTOR');
    await tx.delete(staffPasskeys).where(eq(staffPasskeys.id, passkey.id));
    await audit(tx, deps.clock, { staffId: caller.id, action: 'staff:passkeyRemoved', customerId: null, before: summaryOf(passkey), after: null });
  });
}

/**
 * Options to sign in with a passkey. The same for any e-mail (no list of the member's passkeys); the
 * challenge is kept only for a member who may sign in. While the member's sign-in challenge is
 * live it is handed out again rather than replaced: anyone may ask for options with a member's
 * e-mail, and a new challenge each time would spoil the one the member's device is signing.
 */
export async function signInOptions(deps: Deps, site: PasskeySite, email: string) {
  const [row] = await deps.db.select({ id: staff.id, revokedAt: staff.revokedAt, kept: staff.passkeyChallenge, until: staff.passkeyChallengeExpiresAt })
    .from(staff).where(eq(staff.email, email.trim().toLowerCase()));
  const live = row && !row.revokedAt && row.kept?.startsWith('signIn:') && row.until !== null && row.until > deps.clock.now() ? row.kept.slice('signIn:'.length) : undefined;
  // an e-mail that signs no one in also gets the same challenge again for a while, so asking twice tells nothing
  const window = Math.floor(deps.clock.now().getTime() / (CHALLENGE_MINUTES * 60_000));
  const stranger = !row || row.revokedAt ? createHmac('sha256', deps.secret).update(`staff-passkey-nobody:${email.trim().toLowerCase()}:${window}`).digest() : undefined;
  const challenge = live ? Buffer.from(live, 'base64url') : stranger;
  const options = await generateAuthenticationOptions({
    rpID: site.rpID, userVerification: 'required', timeout: CHALLENGE_MINUTES * 60_000,
    ...(challenge ? { challenge: new Uint8Array(challenge) } : {}),
  });
  if (row && !row.revokedAt && !live) await keepChallenge(deps, row.id, 'signIn', options.challenge);
  return options;
}

/** Whether the assertion is one of the member's passkeys, signed over the kept challenge, with a counter that moved on. */
async function proven(deps: Deps, site: PasskeySite, row: StaffRow, response: v.InferOutput<typeof PasskeyAssertion>): Promise<{ passkey: PasskeyRow; counter: number } | null> {
  const challenge = await takeChallenge(deps, row, 'signIn');
  const [passkey] = await deps.db.select().from(staffPasskeys).where(and(eq(staffPasskeys.staffId, row.id), eq(staffPasskeys.credentialId, response.id)));
  if (!challenge || !passkey) return null;
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(deps.secret, row.id)).toString('base64url')) return null;
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge, expectedOrigin: site.origin, expectedRPID: site.rpID, requireUserVerification: true,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: passkey.transports },
    });
    return verified.verified ? { passkey, counter: verified.authenticationInfo.newCounter } : null;
  } catch {
    // a bad signature, another origin, no user verification, or a counter that did not move on (a cloned authenticator)
    return null;
  }
}

/**
 * E-mail and a passkey. An unknown e-mail and a passkey that is not the member's get the same
 * answer; every failure for a member counts with the wrong app codes (same waits, same audit).
 */
export async function signInWithPasskey(deps: Deps, site: PasskeySite, input: { email: string; response: v.InferOutput<typeof PasskeyAssertion> }, address: string) {
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(staff).where(eq(staff.email, input.email.trim().toLowerCase()));
  if (!row || row.revokedAt || !row.enrolledAt) throw refused();
  await refuseWhileHeld(deps.db, row, address, now);
  const ok = await proven(deps, site, row, input.response);
  // the counter is written only over the one read: a second use of the same answer finds it moved
  const [used] = ok ? await deps.db.update(staffPasskeys).set({ counter: ok.counter, lastUsedAt: now })
    .where(and(eq(staffPasskeys.id, ok.passkey.id), eq(staffPasskeys.counter, ok.passkey.counter))).returning({ id: staffPasskeys.id }) : [];
  if (!used) {
    await countFailedFactor(deps, row, address, now);
    throw refused();
  }
  return signedIn(deps, row, 'passkey', address);
}

