import type { AnyStateMachine } from 'xstate';
import type { StateInfo, Statechart, TransitionInfo } from './statechart';

/**
 * The machine as an XState 5 machine config in JSON, which Stately's editor imports: guards,
 * actions, actors and delays by name, targets as `#id` references, actor outcomes under
 * `invoke.onDone`/`onError`, delays under `after`. Implementations are not part of it.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function transitionConfig(t: TransitionInfo): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  if (t.targets.length === 1) out['target'] = `#${t.targets[0]}`;
  else if (t.targets.length > 1) out['target'] = t.targets.map((id) => `#${id}`);
  if (t.guard) out['guard'] = t.guard;
  if (t.actions.length) out['actions'] = t.actions;
  if (t.reenter) out['reenter'] = true;
  if (t.description) out['description'] = t.description;
  return out;
}

function group(list: TransitionInfo[]): Json {
  const configs = list.map(transitionConfig);
  return configs.length === 1 ? configs[0]! : configs;
}

/** JSON-safe copy of a value: functions and actor refs dropped. */
function plain(value: unknown): Json | undefined {
  if (value === undefined || typeof value === 'function') return undefined;
  try {
    return JSON.parse(JSON.stringify(value)) as Json;
  } catch {
    return undefined;
  }
}

export function toStatelyConfig(machine: AnyStateMachine, chart: Statechart): { [key: string]: Json } {
  const bySource = new Map<string, TransitionInfo[]>();
  for (const t of chart.transitions) bySource.set(t.sourceId, [...(bySource.get(t.sourceId) ?? []), t]);

  const stateConfig = (s: StateInfo, isRoot: boolean): { [key: string]: Json } => {
    const out: { [key: string]: Json } = {};
    if (isRoot) out['id'] = s.id;
    if (s.type === 'parallel' || s.type === 'final' || s.type === 'history') out['type'] = s.type;
    if (s.initial) out['initial'] = s.initial;
    if (s.description) out['description'] = s.description;
    if (s.tags.length) out['tags'] = s.tags;
    const meta = plain(s.meta);
    if (meta !== undefined) out['meta'] = meta;
    if (s.entry.length) out['entry'] = s.entry;
    if (s.exit.length) out['exit'] = s.exit;
    if (s.route) out['route'] = s.route.guard ? { guard: s.route.guard } : {};
    const own = (bySource.get(s.id) ?? []).filter((t) => t.kind !== 'route');
    if (s.invokes.length) {
      out['invoke'] = s.invokes.map((inv) => {
        const c: { [key: string]: Json } = { id: inv.id, src: inv.src };
        const done = own.filter((t) => t.kind === 'actor.done' && t.actorId === inv.id);
        const error = own.filter((t) => t.kind === 'actor.error' && t.actorId === inv.id);
        const snapshot = own.filter((t) => t.kind === 'actor.snapshot' && t.actorId === inv.id);
        if (done.length) c['onDone'] = group(done);
        if (error.length) c['onError'] = group(error);
        if (snapshot.length) c['onSnapshot'] = group(snapshot);
        return c;
      });
    }
    const after = own.filter((t) => t.kind === 'after');
    if (after.length) {
      const byDelay: { [key: string]: TransitionInfo[] } = {};
      for (const t of after) (byDelay[t.delay?.ref ?? 'delay'] ??= []).push(t);
      out['after'] = Object.fromEntries(Object.entries(byDelay).map(([k, v]) => [k, group(v)]));
    }
    const always = own.filter((t) => t.kind === 'always');
    if (always.length) out['always'] = group(always);
    const doneState = own.filter((t) => t.kind === 'state.done');
    if (doneState.length) out['onDone'] = group(doneState);
    const events = own.filter((t) => t.kind === 'event');
    if (events.length) {
      const on: { [key: string]: TransitionInfo[] } = {};
      for (const t of events) (on[t.eventType] ??= []).push(t);
      out['on'] = Object.fromEntries(Object.entries(on).map(([k, v]) => [k, group(v)]));
    }
    if (s.children.length) out['states'] = Object.fromEntries(s.children.map((c) => [c.key, stateConfig(c, false)]));
    return out;
  };

  const config = stateConfig(chart.root, true);
  const context = plain((machine.config as { context?: unknown }).context);
  if (context !== undefined) return { id: config['id']!, context, ...config };
  return config;
}

/** JSON text whose first line names the script that writes it (JSON has no comments). */
export function toStatelyJson(machine: AnyStateMachine, chart: Statechart, header: string): string {
  const body = JSON.stringify({ $comment: header, ...toStatelyConfig(machine, chart) }, null, 2);
  return `${body.replace(/^\{\n\s+/, '{ ')}\n`;
}
