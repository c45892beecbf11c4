import { sql, type SQL } from 'drizzle-orm';

/**
 * The queue's lanes: each has its own loop and its own slots in every worker, so a job of one lane
 * never waits behind another lane's. Access codes (SMS, WhatsApp, e-mail) have a lane that bill
 * analyses (OCR, up to a minute each) can never fill; everything else (notices by e-mail, removal
 * of replaced files) has the third. A job's kind names its lane by its first word.
 */
export const LANES = ['codes', 'bills', 'work'] as const;
export type Lane = (typeof LANES)[number];

const PREFIX: Partial<Record<Lane, string>> = { codes: 'code.', bills: 'bill.' };

export const laneOf = (kind: string): Lane => (LANES.find((lane) => PREFIX[lane] !== undefined && kind.startsWith(PREFIX[lane])) ?? 'work');

/** The condition on `jobs.kind` that picks a lane's jobs (the same rule as laneOf). */
export function laneCondition(lane: Lane): SQL {
  const prefix = PREFIX[lane];
  if (prefix !== undefined) return sql`kind LIKE ${`${prefix}%`}`;
  const others = Object.values(PREFIX).map((p) => sql`kind NOT LIKE ${`${p}%`}`);
  return sql`(${sql.join(others, sql` AND `)})`;
}

/** What a lane may hold at once in one worker, and how long one of its jobs may run. */
export interface LaneSetting { concurrency: number; jobTimeoutMs: number }

export const DEFAULT_LANES: Record<Lane, LaneSetting> = {
  // a provider call has its own 10 s time-out (SMTP 5 s); a few at once keep a burst of sign-ins moving
  codes: { concurrency: 4, jobTimeoutMs: 30_000 },
  // the reader's own bounds are 20 s (text) + 45 s (OCR); OCR runs in a thread, so two fit two cores
  bills: { concurrency: 2, jobTimeoutMs: 120_000 },
  work: { concurrency: 2, jobTimeoutMs: 60_000 },
};
