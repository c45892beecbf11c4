import { apiPath, type Endpoint } from '#shared/endpoint';
import { EARLY_READS_FOR_MS, EARLY_START_GLOBAL, type EarlyStart } from '#shared/pageCode';

/**
 * A read the page's head made for the stored session (src/shared/pageCode.ts: the profile, and on a
 * signed-in page its frame's and screen's first reads), handed to the page's own first read of
 * that path with that session's token. Each is taken once, and only in the first seconds after the
 * page opened: a later read is a call of its own.
 */
export function takeEarlyResponse(endpoint: Endpoint, token: string | null): Promise<Response | null> | undefined {
  if (typeof window === 'undefined' || endpoint.method !== 'get') return undefined;
  const holder = window as { [EARLY_START_GLOBAL]?: EarlyStart };
  const early = holder[EARLY_START_GLOBAL];
  if (!early) return undefined;
  if (Date.now() - early.at > EARLY_READS_FOR_MS) {
    delete holder[EARLY_START_GLOBAL];
    return undefined;
  }
  const path = apiPath(endpoint);
  const answer = early.reads[path];
  if (!answer) return undefined;
  delete early.reads[path];
  // a read that needs no session may take it whatever token the client holds
  return endpoint.auth === 'none' || early.token === token ? answer : undefined;
}
