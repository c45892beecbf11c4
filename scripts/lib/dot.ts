import type { StateInfo, Statechart, TransitionInfo } from './statechart';

/**
 * Graphviz DOT for a statechart, for an SVG a person opens without any tool: compound and
 * parallel states are clusters (parallel regions dashed), each cluster has a small anchor node
 * so arrows can start or end on its border (`ltail`/`lhead`), the initial child is marked by a
 * dot, final states have a double border, descriptions are printed under the state's name.
 */

const FONT = 'Helvetica';

function nodeId(stateId: string): string {
  return `"${stateId.replace(/"/g, '\\"')}"`;
}

function anchorId(stateId: string): string {
  return nodeId(`${stateId}#anchor`);
}

function clusterId(stateId: string): string {
  return `"cluster_${stateId.replace(/"/g, '\\"')}"`;
}

function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Breaks a long sentence into lines of about `width` characters. */
function wrap(text: string, width = 34): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) { out.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

function details(s: StateInfo): string[] {
  const lines: string[] = [];
  if (s.invokes.length) lines.push(`invoke ${s.invokes.map((i) => i.src).join(', ')}`);
  if (s.entry.length) lines.push(`entry / ${s.entry.join(', ')}`);
  if (s.exit.length) lines.push(`exit / ${s.exit.join(', ')}`);
  for (const [key, value] of Object.entries(s.meta ?? {})) {
    if (key === 'path' && typeof value === 'string') lines.push(`screen ${value}`);
    else if (['string', 'number', 'boolean'].includes(typeof value)) lines.push(`${key} ${String(value)}`);
  }
  if (s.route) lines.push(`opens by URL${s.route.guard ? ` [${s.route.guard}]` : ''}`);
  return lines;
}

function label(s: StateInfo, title: string): string {
  const rows = [`<b>${html(title)}</b>`];
  for (const d of details(s)) rows.push(`<font point-size="9" color="#1f4e79">${html(d)}</font>`);
  if (s.description) for (const l of wrap(s.description)) rows.push(`<font point-size="9" color="#555555"><i>${html(l)}</i></font>`);
  return `<${rows.join('<br/>')}>`;
}

export function edgeLabel(t: TransitionInfo): string {
  const rows = [`<b>${html(t.trigger)}</b>`];
  if (t.guard) rows.push(`<font color="#7a4d00">[${html(t.guard)}]</font>`);
  if (t.actions.length) rows.push(`<font color="#1f4e79">/ ${html(t.actions.join(', '))}</font>`);
  if (t.description) rows.push(...wrap(t.description).map((l) => `<font point-size="8" color="#555555"><i>${html(l)}</i></font>`));
  return `<${rows.join('<br/>')}>`;
}

export function toDot(chart: Statechart, header: string, rankdir: 'TB' | 'LR' = 'TB'): string {
  const lines: string[] = [
    `// ${header}`,
    `digraph ${JSON.stringify(chart.id)} {`,
    `  compound=true; rankdir=${rankdir}; nodesep=0.5; ranksep=0.5;`,
    `  graph [fontname="${FONT}", fontsize=12, labeljust=l, style="rounded", color="#888888", label=<<b>${html(chart.id)}</b>${chart.root.description ? wrap(chart.root.description, 90).map((l) => `<br/><font point-size="10" color="#555555"><i>${html(l)}</i></font>`).join('') : ''}>, labelloc=t];`,
    `  node [fontname="${FONT}", fontsize=11, shape=box, style="rounded,filled", fillcolor="#eef4fb", color="#36648b", margin="0.12,0.06"];`,
    `  edge [fontname="${FONT}", fontsize=9, color="#444444", arrowsize=0.7];`,
  ];
  const compound = new Set(chart.states.filter((s) => s.children.length).map((s) => s.id));
  compound.add(chart.root.id);

  const emit = (s: StateInfo, indent: string, regionOfParallel: boolean) => {
    if (s.children.length) {
      lines.push(`${indent}subgraph ${clusterId(s.id)} {`);
      const style = regionOfParallel ? 'dashed,rounded' : s.type === 'parallel' ? 'rounded,bold' : 'rounded';
      lines.push(`${indent}  label=${label(s, s.type === 'parallel' ? `${s.key} (parallel)` : s.key)}; style="${style}"; bgcolor="${regionOfParallel ? '#ffffff' : '#f8f8f8'}";`);
      emitChildren(s, `${indent}  `);
      lines.push(`${indent}}`);
    } else if (s.type === 'final') {
      lines.push(`${indent}${nodeId(s.id)} [label=${label(s, s.key)}, peripheries=2, fillcolor="#e8f5e9", color="#2e7d32"];`);
    } else if (s.type === 'history') {
      lines.push(`${indent}${nodeId(s.id)} [label="H", shape=circle, width=0.3];`);
    } else {
      lines.push(`${indent}${nodeId(s.id)} [label=${label(s, s.key)}];`);
    }
  };

  const emitChildren = (s: StateInfo, indent: string) => {
    // The anchor: the initial dot of a compound state, an invisible point otherwise.
    const initial = s.children.find((c) => c.key === s.initial);
    if (initial) {
      lines.push(`${indent}${anchorId(s.id)} [shape=point, width=0.12, style=filled, fillcolor=black, label=""];`);
      lines.push(`${indent}${anchorId(s.id)} -> ${entryNode(initial)} [arrowsize=0.5${initial.children.length ? `, lhead=${clusterId(initial.id)}` : ''}];`);
    } else {
      lines.push(`${indent}${anchorId(s.id)} [shape=point, width=0.01, style=invis, label=""];`);
    }
    for (const child of s.children) emit(child, indent, s.type === 'parallel');
  };

  // Arrows into a parallel state land on its first region's initial dot, clipped at the border.
  const entryNode = (s: StateInfo): string => {
    if (s.type === 'parallel' && s.children[0]) return entryNode(s.children[0]);
    return s.children.length ? anchorId(s.id) : nodeId(s.id);
  };

  if (chart.root.children.length) emitChildren(chart.root, '  ');

  if (chart.transitions.some((t) => t.kind !== 'route' && t.sourceId === chart.root.id)) {
    lines.push(`  ${nodeId(`${chart.root.id}#any`)} [label=<<i>from any state</i>>, shape=plaintext, style="", fillcolor=none];`);
  }
  for (const t of chart.transitions) {
    if (t.kind === 'route') continue;
    const source = chart.states.find((s) => s.id === t.sourceId) ?? chart.root;
    const targets = t.targets.length ? t.targets : [t.sourceId];
    for (const targetId of targets) {
      const target = chart.states.find((s) => s.id === targetId) ?? chart.root;
      const attrs = [`label=${edgeLabel(t)}`];
      if (compound.has(source.id) && source.id !== chart.root.id) attrs.push(`ltail=${clusterId(source.id)}`);
      // lhead on a cluster that contains the source would hide the arrow: Graphviz drops it.
      if (compound.has(target.id) && !(t.sourceId === target.id || t.sourceId.startsWith(`${target.id}.`))) attrs.push(`lhead=${clusterId(target.id)}`);
      if (t.kind === 'after') attrs.push('style=dashed', 'color="#8a5a00"');
      if (t.kind === 'always') attrs.push('color="#666666"');
      if (t.kind === 'actor.error') attrs.push('color="#b00020"');
      if (!t.targets.length) attrs.push('style=dotted');
      const from = source.id === chart.root.id ? nodeId(`${chart.root.id}#any`) : entryNode(source);
      // A machine-wide event that changes no state loops on "from any state".
      const to = target.id === chart.root.id ? from : entryNode(target);
      lines.push(`  ${from} -> ${to} [${attrs.filter((a) => !(to === from && a.startsWith('lhead'))).join(', ')}];`);
    }
  }
  const routes = chart.transitions.filter((t) => t.kind === 'route').length;
  if (routes) lines.push(`  "routes#note" [shape=note, fillcolor="#fffbe6", label=${JSON.stringify(`${routes} states open by URL (xstate.route): marked "opens by URL"`)}];`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
