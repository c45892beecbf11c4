import type { SuiteResults } from '../test/resilience/results';

/**
 * The standards suite's tables for docs/quality.md (test/resilience/standards.test.ts): the response
 * headers each kind of answer carries, and the sign-in, session and upload rules held against NIST
 * SP 800-63B-4 and OWASP ASVS 5.0 line by line. Its results carry `standards` beside the usual
 * fields (its `rows` stay empty: tried/refused/survived/lost does not fit a requirement);
 * scripts/quality.ts renders a suite that has them with `standardsSection`.
 */

/** A header column: its name in the table and the requirement it answers to. */
export interface HeaderColumn { key: string; label: string; requirement: string }

/** One cell: what the answer carried (summarised), and whether it is what the row expects. */
export interface HeaderCell { shown: string; status: 'held' | 'not applicable' | 'known gap' | 'missing'; note?: string }

/** One kind of answer and what it carries, column by column. */
export interface HeaderRow { kind: string; request: string; cells: Record<string, HeaderCell> }

/** One requirement against what the portal does. */
export interface RequirementRow {
  /** the table it belongs to: customer sign-in, staff sign-in, sessions, uploads */
  group: string;
  /** the standard's reference (NIST SP 800-63B-4 section, ASVS 5.0 requirement id) */
  reference: string;
  /** what the standard asks, in a line */
  asks: string;
  /** what the portal does, with the values read from the code */
  portal: string;
  /** 'held', 'partly: why' or 'deviation: why' */
  verdict: string;
  /** the test in test/resilience/standards.test.ts that checks it */
  evidence: string;
}

export interface StandardsResults extends SuiteResults {
  standards: { columns: HeaderColumn[]; headers: HeaderRow[]; requirements: RequirementRow[] };
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const MARK: Record<HeaderCell['status'], string> = { held: '✓', 'not applicable': '–', 'known gap': '⚠', missing: '✗' };

function headerTable(s: StandardsResults['standards']): string[] {
  const notes = s.headers.flatMap((h) => s.columns.flatMap((c) => {
    const x = h.cells[c.key];
    return x?.note ? [`- ${h.kind}, ${c.label}: ${x.note}`] : [];
  }));
  return [
    '### Response headers',
    '',
    row(['Answer', ...s.columns.map((c) => `${c.label} (${c.requirement})`)]),
    row(['---', ...s.columns.map(() => '---')]),
    ...s.headers.map((h) => row([`${cell(h.kind)}<br>\`${cell(h.request)}\``, ...s.columns.map((c) => {
      const x = h.cells[c.key];
      return x ? `${x.shown ? `\`${cell(x.shown)}\` ` : ''}${MARK[x.status]}` : '';
    })])),
    '',
    '✓ held · – not applicable · ⚠ known gap (below) · ✗ missing (the suite fails)',
    '',
    ...(notes.length ? [...notes.map(cell), ''] : []),
  ];
}

function requirementTables(rows: RequirementRow[]): string[] {
  const groups = [...new Set(rows.map((r) => r.group))];
  return groups.flatMap((g) => [
    `### ${g}`,
    '',
    row(['Requirement', 'The standard asks', 'The portal', 'Verdict', 'Checked by']),
    row(['---', '---', '---', '---', '---']),
    ...rows.filter((r) => r.group === g).map((r) => row([cell(r.reference), cell(r.asks), cell(r.portal), cell(r.verdict), cell(`“${r.evidence}”`)])),
    '',
  ]);
}

/** The section of a suite with standards tables, or null for any other suite. */
export function standardsSection(suite: SuiteResults): string[] | null {
  const s = (suite as Partial<StandardsResults>).standards;
  if (!s || suite.notRun) return null;
  const verdicts = s.requirements.reduce<Record<string, number>>((t, r) => {
    const k = /^(held|partly|deviation|failed)/.exec(r.verdict)?.[1] ?? r.verdict;
    t[k] = (t[k] ?? 0) + 1;
    return t;
  }, {});
  return [
    `## ${suite.title}`,
    '',
    suite.about,
    '',
    ...headerTable(s),
    ...requirementTables(s.requirements),
    'Coverage:',
    '',
    ...Object.entries(suite.coverage).map(([label, n]) => `- ${label}: ${n}`),
    ...Object.entries(verdicts).map(([v, n]) => `- requirements ${v}: ${n}`),
    '',
  ];
}
