import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps } from '../config';

/** The client's address for the per-address limit; X-Forwarded-For only behind a trusted proxy. */
export function clientAddress(c: Context, deps: Pick<AppDeps, 'trustProxy'>): string {
  if (deps.trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local'; // in-process requests (tests) have no socket
  }
}
