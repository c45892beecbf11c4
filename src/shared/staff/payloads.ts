import * as v from 'valibot';
import { messages as m } from '../messages';
import { STAFF_ROLES } from './roles';

/** A staff member as the back-office shows them. */
export const StaffMember = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  roles: v.array(v.picklist(STAFF_ROLES)),
});
export type StaffMember = v.InferOutput<typeof StaffMember>;

const invite = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{20,100}$/, m['staff.invite.invalid']));
const appCode = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'Digite os 6 números que o aplicativo mostra.'));

/** POST admin/auth/invitation: the invitation link's token (from its #fragment, never a query). */
export const StaffInvitationRequest = v.object({ invite });

/** Who is invited, and the TOTP secret to save in an authenticator app (as a QR code and as text). */
export const StaffInvitation = v.object({
  name: v.string(),
  email: v.string(),
  roles: v.array(v.picklist(STAFF_ROLES)),
  /** otpauth:// URI, what the QR code holds */
  otpauth_uri: v.string(),
  /** the same secret in base32, for typing into the app */
  secret: v.string(),
  /** the QR code as an SVG document */
  qr_svg: v.string(),
});
export type StaffInvitation = v.InferOutput<typeof StaffInvitation>;

/** POST admin/auth/enrolment: the first code from the app proves the secret was saved; the member is signed in. */
export const StaffEnrolRequest = v.object({ invite, code: appCode });

/** POST admin/auth/session: sign in with e-mail and the app's code. */
export const StaffSignInRequest = v.object({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('Digite um e-mail válido.'), v.maxLength(200)),
  code: appCode,
});

/** A back-office session: the bearer token (kept in the tab only), when it ends at the latest, and after how long idle. */
export const StaffSession = v.object({
  token: v.string(),
  expires_at: v.string(),
  idle_minutes: v.number(),
  staff: StaffMember,
});
export type StaffSession = v.InferOutput<typeof StaffSession>;

/** GET admin/auth/session: the member signed in. */
export const StaffMe = v.object({ staff: StaffMember, expires_at: v.string() });

/** One line of the audit trail: who (a staff member, or none for what a customer did), what, on whom, before and after, when. */
export const AuditEntry = v.object({
  id: v.number(),
  staff_id: v.nullable(v.number()),
  staff_email: v.nullable(v.string()),
  action: v.string(),
  customer_id: v.nullable(v.number()),
  before: v.unknown(),
  after: v.unknown(),
  at: v.string(),
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;
export const AuditTrail = v.object({ data: v.array(AuditEntry) });
