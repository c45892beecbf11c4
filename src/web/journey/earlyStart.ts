import type { Endpoint } from '#shared/endpoint';
import { EARLY_PROFILE_PATH, EARLY_START_GLOBAL, type EarlyStart } from '#shared/pageCode';

/**
 * The profile call the page's head made for the stored session (src/shared/pageCode.ts), handed to
 * the first profile read made with that session's token. Taken once: any later read is a new call.
 */
export function takeEarlyResponse(endpoint: Endpoint, token: string | null): Promise<Response | null> | undefined {
  if (typeof window === 'undefined' || endpoint.method !== 'get' || `/api/v1${endpoint.path}` !== EARLY_PROFILE_PATH) return undefined;
  const holder = window as { [EARLY_START_GLOBAL]?: EarlyStart };
  const early = holder[EARLY_START_GLOBAL];
  if (!early) return undefined;
  delete holder[EARLY_START_GLOBAL];
  return early.token === token ? early.profile : undefined;
}
