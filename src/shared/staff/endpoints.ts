import * as v from 'valibot';
import { endpoint, failure, staffFailures } from '../endpoint';
import { ANY_STAFF } from './roles';
import { queue, queues } from './queues';
import {
  AUDIT_PAGE_SIZE, AuditTrail, PasskeyCreationOptions, PasskeyRequestOptions, StaffEnrolRequest, StaffInvitation, StaffInvitationRequest, StaffMe, StaffMember, StaffPasskey,
  StaffPasskeyAddRequest, StaffPasskeyEnrolRequest, StaffPasskeyOptionsRequest, StaffPasskeys, StaffPasskeySignInRequest, StaffSession, StaffSignInRequest,
} from './payloads';

/** What only staff read across domains (the audit trail), and the back-office's sign-in. */

export const auditTrail = endpoint({
  method: 'get', path: '/admin/audit', auth: 'staff', roles: ['admin'], tag: 'admin',
  query: {
    customer_id: { description: 'only actions on this customer' },
    staff_id: { description: 'only actions of this staff member' },
    action: { schema: v.pipe(v.string(), v.trim(), v.maxLength(60)), description: "an action or its start ('bill:', 'staff:signInFailed')" },
    from: { schema: v.pipe(v.string(), v.isoDate()), description: 'from this day (yyyy-mm-dd, UTC)' },
    until: { schema: v.pipe(v.string(), v.isoDate()), description: 'until this day, inclusive (yyyy-mm-dd, UTC)' },
    page: { schema: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), description: `page of ${AUDIT_PAGE_SIZE}, from 1` },
    order: { schema: v.picklist(['newest', 'oldest']), description: 'newest first (the default) or oldest first' },
  },
  summary: 'The staff audit trail, newest first or oldest first (who, when, what, before, after), filtered by who, what, customer and time, a page at a time.',
  responses: { 200: { description: 'audit entries', schema: AuditTrail }, 400: failure('a filter that is not valid (4000)'), ...staffFailures },
});

export const readInvitation = endpoint({
  method: 'post', path: '/admin/auth/invitation', auth: 'none', tag: 'staff auth', body: StaffInvitationRequest,
  summary: "An invitation's member and the TOTP secret to save in an authenticator app (the same secret until enrolment).",
  responses: { 200: { description: 'the invitation', schema: StaffInvitation }, 404: failure('unknown, used or expired invitation (4046)') },
});

export const enrol = endpoint({
  method: 'post', path: '/admin/auth/enrolment', auth: 'none', tag: 'staff auth', body: StaffEnrolRequest,
  summary: "Finish enrolment with the app's first code: the factor is kept and the member signed in.",
  responses: {
    201: { description: 'signed in', schema: StaffSession },
    401: failure('wrong code (4011)'),
    404: failure('unknown, used or expired invitation (4046)'),
  },
});

export const signIn = endpoint({
  method: 'post', path: '/admin/auth/session', auth: 'none', tag: 'staff auth', body: StaffSignInRequest,
  summary: "Sign in with e-mail and the authenticator app's code (one answer for an unknown e-mail and a wrong code).",
  responses: {
    201: { description: 'signed in', schema: StaffSession },
    401: failure('wrong e-mail or code (4011); each wrong code is counted'),
    429: failure('held after repeated wrong codes (4296, retry_after_s)'),
  },
});

export const invitationPasskeyOptions = endpoint({
  method: 'post', path: '/admin/auth/invitation/passkey-options', auth: 'none', tag: 'staff auth', body: StaffInvitationRequest,
  summary: 'Options to make a passkey for an invitation, instead of the TOTP app (the challenge is good once, for 5 minutes).',
  responses: { 200: { description: 'options for navigator.credentials.create()', schema: PasskeyCreationOptions }, 404: failure('unknown, used or expired invitation (4046)') },
});

export const enrolPasskey = endpoint({
  method: 'post', path: '/admin/auth/enrolment/passkey', auth: 'none', tag: 'staff auth', body: StaffPasskeyEnrolRequest,
  summary: 'Finish enrolment with a passkey: it is kept, the invitation spent and the member signed in.',
  responses: {
    201: { description: 'signed in', schema: StaffSession },
    401: failure('the passkey was not confirmed (4012)'),
    404: failure('unknown, used or expired invitation (4046)'),
  },
});

export const signInPasskeyOptions = endpoint({
  method: 'post', path: '/admin/auth/session/passkey-options', auth: 'none', tag: 'staff auth', body: StaffPasskeyOptionsRequest,
  summary: 'Options to sign in with a passkey; the same shape for an unknown e-mail (the challenge is good once, for 5 minutes).',
  responses: { 200: { description: 'options for navigator.credentials.get()', schema: PasskeyRequestOptions } },
});

export const signInPasskey = endpoint({
  method: 'post', path: '/admin/auth/session/passkey', auth: 'none', tag: 'staff auth', body: StaffPasskeySignInRequest,
  summary: "Sign in with e-mail and a passkey (one answer for an unknown e-mail and a passkey not the member's).",
  responses: {
    201: { description: 'signed in', schema: StaffSession },
    401: failure('the passkey was not confirmed (4012); each failure is counted with the wrong codes'),
    429: failure('held after repeated failures (4296, retry_after_s)'),
  },
});

export const passkeyOptions = endpoint({
  method: 'post', path: '/admin/auth/passkeys/options', auth: 'staff', roles: ANY_STAFF, tag: 'staff auth',
  summary: 'Options to add a passkey to the member signed in (the challenge is good once, for 5 minutes).',
  responses: { 200: { description: 'options for navigator.credentials.create()', schema: PasskeyCreationOptions }, ...staffFailures },
});

export const addPasskey = endpoint({
  method: 'post', path: '/admin/auth/passkeys', auth: 'staff', roles: ANY_STAFF, tag: 'staff auth', body: StaffPasskeyAddRequest,
  summary: 'Keep a new passkey for the member signed in (audited).',
  responses: { 201: { description: 'the passkey', schema: StaffPasskey }, ...staffFailures, 401: failure('no valid staff token or session (4010), or the passkey was not confirmed (4012)') },
});

export const listPasskeys = endpoint({
  method: 'get', path: '/admin/auth/passkeys', auth: 'staff', roles: ANY_STAFF, tag: 'staff auth',
  summary: 'The passkeys of the member signed in.',
  responses: { 200: { description: 'the passkeys', schema: StaffPasskeys }, ...staffFailures },
});

export const removePasskey = endpoint({
  method: 'delete', path: '/admin/auth/passkeys/:passkeyId', auth: 'staff', roles: ANY_STAFF, tag: 'staff auth',
  summary: "Remove one of the signed-in member's own passkeys (audited); never their last way to sign in.",
  responses: {
    204: { description: 'removed' },
    404: failure('not a passkey of this member'),
    409: failure('it is the only way this member signs in (4094)'),
    ...staffFailures,
  },
});

export const currentSession = endpoint({
  method: 'get', path: '/admin/auth/session', auth: 'staff', roles: ANY_STAFF, tag: 'staff auth',
  summary: 'The member signed in and when the session ends.',
  responses: { 200: { description: 'the member', schema: StaffMe }, ...staffFailures },
});

export const signOut = endpoint({
  method: 'delete', path: '/admin/auth/session', auth: 'staff', roles: ANY_STAFF, tag: 'staff auth',
  summary: 'End this session.',
  responses: { 204: { description: 'ended' }, ...staffFailures },
});

export const StaffList = v.object({ data: v.array(v.object({ ...StaffMember.entries, enrolled: v.boolean(), revoked: v.boolean(), open_sessions: v.number() })) });

export const staffMembers = endpoint({
  method: 'get', path: '/admin/staff', auth: 'staff', roles: ['admin'], tag: 'staff auth',
  summary: 'The staff, their roles and open sessions.',
  responses: { 200: { description: 'the staff', schema: StaffList }, ...staffFailures },
});

export const endSessions = endpoint({
  method: 'delete', path: '/admin/staff/:staffId/sessions', auth: 'staff', roles: ['admin'], tag: 'staff auth',
  summary: "End every open session of a member (audited).",
  responses: { 200: { description: 'how many ended', schema: v.object({ ended: v.number() }) }, 404: failure('no such member'), ...staffFailures },
});

export const staffEndpoints = [
  queues, queue, auditTrail, readInvitation, enrol, signIn, invitationPasskeyOptions, enrolPasskey, signInPasskeyOptions, signInPasskey,
  passkeyOptions, addPasskey, listPasskeys, removePasskey, currentSession, signOut, staffMembers, endSessions,
];
