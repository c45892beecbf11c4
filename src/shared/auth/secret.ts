/**
 * The phone-code request's `secret` (spec §3 "Phone-code request: phone, coupon, recaptcha token,
 * secret"): 32 random bytes from the platform's CSPRNG (Web Crypto, in browsers and Node), URL-safe
 * base64 (43 characters), which `RequestSecret` in payloads.ts accepts.
 */
export function newRequestSecret(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
