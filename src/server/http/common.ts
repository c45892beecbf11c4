import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps } from '../config';

/**
 * The client's address for the per-address limits. Behind `trustProxy` trusted proxies (hops),
 * each of which appends the address it saw to X-Forwarded-For, the client is the hops-th entry
 * from the right: what the client wrote itself stays on the left and is never taken. A header with
 * fewer entries than hops was written by trusted proxies only, so its left-most entry (the farthest
 * address they saw) is taken; no header, no proxy trusted: the socket's address.
 */
export function clientAddress(c: Context, deps: Pick<AppDeps, 'trustProxy'>): string {
  const hops = deps.trustProxy;
  if (hops > 0) {
    const entries = (c.req.header('X-Forwarded-For') ?? '').split(',').map((e) => e.trim()).filter((e) => e !== '');
    const seen = entries.length >= hops ? entries[entries.length - hops] : entries[0];
    if (seen) return seen;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local'; // in-process requests (tests) have no socket
  }
}
