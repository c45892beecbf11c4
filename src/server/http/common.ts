import type { Context } from 'hono';
import { isIPv4, isIPv6 } from 'node:net';
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

/**
 * The key an address limit counts by (issue 29, F7): an IPv6 client by its /64, which one
 * subscriber holds whole (2^64 addresses would otherwise be 2^64 limits); an IPv4 client (also
 * written IPv4-mapped) by its address.
 */
export function limitKeyOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.split('%')[0]!);
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** An IPv4 address's /24 ('203.0.113.0/24'), or null for any other kind of address. */
export function ipv4Prefix24(address: string): string | null {
  const key = limitKeyOf(address);
  return isIPv4(key) ? `${key.split('.').slice(0, 3).join('.')}.0/24` : null;
}

function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => parseInt(g, 16));
}
