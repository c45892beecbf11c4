import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 6 digits from the CSPRNG. */
export const newAccessCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** 32 random bytes, URL-safe: session tokens and phone proofs. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens carry 256 random bits, so a plain SHA-256 is enough to store them. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Codes have only 10^6 values: keyed with APP_SECRET so a leaked table does not reveal them. */
export const hmac = (secret: string, value: string): string => createHmac('sha256', secret).update(value).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
