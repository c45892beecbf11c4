import type { Clock } from '../config';

/**
 * Calls per key over a sliding window, counted in this process: for endpoints that must not become
 * a free service to anyone (the CEP lookup per customer, the signature check per address). Answers
 * whether one more call fits, and counts it when it does. The oldest key is forgotten past `maxKeys`.
 */
export function windowLimiter<K>(clock: Clock, limit: number, windowMs: number, maxKeys = 10_000): (key: K) => boolean {
  const calls = new Map<K, number[]>();
  return (key) => {
    const now = clock.now().getTime();
    const recent = (calls.get(key) ?? []).filter((t) => t > now - windowMs);
    if (recent.length >= limit) { calls.set(key, recent); return false; }
    recent.push(now);
    calls.set(key, recent);
    if (calls.size > maxKeys) calls.delete(calls.keys().next().value as K);
    return true;
  };
}
