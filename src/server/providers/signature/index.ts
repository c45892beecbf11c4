import { clicksignSignatures } from './clicksign';
import type { SignatureProvider } from './contract';
import { localSignatures } from './local';

/**
 * E-signature (ARCHITECTURE "E-signature"): the customer signs the contract in a frame inside the
 * portal, so they never leave it; the provider only says which key the frame opens and, later,
 * that the contract is signed.
 *
 * - `local`: our own signing page (`./local`), which records the signature itself: no vendor, no
 *   webhook; the default, for development and tests;
 * - `clicksign`: the vendor (`./clicksign`), API v1 with its embedded widget; it reports signatures
 *   by webhook, authenticated with an HMAC of the body.
 */

export * from './contract';
export { localSignatures } from './local';
export { clicksignSignatures } from './clicksign';

/**
 * From the environment: SIGNATURE_PROVIDER = `local` (default) or `clicksign`. Clicksign needs
 * CLICKSIGN_ACCESS_TOKEN and CLICKSIGN_WEBHOOK_SECRET; CLICKSIGN_BASE_URL defaults to
 * https://app.clicksign.com in production and to the sandbox (https://sandbox.clicksign.com) elsewhere. Errors name the
 * variable, never its value: these are secrets.
 */
export function signaturesFromEnv(env: NodeJS.ProcessEnv, fetchImpl?: typeof fetch, opts: { production?: boolean } = {}): SignatureProvider {
  const provider = env.SIGNATURE_PROVIDER || 'local';
  if (provider === 'local') return localSignatures();
  if (provider === 'clicksign') {
    if (!env.CLICKSIGN_ACCESS_TOKEN) throw new Error('SIGNATURE_PROVIDER=clicksign needs CLICKSIGN_ACCESS_TOKEN');
    if (!env.CLICKSIGN_WEBHOOK_SECRET) throw new Error('SIGNATURE_PROVIDER=clicksign needs CLICKSIGN_WEBHOOK_SECRET');
    // production signs for real: a forgotten CLICKSIGN_BASE_URL must not send contracts to the sandbox
    const baseUrl = env.CLICKSIGN_BASE_URL || (opts.production ? 'https://app.clicksign.com' : 'https://sandbox.clicksign.com');
    if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) throw new Error('CLICKSIGN_BASE_URL must be an http(s) URL');
    return clicksignSignatures({
      accessToken: env.CLICKSIGN_ACCESS_TOKEN,
      webhookSecret: env.CLICKSIGN_WEBHOOK_SECRET,
      baseUrl,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  }
  // a typo must not fall back to our own page silently
  throw new Error("SIGNATURE_PROVIDER must be 'local' or 'clicksign'");
}
