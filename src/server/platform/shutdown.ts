import type { Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';

/** SHUTDOWN_TIMEOUT_MS: how long in-flight requests get to finish at shutdown; default 25 s (under a 30 s kill grace). */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;

/** A whole number of milliseconds, 0..600000; anything else stops the start-up. */
export function shutdownTimeoutOf(env: NodeJS.ProcessEnv): number {
  const raw = env.SHUTDOWN_TIMEOUT_MS?.trim();
  if (!raw) return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > 600_000) throw new Error('SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds (0..600000)');
  return ms;
}

/**
 * Stops accepting connections and waits for the requests in flight: idle keep-alive connections
 * are closed at once and again as their requests end (so a client's keep-alive never holds the
 * shutdown open), and whatever is still open after `timeoutMs` is cut. True when every request
 * ended by itself.
 */
export async function drainServer(server: Server | Http2Server | Http2SecureServer, timeoutMs: number): Promise<boolean> {
  const http = server as Server;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  http.closeIdleConnections?.();
  // a connection whose request ends during the drain goes idle: close it then
  const sweep = setInterval(() => http.closeIdleConnections?.(), 50);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); });
  const drained = await Promise.race([closed.then(() => true), timedOut]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (!drained) {
    http.closeAllConnections?.();
    await closed;
  }
  return drained;
}
