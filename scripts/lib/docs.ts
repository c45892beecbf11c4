import type { AnyStateMachine } from 'xstate';
import { instance, type Viz } from '@viz-js/viz';
import { readStatechart, type Statechart, type TransitionInfo } from './statechart';
import { toMermaid } from './mermaid';
import { toDot } from './dot';
import { toStatelyJson } from './stately';
import { PATHS, type ScreenKey } from '../../src/shared/routes';

/**
 * The generated files of docs/statecharts/ for a list of machines, as (path, text) pairs, so the
 * script can write them or compare them with what is committed.
 */

export interface DocumentedMachine {
  /** File name stem and title: `auth`, `journey`. */
  name: string;
  machine: AnyStateMachine;
  /** One sentence an analyst reads in the index. */
  purpose: string;
  /** Screens (keys of src/shared/routes.ts) whose showing this machine decides; empty for server-side machines. Printed as their paths. */
  screens: readonly ScreenKey[];
  /** Where it runs when it decides no route (a header part, the server). */
  runsIn?: string;
  /** Where the machine is written, relative to the repository root. */
  source: string;
}

export const GENERATOR = 'scripts/diagrams.ts';
const header = (source: string) => `Written by ${GENERATOR} (npm run diagrams) from ${source}; do not edit by hand.`;

export interface GeneratedFile { path: string; text: string; machine?: string }

let vizInstance: Promise<Viz> | undefined;

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function shortId(chart: Statechart, id: string): string {
  return id === chart.id ? '(machine)' : id.slice(chart.id.length + 1);
}

function transitionRow(chart: Statechart, t: TransitionInfo): string {
  const to = t.targets.length ? t.targets.map((x) => shortId(chart, x)).join(', ') : '(stays)';
  return `| ${cell(shortId(chart, t.sourceId))} | ${cell(t.trigger)} | ${cell(t.guard ?? '')} | ${cell(t.actions.join(', '))} | ${cell(to)}${t.reenter ? ' (re-entered)' : ''} |`;
}

/** The screens' paths as the docs print them: `/login`, `/sign-up`. */
const screenPaths = (entry: DocumentedMachine): string => entry.screens.map((key) => `\`${PATHS[key]}\``).join(', ');

export function countTransitions(chart: Statechart): number {
  return chart.transitions.length;
}

function markdown(entry: DocumentedMachine, chart: Statechart): string {
  const lines = [
    `<!-- ${header(entry.source)} -->`,
    `# ${entry.name}`,
    '',
    entry.purpose,
    '',
    ...(chart.root.description ? [`> ${chart.root.description}`, ''] : []),
    `- Source: \`${entry.source}\` (machine id \`${chart.id}\`)`,
    `- ${chart.states.length} states, ${chart.transitions.length} transitions`,
    `- Screens it drives (after \`/pt\`): ${entry.screens.length ? screenPaths(entry) : `none (runs in ${entry.runsIn ?? 'the server'})`}`,
    `- Picture: [${entry.name}.svg](${entry.name}.svg) · Stately editor import: [${entry.name}.json](${entry.name}.json)`,
    '',
    'Arrows read `event [guard] / actions`. `after x (n s)` fires when the state has lasted that long;',
    '`actor done` / `actor error` are the outcomes of the service the state invokes; `always` is taken',
    'as soon as its guard holds. Notes hold the state\'s description.',
    '',
    '```mermaid',
    toMermaid(chart).trimEnd(),
    '```',
    '',
    '## States',
    '',
    '| State | Kind | Invokes | Description |',
    '|---|---|---|---|',
    ...chart.states.map((s) => {
      const kind = [s.type, ...(s.initial ? [`starts in ${s.initial}`] : []), ...(s.route ? ['opens by URL'] : [])].join(', ');
      const meta = Object.entries(s.meta ?? {}).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
        .map(([k, v]) => (k === 'path' ? `Screen \`${String(v)}\`.` : `${k} ${String(v)}.`));
      const desc = [s.description ?? '', ...meta].filter(Boolean).join(' ');
      return `| ${cell(shortId(chart, s.id))} | ${cell(kind)} | ${cell(s.invokes.map((i) => i.src).join(', '))} | ${cell(desc)} |`;
    }),
    '',
    '## Transitions',
    '',
    '| From | Trigger | Guard | Actions | To |',
    '|---|---|---|---|---|',
    ...chart.transitions.map((t) => transitionRow(chart, t)),
    '',
  ];
  return lines.join('\n');
}

async function svg(chart: Statechart, source: string): Promise<string> {
  vizInstance ??= instance();
  const viz = await vizInstance;
  // Both directions are laid out; the one closest to a screen's shape (about 16:10) is kept.
  const layouts = (['TB', 'LR'] as const).map((dir) => {
    const result = viz.render(toDot(chart, header(source), dir), { format: 'svg', engine: 'dot' });
    if (result.status !== 'success') throw new Error(`Graphviz failed for ${chart.id}: ${result.errors.map((e) => e.message).join('; ')}`);
    const size = /width="([\d.]+)pt" height="([\d.]+)pt"/.exec(result.output);
    const ratio = size ? Number(size[1]) / Number(size[2]) : 1.6;
    return { result, misfit: Math.abs(Math.log(ratio / 1.6)) };
  });
  const { result } = layouts.reduce((best, l) => (l.misfit < best.misfit ? l : best));
  // An XML declaration must come first when present; without it the comment can lead.
  const body = result.output.replace(/^<\?xml[^>]*>\s*/, '').replace(/^<!DOCTYPE[^>]*>\s*/, '');
  return `<!-- ${header(source)} -->\n${body}`;
}

export async function generateDocs(entries: readonly DocumentedMachine[], dir = 'docs/statecharts'): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  const rows: string[] = [];
  for (const entry of entries) {
    const chart = readStatechart(entry.machine);
    files.push({ path: `${dir}/${entry.name}.md`, text: markdown(entry, chart), machine: entry.name });
    files.push({ path: `${dir}/${entry.name}.svg`, text: await svg(chart, entry.source), machine: entry.name });
    files.push({ path: `${dir}/${entry.name}.json`, text: toStatelyJson(entry.machine, chart, header(entry.source)), machine: entry.name });
    rows.push(`| [${entry.name}](${entry.name}.md) | ${cell(entry.purpose)} | ${chart.states.length} | ${chart.transitions.length} | ${entry.screens.length ? screenPaths(entry) : `none (${entry.runsIn ?? 'server'})`} | [svg](${entry.name}.svg) · [json](${entry.name}.json) |`);
  }
  const index = [
    `<!-- ${header('machines/index.ts')} -->`,
    '# Statecharts',
    '',
    'One diagram per machine registered in `machines/index.ts`, generated from the machines the app runs.',
    'Each page has the Mermaid diagram (renders on code hosts), a table of every state and transition,',
    'a picture (SVG, opens in any browser) and the machine config as JSON for Stately\'s editor',
    '(Import → paste the JSON). Regenerate with `npm run diagrams`; `npm run diagrams -- --check` fails',
    'when these files differ from the machines. Path-test coverage: [coverage.md](coverage.md) (written by',
    '`npm run test:paths`).',
    '',
    '| Machine | Purpose | States | Transitions | Screens it drives (after `/pt`) | Files |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ];
  files.push({ path: `${dir}/README.md`, text: index.join('\n') });
  return files;
}
