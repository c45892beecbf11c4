import { describe, expect, test } from 'vitest';
import { MEASURED_PREFIX, measuredLine, qualityText, staleness } from '../../scripts/quality';
import type { SuiteResults } from '../resilience/results';

/**
 * docs/quality.md says when and on which commit its figures were measured, and its freshness check
 * compares the figures only: a run on another day or commit with the same figures is fresh, one
 * changed figure is stale.
 */
const suite = (lost: number): SuiteResults => ({
  id: '9-example', title: 'Example', about: 'An example suite.',
  rows: [{ tried: 'Something hostile', times: 3, refused: 3 - lost, survived: 0, lost }],
  coverage: { things: 3 }, notTried: [],
});

describe('docs/quality.md', () => {
  test('names the day and the commit the figures were measured on', () => {
    const line = measuredLine(new Date('2026-11-27T18:00:00Z'));
    expect(line).toMatch(/^Measured on 2026-11-27, (commit [0-9a-f]{12}( with uncommitted changes to the code)?|an unknown commit \(no git checkout\))\.$/);
    expect(qualityText([suite(0)], null, line).split('\n')).toContain(line);
  });

  test('the check compares the figures, not the day or the commit', () => {
    const committed = qualityText([suite(0)], null, `${MEASURED_PREFIX}2026-11-01, commit 0123456789ab.`);
    expect(staleness(committed, qualityText([suite(0)], null, `${MEASURED_PREFIX}2026-11-27, commit ba9876543210.`))).toBeNull();
    const changed = qualityText([suite(1)], null, `${MEASURED_PREFIX}2026-11-27, commit ba9876543210.`);
    const lineOfChange = changed.split('\n').findIndex((l) => l.startsWith('| Something hostile')) + 1;
    expect(staleness(committed, changed)).toBe(
      `docs/quality.md is stale at line ${lineOfChange}: has "| Something hostile | 3 | 3 | 0 | 0 |", the suites found "| Something hostile | 3 | 2 | 0 | 1 |"`,
    );
    expect(staleness(null, changed)).toMatch(/missing/);
  });
});
