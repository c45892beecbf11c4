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
/** Audit lines per page (GET admin/audit?page=N): a page fits a screen's reading, the rest a click away. */
export const AUDIT_PAGE_SIZE = 50;

export const AuditTrail = v.object({ data: v.array(AuditEntry) });

/**
 * Passkeys (WebAuthn) as the second factor, beside the TOTP app. Options go to the browser as
 * @simplewebauthn/server writes them (loose: the browser takes fields this schema does not name);
 * the browser's answer comes back as @simplewebauthn/browser writes it (extension results, which
 * the server asks for none of, are dropped), and the server's WebAuthn check reads every byte of it.
 */
const base64url = (max: number) => v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]*$/, 'Resposta da chave de acesso inválida.'), v.maxLength(max));
const credentialFields = { id: base64url(1400), rawId: base64url(1400), type: v.literal('public-key'), authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])) };
const transports = v.array(v.pipe(v.string(), v.maxLength(20)));

/** What navigator.credentials.create() answered (attestation 'none' or any other the server checks). */
export const PasskeyRegistration = v.object({
  ...credentialFields,
  response: v.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(30_000),
    authenticatorData: v.optional(base64url(30_000)),
    transports: v.optional(transports),
    publicKeyAlgorithm: v.optional(v.number()),
    publicKey: v.optional(base64url(30_000)),
  }),
});

/** What navigator.credentials.get() answered. */
export const PasskeyAssertion = v.object({
  ...credentialFields,
  response: v.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(8000),
    userHandle: v.optional(base64url(200)),
  }),
});

const rpEntity = v.looseObject({ id: v.optional(v.string()), name: v.string() });
const descriptor = v.looseObject({ id: v.string(), type: v.literal('public-key'), transports: v.optional(transports) });

/** Options for navigator.credentials.create(): the member, the challenge (5 minutes, once), the passkeys they already have. */
export const PasskeyCreationOptions = v.looseObject({
  challenge: v.string(),
  rp: rpEntity,
  user: v.looseObject({ id: v.string(), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.looseObject({ type: v.literal('public-key'), alg: v.number() })),
  timeout: v.optional(v.number()),
  excludeCredentials: v.optional(v.array(descriptor)),
});

/** Options for navigator.credentials.get(): the same shape for every e-mail, known or not. */
export const PasskeyRequestOptions = v.looseObject({
  challenge: v.string(),
  rpId: v.optional(v.string()),
  timeout: v.optional(v.number()),
  userVerification: v.optional(v.string()),
  allowCredentials: v.optional(v.array(descriptor)),
});

const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('Digite um e-mail válido.'), v.maxLength(200));

/** POST admin/auth/enrolment/passkey: the invitation and the passkey made for it; the member is signed in. */
export const StaffPasskeyEnrolRequest = v.object({ invite, response: PasskeyRegistration });

/** POST admin/auth/session/passkey-options: sign-in starts with the e-mail. */
export const StaffPasskeyOptionsRequest = v.object({ email });

/** POST admin/auth/session/passkey: the e-mail and what the passkey signed. */
export const StaffPasskeySignInRequest = v.object({ email, response: PasskeyAssertion });

/** POST admin/auth/passkeys: a signed-in member adds a passkey. */
export const StaffPasskeyAddRequest = v.object({ response: PasskeyRegistration });

/** One of the member's passkeys (never its key). */
export const StaffPasskey = v.object({
  id: v.number(),
  created_at: v.string(),
  last_used_at: v.nullable(v.string()),
  /** how the browser reaches it: 'internal' (this device), 'hybrid' (a phone), 'usb', 'nfc', 'ble' */
  transports: v.array(v.string()),
});
export type StaffPasskey = v.InferOutput<typeof StaffPasskey>;
export const StaffPasskeys = v.object({ data: v.array(StaffPasskey) });
