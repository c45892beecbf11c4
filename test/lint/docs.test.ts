import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

/** A path of the repository written in prose: from a top folder of ours to its last segment. */
const CITED = /(?<![\w/.-])((?:src|test|machines|scripts|docs|drizzle|public|\.ci)\/[A-Za-z0-9_./-]+)/g;
const files = (dir: string, ext: string): string[] =>
  readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith(ext) && !f.includes('node_modules')).map((f) => join(dir, f));
const cited = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(CITED)].map((m) => m[1]!.replace(/[.,;:)]+$/, ''));

describe('the written record', () => {
  const docs = ['README.md', ...files('docs', '.md')];

  test('the decisions are numbered records, one topic each, all listed in their index', () => {
    const records = readdirSync('docs/decisions').filter((f) => /^\d{4}-.+\.md$/.test(f)).sort();
    expect(records.length).toBeGreaterThan(30);
    records.forEach((f, i) => expect(f.startsWith(String(i + 1).padStart(4, '0'))).toBe(true));
    const index = readFileSync('docs/decisions/README.md', 'utf8');
    for (const f of records) expect(index).toContain(`](${f})`);
  });

  test.each(docs)('every path %s cites exists', (file) => {
    expect(cited(file).filter((p) => !existsSync(p))).toEqual([]);
  });

  test('every document the code cites exists', () => {
    const code = [...files('src', '.ts'), ...files('src', '.tsx'), ...files('machines', '.ts'), ...files('test', '.ts'), ...files('test', '.tsx')];
    const missing = code.flatMap((f) => cited(f).filter((p) => p.startsWith('docs/') && !existsSync(p)).map((p) => `${f}: ${p}`));
    expect(missing).toEqual([]);
  });
});
