import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The figures a resilience suite hands to docs/quality.md: written by the suite at the end of its
 * run (RESULTS_DIR, one file per suite, not committed), rendered by scripts/quality.ts. Only what
 * the code decides goes in (counts, names, reasons): no times, no dates, no ids of a run.
 */
export const RESULTS_DIR = join('test-results', 'resilience');

/** One row of a suite's table: one kind of attempt. */
export interface AttemptRow {
  /** what was tried, in a line */
  tried: string;
  /** how many calls */
  times: number;
  /** answered with a refusal (the expected status and code) */
  refused: number;
  /** answered with success, yet nothing of the other party's was read, changed or revealed */
  survived: number;
  /** anything else: a leak, a write, a telling error, a wrong refusal */
  lost: number;
  /** the part of the suite it belongs to: a suite whose rows name one gets a table per part */
  group?: string;
}

export interface SuiteResults {
  /** the file name under RESULTS_DIR and the section's order in the document */
  id: string;
  title: string;
  /** a paragraph: what the suite proves and how */
  about: string;
  rows: AttemptRow[];
  /** facts about the coverage (label -> count), e.g. operations in the descriptors */
  coverage: Record<string, number>;
  /** operations a row does not try, each with its written reason */
  notTried: { operation: string; row: string; reason: string }[];
  /**
   * The suite did not run in this pass, for this reason: with `keepCommitted` (it runs in the other
   * CI pass) docs/quality.md keeps the section it has; otherwise the section gives the reason.
   */
  notRun?: { reason: string; keepCommitted: boolean };
}

export function writeSuiteResults(results: SuiteResults): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${results.id}.json`), `${JSON.stringify(results, null, 2)}\n`);
}

/** Every suite's results, in the order of their ids; none when the suite has not run. */
export function readSuiteResults(dir = RESULTS_DIR): SuiteResults[] {
  let names: string[];
  try { names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort(); } catch { return []; }
  return names.map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as SuiteResults);
}
