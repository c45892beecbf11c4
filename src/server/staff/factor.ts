import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { BRAND_NAME } from '#shared/brand';

/**
 * The back-office's second factor: a TOTP app (RFC 6238: SHA-1, 6 digits, 30 s, as every
 * authenticator app reads it) through `otpauth`. The secret is stored encrypted (AES-256-GCM with a
 * key derived from APP_SECRET), so a copy of the database alone signs no one in.
 */

const PERIOD_S = 30;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, email: string) =>
  new TOTP({ issuer: BRAND_NAME, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/**
 * The 30-second step a code is right for (this step, or the one before or after, for clocks a
 * little apart), or null. The caller refuses a step already used (a code is good once).
 */
export function totpStep(secret: string, email: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, email).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/** The code an app shows at `now` (tests and the local stand-in only). */
export const totpCode = (secret: string, email: string, now: Date): string => totpOf(secret, email).generate({ timestamp: now.getTime() });

const keyOf = (appSecret: string) => Buffer.from(hkdfSync('sha256', appSecret, 'staff-totp', 'totp-secret-at-rest', 32));

export function sealSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function openSecret(appSecret: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
