/**
 * What a field reader returns: the value with the runs it was read from and a confidence.
 * Several readers may find the same field in different places (the bill's header box, the
 * payment slip, the items table); `vote` keeps the value most places agree on.
 */
import type { Evidence } from './layout';

export interface Read<T> {
  value: T;
  /** 0..1: how sure the reader is (agreement between places, label strength, OCR). */
  confidence: number;
  evidence: Evidence[];
}

/** A value found in one place, with how much that place is trusted. */
export interface Vote<T> { value: T; weight: number; evidence: Evidence }

/**
 * The value with the largest total weight; ties go to the first found. Confidence grows with the
 * winning weight and falls with the weight of the values that disagree.
 */
export function vote<T>(votes: ReadonlyArray<Vote<T>>, key: (v: T) => string = (v) => JSON.stringify(v), sure = 3): Read<T> | null {
  if (votes.length === 0) return null;
  const tally = new Map<string, { value: T; weight: number; evidence: Evidence[] }>();
  for (const v of votes) {
    const k = key(v.value);
    const t = tally.get(k) ?? { value: v.value, weight: 0, evidence: [] };
    t.weight += v.weight;
    if (t.evidence.length < 4) t.evidence.push(v.evidence);
    tally.set(k, t);
  }
  const ranked = [...tally.values()].sort((a, b) => b.weight - a.weight);
  const best = ranked[0]!;
  const others = ranked.slice(1).reduce((s, t) => s + t.weight, 0);
  const confidence = Math.min(1, best.weight / sure) * (best.weight / (best.weight + others));
  return { value: best.value, confidence: Math.round(confidence * 100) / 100, evidence: best.evidence };
}

export const sureRead = <T>(value: T, evidence: Evidence[], confidence = 1): Read<T> => ({ value, confidence, evidence });
