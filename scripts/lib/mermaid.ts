import type { StateInfo, Statechart, TransitionInfo } from './statechart';

/**
 * Mermaid `stateDiagram-v2` text for a statechart: nested blocks for compound states, `--`
 * between the regions of a parallel state, `[*]` for initial and final states, guards in
 * brackets and actions after a slash on the arrows, descriptions as notes.
 */

/** Mermaid ids allow letters, digits and underscores; dots and dashes become underscores. */
export function mermaidId(stateId: string): string {
  return stateId.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Label text Mermaid will not read as syntax (`:`, `;`, `#` and braces end or break a label). */
function safe(text: string): string {
  return text.replace(/[;#{}]/g, ' ').replace(/:/g, '∶').replace(/\s+/g, ' ').trim();
}

export function transitionLabel(t: TransitionInfo): string {
  const parts = [t.trigger];
  if (t.guard) parts.push(`[${t.guard}]`);
  if (t.actions.length) parts.push(`/ ${t.actions.join(', ')}`);
  return safe(parts.join(' '));
}

function stateLabel(s: StateInfo): string {
  const extras: string[] = [];
  if (s.invokes.length) extras.push(`invoke ${s.invokes.map((i) => i.src).join(', ')}`);
  if (s.entry.length) extras.push(`entry ${s.entry.join(', ')}`);
  if (s.exit.length) extras.push(`exit ${s.exit.join(', ')}`);
  return extras.length ? `${s.key}<br/><small>${safe(extras.join(' · '))}</small>` : s.key;
}

export function toMermaid(chart: Statechart): string {
  const lines: string[] = ['stateDiagram-v2'];
  const byParent = new Map<string, TransitionInfo[]>();
  // Arrows are written inside the innermost block holding both ends, so Mermaid lays them out there.
  const ancestorOf = (a: string, b: string) => b === a || b.startsWith(`${a}.`);
  // A parallel state's block holds only its regions: Mermaid reads anything after a `--` as part
  // of the last region, so arrows between a region and its parent go one level out.
  const containerOf = (t: TransitionInfo): string => {
    const ends = [t.sourceId, ...t.targets];
    let container = chart.root.id;
    const walk = (s: StateInfo) => {
      for (const child of s.children) {
        if (child.children.length && ends.every((e) => ancestorOf(child.id, e) && e !== child.id)) {
          if (child.type !== 'parallel') container = child.id;
          walk(child);
        }
      }
    };
    walk(chart.root);
    return container;
  };
  for (const t of chart.transitions) {
    // Mermaid has no arrow from the diagram itself: machine-wide events and routes become a note.
    if (t.kind === 'route' || t.sourceId === chart.root.id) continue;
    const c = containerOf(t);
    byParent.set(c, [...(byParent.get(c) ?? []), t]);
  }

  const emitBlock = (state: StateInfo, indent: string) => {
    const children = state.children;
    if (state.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        emitState(region, indent);
      });
    } else {
      if (state.initial) {
        const initial = children.find((c) => c.key === state.initial);
        if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial.id)}`);
      }
      for (const child of children) emitState(child, indent);
      for (const child of children) if (child.type === 'final') lines.push(`${indent}${mermaidId(child.id)} --> [*]`);
    }
    for (const t of byParent.get(state.id) ?? []) emitTransition(t, indent);
  };

  const emitState = (state: StateInfo, indent: string) => {
    const id = mermaidId(state.id);
    lines.push(`${indent}state "${stateLabel(state)}" as ${id}`);
    if (state.children.length) {
      lines.push(`${indent}state ${id} {`);
      emitBlock(state, `${indent}  `);
      lines.push(`${indent}}`);
    }
    const notes: string[] = [];
    if (state.description) notes.push(safe(state.description));
    if (state.route) notes.push(`URL can open it${state.route.guard ? ` [${safe(state.route.guard)}]` : ''}`);
    const path = state.meta?.['path'];
    if (typeof path === 'string') notes.push(`screen ${safe(path)}`);
    if (notes.length) lines.push(`${indent}note right of ${id}`, ...notes.map((n) => `${indent}  ${n}`), `${indent}end note`);
  };

  const emitTransition = (t: TransitionInfo, indent: string) => {
    const from = mermaidId(t.sourceId);
    const label = transitionLabel(t);
    const targets = t.targets.length ? t.targets : [t.sourceId];
    for (const target of targets) lines.push(`${indent}${from} --> ${mermaidId(target)}: ${label}`);
  };

  emitBlock(chart.root, '  ');
  const rootWide = chart.transitions.filter((t) => t.kind !== 'route' && t.sourceId === chart.root.id);
  const routes = chart.transitions.filter((t) => t.kind === 'route');
  const wideNotes = [
    ...rootWide.map((t) => `From any state ${transitionLabel(t)} → ${t.targets.map((x) => x.split('.').slice(1).join('.')).join(', ') || 'stays'}`),
    ...(routes.length ? [`${routes.length} states can be opened by URL (xstate.route)`] : []),
  ];
  if (wideNotes.length && chart.root.children[0]) {
    lines.push(`  note left of ${mermaidId(chart.root.children[0].id)}`, ...wideNotes.map((n) => `    ${safe(n)}`), '  end note');
  }
  return `${lines.join('\n')}\n`;
}
