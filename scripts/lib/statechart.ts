import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * A plain description of a machine's state nodes and transitions, read from `machine.root`.
 * Diagrams, the Stately JSON and the path-coverage totals are all drawn from this one walk, so they
 * count the same things.
 */
export interface StateInfo {
  id: string;
  key: string;
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Key of the initial child (compound states). */
  initial?: string;
  description?: string;
  entry: string[];
  exit: string[];
  invokes: { id: string; src: string }[];
  tags: string[];
  /** Set when the state can be reached from a URL (`route:` config); the guard's name if any. */
  route?: { guard?: string };
  meta?: Record<string, unknown>;
  children: StateInfo[];
}

export type TransitionKind =
  | 'event' | 'always' | 'after' | 'actor.done' | 'actor.error' | 'actor.snapshot' | 'state.done' | 'route';

export interface TransitionInfo {
  /** Stable identity: source id, event descriptor and position among that event's candidates. */
  key: string;
  sourceId: string;
  eventType: string;
  kind: TransitionKind;
  /** What a person reads on the arrow: the event, `after resendCooldown (30 s)`, `sendCode done`. */
  trigger: string;
  targets: string[];
  guard?: string;
  actions: string[];
  description?: string;
  reenter: boolean;
  /** For `after`: the delay as written (name or milliseconds) and, when known, in milliseconds. */
  delay?: { ref: string; ms?: number };
  /** For actor outcomes: the invoke id. */
  actorId?: string;
}

export interface Statechart {
  id: string;
  root: StateInfo;
  states: StateInfo[];
  transitions: TransitionInfo[];
  /** Names used in the machine that are inline functions (nameless in diagrams and paths). */
  nameless: string[];
}

type Named = { type?: unknown; name?: string } & Record<string, unknown>;

/** The name of a guard as the machine spells it; higher-order guards spelled out. */
export function guardName(guard: unknown, nameless?: string[], where = ''): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object') {
    const g = guard as Named;
    const params = g['params'];
    return typeof g.type === 'string' ? g.type + formatParams(params) : 'guard';
  }
  if (typeof guard === 'function') {
    const g = guard as unknown as Named & { check?: { name?: string }; guards?: unknown[]; stateValue?: unknown };
    const check = g.check?.name;
    const inner = (g.guards ?? []).map((x) => guardName(x, nameless, where) ?? '?');
    if (check === 'checkAnd') return inner.join(' and ');
    if (check === 'checkOr') return `(${inner.join(' or ')})`;
    if (check === 'checkNot') return `not ${inner[0] ?? '?'}`;
    if (check === 'checkStateIn') return `in(${JSON.stringify(g.stateValue)})`;
    nameless?.push(`guard on ${where}`);
    return 'inline guard';
  }
  return undefined;
}

function formatParams(params: unknown): string {
  if (params === undefined || typeof params === 'function') return '';
  return `(${JSON.stringify(params)})`;
}

/** The names of actions; built-in action creators shown by what they do. Delay plumbing hidden. */
export function actionNames(actions: readonly unknown[], nameless?: string[], where = ''): string[] {
  const out: string[] = [];
  for (const action of actions) {
    if (typeof action === 'string') { out.push(action); continue; }
    if (action && typeof action === 'object') {
      const a = action as Named;
      out.push(typeof a.type === 'string' ? a.type + formatParams(a['params']) : 'action');
      continue;
    }
    if (typeof action !== 'function') continue;
    const a = action as unknown as Named & { assignment?: unknown; event?: unknown; delay?: unknown; sendId?: unknown; id?: unknown };
    switch (a.type) {
      case 'xstate.assign': {
        const keys = a.assignment && typeof a.assignment === 'object' ? Object.keys(a.assignment) : [];
        out.push(keys.length ? `assign(${keys.join(', ')})` : 'assign');
        break;
      }
      case 'xstate.raise': {
        const ev = a.event && typeof a.event === 'object' ? (a.event as { type?: string }).type : undefined;
        // `after:` is implemented as a delayed raise on entry and a cancel on exit: the arrow shows it.
        if (ev?.startsWith('xstate.after.')) break;
        out.push(ev ? `raise(${ev})` : 'raise');
        break;
      }
      case 'xstate.cancel':
        if (typeof a.sendId === 'string' && a.sendId.startsWith('xstate.after.')) break;
        out.push('cancel');
        break;
      case 'xstate.sendTo': {
        const ev = a.event && typeof a.event === 'object' ? (a.event as { type?: string }).type : undefined;
        out.push(ev ? `sendTo(${ev})` : 'sendTo');
        break;
      }
      case undefined:
        nameless?.push(`action on ${where}`);
        out.push('inline action');
        break;
      default:
        out.push(String(a.type).replace(/^xstate\./, ''));
    }
  }
  return out;
}

function stateType(node: AnyStateNode): StateInfo['type'] {
  return node.type as StateInfo['type'];
}

/** Milliseconds of a delay written by name, when the machine's implementation is a number. */
export function resolveDelay(machine: AnyStateMachine, ref: string | number): number | undefined {
  if (typeof ref === 'number') return ref;
  if (/^\d+$/.test(ref)) return Number(ref);
  const impl = (machine.implementations.delays as Record<string, unknown>)[ref];
  return typeof impl === 'number' ? impl : undefined;
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** Key of a transition definition as this module names it; stable across `.provide()` copies. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source;
  if (!t.eventType) {
    const i = source.always?.indexOf(t) ?? -1;
    return `${source.id}|always|${i}`;
  }
  const list = source.transitions.get(t.eventType) ?? [];
  return `${source.id}|${t.eventType}|${list.indexOf(t)}`;
}

function classify(eventType: string): { kind: TransitionKind; actorId?: string } {
  if (eventType === 'xstate.route') return { kind: 'route' };
  if (eventType.startsWith('xstate.after.')) return { kind: 'after' };
  if (eventType.startsWith('xstate.done.actor.')) return { kind: 'actor.done', actorId: eventType.slice(18) };
  if (eventType.startsWith('xstate.error.actor.')) return { kind: 'actor.error', actorId: eventType.slice(19) };
  if (eventType.startsWith('xstate.snapshot.')) return { kind: 'actor.snapshot', actorId: eventType.slice(16) };
  if (eventType.startsWith('xstate.done.state.')) return { kind: 'state.done' };
  return { kind: 'event' };
}

export function readStatechart(machine: AnyStateMachine): Statechart {
  const states: StateInfo[] = [];
  const transitions: TransitionInfo[] = [];
  const nameless: string[] = [];

  const describeTransition = (t: AnyTransitionDefinition, key: string, delayRef?: unknown): TransitionInfo => {
    const eventType = t.eventType ? String(t.eventType) : '';
    const { kind, actorId } = eventType ? classify(eventType) : { kind: 'always' as const, actorId: undefined };
    const where = `${t.source.id} ${eventType || 'always'}`;
    let guard = guardName(t.guard, nameless, where);
    let trigger = eventType || 'always';
    let delay: TransitionInfo['delay'];
    if (kind === 'after') {
      const ref = typeof delayRef === 'function' ? 'delay' : String(delayRef);
      const ms = typeof delayRef === 'function' ? undefined : resolveDelay(machine, ref);
      delay = ms === undefined ? { ref } : { ref, ms };
      trigger = /^\d+$/.test(ref) ? `after ${formatSeconds(Number(ref))}` : `after ${ref}${ms === undefined ? '' : ` (${formatSeconds(ms)})`}`;
    } else if (kind === 'actor.done' || kind === 'actor.error' || kind === 'actor.snapshot') {
      // Invokes without an id get one like `0.auth.sendingCode`: the src name reads better.
      const invoke = t.source.invoke.find((inv) => inv.id === actorId);
      const who = invoke && typeof invoke.src === 'string' && /^\d+\./.test(invoke.id) ? invoke.src : actorId;
      trigger = `${who} ${kind.slice(6)}`;
    } else if (kind === 'state.done') trigger = 'done';
    else if (kind === 'route') {
      const target = t.target?.[0];
      trigger = `route ${target ? `#${target.id}` : ''}`.trim();
      // The route guard wraps "the URL names this state" around the author's guard.
      const wrapped = (t.guard as { guards?: unknown[] } | undefined)?.guards;
      guard = wrapped && wrapped.length > 1 ? guardName(wrapped[1], nameless, where) : undefined;
    }
    const description = (t as { description?: string }).description;
    const info: TransitionInfo = {
      key,
      sourceId: t.source.id,
      eventType,
      kind,
      trigger,
      targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
      actions: actionNames(t.actions, nameless, where),
      reenter: Boolean(t.reenter),
    };
    if (guard) info.guard = guard;
    if (description) info.description = description;
    if (delay) info.delay = delay;
    if (actorId) info.actorId = actorId;
    return info;
  };

  const visit = (node: AnyStateNode): StateInfo => {
    const info: StateInfo = {
      id: node.id,
      key: node.key,
      path: [...node.path],
      type: stateType(node),
      entry: actionNames(node.entry, nameless, `${node.id} entry`),
      exit: actionNames(node.exit, nameless, `${node.id} exit`),
      invokes: node.invoke.map((inv) => {
        if (typeof inv.src !== 'string') nameless.push(`actor invoked in ${node.id}`);
        return { id: inv.id, src: typeof inv.src === 'string' ? inv.src : 'inline actor' };
      }),
      tags: [...node.tags],
      children: [],
    };
    if (node.description) info.description = node.description;
    if (node.meta && Object.keys(node.meta).length) info.meta = node.meta as Record<string, unknown>;
    const route = (node.config as { route?: { guard?: unknown } }).route;
    if (route) {
      const guard = guardName(route.guard, nameless, `${node.id} route`);
      info.route = guard ? { guard } : {};
    }
    if (node.type === 'compound') {
      const initialTarget = node.initial?.target?.[0];
      if (initialTarget) info.initial = initialTarget.key;
    }
    if (node !== machine.root) states.push(info);

    for (const [eventType, list] of node.transitions) {
      list.forEach((t, i) => {
        const delayRef = (t as { delay?: unknown }).delay;
        transitions.push(describeTransition(t, `${node.id}|${eventType}|${i}`, delayRef));
      });
    }
    (node.always ?? []).forEach((t, i) => transitions.push(describeTransition(t, `${node.id}|always|${i}`)));
    info.children = Object.values(node.states).map((child) => visit(child as AnyStateNode));
    return info;
  };

  const root = visit(machine.root);
  return { id: machine.id, root, states, transitions, nameless };
}
