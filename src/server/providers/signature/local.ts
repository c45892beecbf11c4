import { randomBytes } from 'node:crypto';
import type { SignatureProvider } from './contract';

/**
 * Our own signing page (/sign/{key}), served by the portal itself: nothing leaves the server, so
 * there is no document at a provider, no webhook and no signed file to fetch; the page records the
 * signature itself. The key is the only thing that opens the page, hence 256 random bits.
 */
export function localSignatures(): SignatureProvider {
  return {
    name: 'local',
    frameOrigin: null,
    request: async () => ({ key: randomBytes(32).toString('base64url'), documentRef: null }),
    // relative: the frame is on our own origin
    frameUrl: (key, origin) => `/sign/${encodeURIComponent(key)}?embedded=true&origin=${encodeURIComponent(origin)}`,
    parseWebhook: () => null,
    signedFile: async () => null,
  };
}
