import * as v from 'valibot';
import { endpoint, failure, staffFailures } from '../endpoint';
import { ANY_STAFF } from './roles';
import { queue, queues } from './queues';
import { AuditTrail, StaffEnrolRequest, StaffInvitation, StaffInvitationRequest, StaffMe, StaffMember, StaffSession, StaffSignInRequest } from './payloads';

/** What only staff read across domains (the audit trail), and the back-office's sign-in. */

export const auditTrail = endpoint({
  method: 'get', path: '/admin/audit', auth: 'staff', roles: ['admin'], tag: 'admin',
  query: {
    customer_id: { description: 'only actions on this customer' },
    staff_id: { description: 'only actions of this staff member' },
    action: { schema: v.pipe(v.string(), v.trim(), v.maxLength(60)), description: "an action or its start ('bill:', 'staff:signInFailed')" },
    from: { schema: v.pipe(v.string(), v.isoDate()), description: 'from this day (yyyy-mm-dd, UTC)' },
    until: { schema: v.pipe(v.string(), v.isoDate()), description: 'until this day, inclusive (yyyy-mm-dd, UTC)' },
    page: { schema: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), description: 'page of 200, from 1' },
  },
  summary: 'The staff audit trail, newest first (who, when, what, before, after), filtered by who, what, customer and time.',
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

export const staffEndpoints = [queues, queue, auditTrail, readInvitation, enrol, signIn, currentSession, signOut, staffMembers, endSessions];
