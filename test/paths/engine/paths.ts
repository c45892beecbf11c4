import {
  createActor, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode,
  type AnyTransitionDefinition, type EventFromLogic, type EventObject, type InputFrom,
} from 'xstate';
import { getAdjacencyMap, getStateNodes, serializeSnapshot } from 'xstate/graph';
import { readStatechart, resolveDelay, formatSeconds, transitionKey } from '../../../scripts/lib/statechart';

/**
 * Model-based path tests for XState 5 machines with `xstate/graph`.
 *
 * Paths are generated from the machine's pure transition function with events drawn from named
 * sample data: the customer's events, the outcomes of invoked actors (`xstate.done.actor.*`,
 * `xstate.error.actor.*`), elapsed delays (`xstate.after.*`) and URL routes (`xstate.route`).
 * Every other internal `xstate.*` event is filtered out: the machine raises those itself.
 * Each path then runs against a live actor of the machine whose actors are replaced by stand-ins
 * that settle with the path's sample outcome and whose clock is simulated, and the actor's state is
 * compared with the path's after every step. Coverage is measured from what the live actor did
 * (its microsteps), not from the plan.
 */

/** A value with the name of the sample it comes from ("lendingCustomer", "unservedRegion"). */
export interface Sample<T> { sample: string; value: T }

export function sample<const T>(name: string, value: T): Sample<T> {
  return { sample: name, value };
}

type EventSamples<M extends AnyStateMachine> = {
  [K in EventFromLogic<M>['type']]?:
    | Sample<Extract<EventFromLogic<M>, { type: K }>>[]
    | ((snapshot: AnyMachineSnapshot) => Sample<Extract<EventFromLogic<M>, { type: K }>>[]);
};

export interface ActorOutcomes {
  /** Outputs the actor resolves with. Default: one outcome with no output. */
  done?: Sample<unknown>[];
  /** Errors the actor fails with. Default: one generic failure. */
  error?: Sample<unknown>[];
  /** Snapshots the actor reports (for `onSnapshot`), e.g. a child machine's screens. */
  snapshot?: Sample<unknown>[];
}

export interface PathModel<M extends AnyStateMachine = AnyStateMachine> {
  /** The machine's name in the registry (`auth`, `journey`). */
  name: string;
  machine: M;
  /** The ways the machine is started, each a named sample; paths are generated from each. */
  inputs?: Sample<InputFrom<M>>[];
  /** Sample payloads per event type; an event type with no entry is sent without payload. */
  events?: EventSamples<M>;
  /** Outcomes per invoked actor, keyed by the invoke id (or its src name). */
  actors?: Record<string, ActorOutcomes>;
  /**
   * What of the context makes two states different for path generation (default: all of it).
   * Project away counters that grow without bound, or the state space never ends.
   */
  context?: (context: never) => unknown;
  /**
   * What must hold whenever the machine is in a state, keyed by state id (`auth.signedIn`) or state
   * value text (`signedIn`): return a sentence saying what is wrong, or nothing. Checked after
   * every step of every path, so a broken transition or action shows up as a failing path.
   */
  checks?: Record<string, (snapshot: AnyMachineSnapshot) => string | undefined | void>;
  /**
   * States (`#id`) or transitions (as the coverage report prints them) that no customer can reach,
   * each with the reason. They are listed in every report; one that a path does reach, or that
   * the machine no longer has, fails the run. Meant for dead branches awaiting removal.
   */
  unreachable?: Record<string, string>;
  /** Largest number of simple paths worth running; above it they are skipped. 0 turns them off. */
  simplePathLimit?: number;
  /** Most traversal steps before giving up (the state space is too large). */
  limit?: number;
}

export function definePathModel<M extends AnyStateMachine>(model: PathModel<M>): PathModel<M> {
  return model;
}

export interface PathStep { event: EventObject; state: AnyMachineSnapshot }

export interface TestPath {
  /** 1-based, stable for a given machine and model. */
  index: number;
  /** The named input the machine starts from. */
  input: Sample<unknown>;
  kind: 'shortest' | 'simple';
  initial: AnyMachineSnapshot;
  steps: PathStep[];
  /** "phone.submit (subscriptionCustomer) → sendCode resolves → ..." */
  title: string;
  /** The state value reached at the end, as `a.b` text. */
  target: string;
}

export interface GeneratedPaths {
  paths: TestPath[];
  shortest: number;
  simple: number;
  /** Why simple paths were left out, when they were. */
  simpleSkipped?: string;
}

const sampleNames = new WeakMap<object, string>();
/** Ready-made text for events that need the machine to be named (delays with their seconds). */
const labels = new WeakMap<object, string>();
/** The invoked actor's src name for actor events, when its invoke has no id of its own. */
const actorNames = new WeakMap<object, string>();

function named<E extends EventObject>(event: E, name: string | undefined, actor?: string): E {
  if (name) sampleNames.set(event, name);
  if (actor) actorNames.set(event, actor);
  return event;
}

export function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const parts = entries.map(([k, v]) => (typeof v === 'string' ? `${k}.${v}` : `${k}.{${stateText(v)}}`));
    return entries.length === 1 ? (parts[0] ?? '') : parts.join(', ');
  }
  return String(value);
}

/** One event as a tester reads it in a path. */
export function formatEvent(event: EventObject): string {
  const label = labels.get(event);
  if (label) return label;
  const name = sampleNames.get(event);
  const suffix = name ? ` (${name})` : '';
  const type = event.type;
  const actor = actorNames.get(event);
  if (type.startsWith('xstate.done.actor.')) return `${actor ?? type.slice(18)} resolves${suffix}`;
  if (type.startsWith('xstate.error.actor.')) return `${actor ?? type.slice(19)} fails${suffix}`;
  if (type.startsWith('xstate.snapshot.')) return `${actor ?? type.slice(16)} shows${suffix}`;
  if (type.startsWith('xstate.after.')) {
    const ref = type.slice(13).split('.')[0] ?? '';
    return /^\d+$/.test(ref) ? `after ${formatSeconds(Number(ref))}` : `after ${ref}${suffix}`;
  }
  if (type === 'xstate.route') return `URL ${String((event as { to?: unknown }).to)}`;
  if (name) return `${type}${suffix}`;
  const { type: _t, ...rest } = event as EventObject & Record<string, unknown>;
  return Object.keys(rest).length ? `${type} ${JSON.stringify(rest)}` : type;
}

function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
}

/** The events a state can take, with sample payloads; internal `xstate.*` events left out. */
function eventSource(model: PathModel) {
  const cache = new Map<string, EventObject[]>();
  const { machine } = model;
  const userSamples = (model.events ?? {}) as Record<string, Sample<EventObject>[] | ((s: AnyMachineSnapshot) => Sample<EventObject>[])>;
  const invokeSrc = new Map<string, string>();
  for (const node of getStateNodes(machine.root)) {
    for (const inv of node.invoke) if (typeof inv.src === 'string') invokeSrc.set(inv.id, inv.src);
  }
  const outcomesFor = (actorId: string): ActorOutcomes | undefined =>
    model.actors?.[actorId] ?? model.actors?.[invokeSrc.get(actorId) ?? ''];

  const cached = (key: string, make: () => EventObject[]): EventObject[] => {
    let list = cache.get(key);
    if (!list) { list = make(); cache.set(key, list); }
    return list;
  };

  const forType = (type: string, snapshot: AnyMachineSnapshot): EventObject[] => {
    if (type === 'xstate.route') {
      return cached(type, () => (machine.root.transitions.get('xstate.route') ?? [])
        .flatMap((t: AnyTransitionDefinition) => (t.target ?? []).map((n: AnyStateNode) => named({ type, to: `#${n.id}` }, undefined))));
    }
    if (type.startsWith('xstate.after.')) {
      return cached(type, () => {
        const ref = type.slice(13).split('.')[0] ?? '';
        const ms = resolveDelay(machine, ref);
        const label = /^\d+$/.test(ref) ? `after ${formatSeconds(Number(ref))}` : `after ${ref}${ms === undefined ? '' : ` (${formatSeconds(ms)})`}`;
        const event = { type };
        labels.set(event, label);
        return [event];
      });
    }
    if (type.startsWith('xstate.done.actor.')) {
      const actorId = type.slice(18);
      return cached(type, () => (outcomesFor(actorId)?.done ?? [sample('', undefined)])
        .map((s) => named({ type, output: s.value, actorId }, s.sample, invokeSrc.get(actorId))));
    }
    if (type.startsWith('xstate.error.actor.')) {
      const actorId = type.slice(19);
      return cached(type, () => (outcomesFor(actorId)?.error ?? [sample('', { message: 'sample failure' })])
        .map((s) => named({ type, error: s.value, actorId }, s.sample, invokeSrc.get(actorId))));
    }
    if (type.startsWith('xstate.snapshot.')) {
      const actorId = type.slice(16);
      return cached(type, () => (outcomesFor(actorId)?.snapshot ?? [])
        .map((s) => named({ type, snapshot: s.value }, s.sample, invokeSrc.get(actorId))));
    }
    if (type.startsWith('xstate.') || type === '*') return [];
    if (type.endsWith('.*')) {
      const prefix = type.slice(0, -1);
      return Object.keys(userSamples).filter((k) => k.startsWith(prefix)).flatMap((k) => forType(k, snapshot));
    }
    const given = userSamples[type];
    if (typeof given === 'function') {
      // Sample lists that depend on the state are rebuilt, but equal samples keep one object.
      return given(snapshot).map((s) => cached(`${type}|${s.sample}|${JSON.stringify(s.value)}`, () => [named(s.value, s.sample)])[0]!);
    }
    return cached(type, () => (given ? given.map((s) => named(s.value, s.sample)) : [{ type }]));
  };

  // The event types a configuration offers depend only on its active state nodes.
  const typesByValue = new Map<string, string[]>();
  const dependsOnSnapshot = Object.values(userSamples).some((g) => typeof g === 'function');
  const byValue = new Map<string, EventObject[]>();
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.status !== 'active') return [];
    const valueKey = JSON.stringify(snapshot.value);
    if (!dependsOnSnapshot) {
      const known = byValue.get(valueKey);
      if (known) return known;
    }
    let types = typesByValue.get(valueKey);
    if (!types) {
      const set = new Set<string>();
      for (const node of activeNodes(snapshot)) for (const t of node.ownEvents) set.add(String(t));
      types = [...set];
      typesByValue.set(valueKey, types);
    }
    const list = types.flatMap((type) => forType(type, snapshot));
    if (!dependsOnSnapshot) byValue.set(valueKey, list);
    return list;
  };
}

function identity(model: PathModel) {
  const project = model.context as ((c: unknown) => unknown) | undefined;
  const cache = new WeakMap<object, string>();
  return (snapshot: AnyMachineSnapshot): string => {
    let id = cache.get(snapshot);
    if (id === undefined) {
      id = project ? JSON.stringify({ value: snapshot.value, context: project(snapshot.context) }) : serializeSnapshot(snapshot);
      cache.set(snapshot, id);
    }
    return id;
  };
}

function toTestPath(index: number, kind: TestPath['kind'], input: Sample<unknown>, initial: AnyMachineSnapshot, steps: PathStep[]): TestPath {
  const last = steps.at(-1)?.state ?? initial;
  // Runs of the same event (a countdown's ticks) read as one: "after oneSecond (1 s) ×30".
  const parts: { text: string; times: number }[] = [];
  for (const st of steps) {
    const text = formatEvent(st.event);
    const last = parts.at(-1);
    if (last?.text === text) last.times++; else parts.push({ text, times: 1 });
  }
  const events = parts.map((p) => (p.times > 1 ? `${p.text} ×${p.times}` : p.text)).join(' → ') || '(initial state)';
  return {
    index, kind, input, initial, steps,
    title: input.sample ? `[${input.sample}] ${events}` : events,
    target: stateText(last.value),
  };
}

/** Drops paths whose events are a prefix of a longer path's: the longer one checks them too. */
function withoutPrefixes(list: PathStep[][]): PathStep[][] {
  const key = (steps: PathStep[]) => steps.map((s) => JSON.stringify(s.event));
  const sorted = list.map((steps, order) => ({ steps, order, events: key(steps) }))
    .sort((a, b) => b.steps.length - a.steps.length || a.order - b.order);
  const kept: typeof sorted = [];
  for (const p of sorted) {
    if (!kept.some((k) => p.events.every((e, i) => k.events[i] === e))) kept.push(p);
  }
  return kept.sort((a, b) => a.order - b.order).map((k) => k.steps);
}

export function generatePaths(model: PathModel): GeneratedPaths {
  const { machine } = model;
  const events = eventSource(model);
  const stateId = identity(model);
  const limit = model.limit ?? 20_000;
  const inputs: Sample<unknown>[] = model.inputs?.length ? model.inputs : [sample('', undefined)];
  const { logic, taken, edgeKey, eventKey } = tracing(machine);
  const takenBy = (prev: AnyMachineSnapshot, event: EventObject) => taken.get(edgeKey(prev, event));

  interface Candidate { input: Sample<unknown>; initial: AnyMachineSnapshot; steps: PathStep[]; kind: TestPath['kind']; covers: Set<string> }
  const candidates: Candidate[] = [];
  const simpleSkipped: string[] = [];
  const simpleLimit = model.simplePathLimit ?? 200;
  for (const input of inputs) {
    const withInput = input.value === undefined ? {} : { input: input.value };
    type Adjacency = Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }>;
    let adjacency: Adjacency;
    try {
      adjacency = getAdjacencyMap(logic, { events, serializeState: (st: AnyMachineSnapshot) => stateId(st), serializeEvent: eventKey, limit, ...withInput } as never) as Adjacency;
    } catch (error) {
      if (error instanceof Error && /limit exceeded/i.test(error.message)) {
        throw new Error(`${model.name}: more than ${limit} traversal steps; give its path model a \`context\` projection that leaves out what grows without bound`, { cause: error });
      }
      throw error;
    }
    const start = Object.keys(adjacency)[0];
    if (!start) continue;
    const initial = adjacency[start]!.state;
    // Breadth first from the initial state: the shortest way to every state; then, for every
    // transition the samples trigger, the shortest way there plus that one step.
    const parent = new Map<string, { from: string; step: PathStep }>();
    const seenStates = new Set([start]);
    const queue = [start];
    const pathTo = (v: string): PathStep[] => {
      const out: PathStep[] = [];
      for (let at = parent.get(v); at; at = parent.get(at.from)) out.unshift(at.step);
      return out;
    };
    const covered = new Set<string>();
    const statesCovered = new Set<string>();
    for (const n of activeNodes(initial)) covered.add(`state:${n.id}`);
    for (let i = 0; i < queue.length; i++) {
      const u = queue[i]!;
      const { state: from, transitions } = adjacency[u]!;
      for (const { event, state } of Object.values(transitions)) {
        const v = stateId(state);
        if (!seenStates.has(v)) { seenStates.add(v); parent.set(v, { from: u, step: { event, state } }); queue.push(v); }
        let gains = (takenBy(from, event) ?? []).filter((k) => !covered.has(k));
        if (!statesCovered.has(v)) {
          statesCovered.add(v);
          gains = gains.concat(activeNodes(state).map((n) => `state:${n.id}`).filter((k) => !covered.has(k)));
        }
        if (!gains.length) continue;
        for (const k of gains) covered.add(k);
        const steps = [...pathTo(u), { event, state }];
        candidates.push({ input, initial, steps, kind: 'shortest', covers: coverage(steps, initial) });
      }
    }
    if (simpleLimit > 0) {
      const found = simplePaths(adjacency, stateId, simpleLimit);
      if (found === null) simpleSkipped.push(`more than ${simpleLimit} simple paths${input.sample ? ` from ${input.sample}` : ''}`);
      else for (const steps of withoutPrefixes(found)) candidates.push({ input, initial, steps, kind: 'simple', covers: coverage(steps, initial) });
    }
  }
  function coverage(steps: PathStep[], initial: AnyMachineSnapshot): Set<string> {
    const set = new Set<string>();
    let prev = initial;
    for (const st of steps) {
      for (const k of takenBy(prev, st.event) ?? []) set.add(k);
      for (const n of activeNodes(st.state)) set.add(`state:${n.id}`);
      prev = st.state;
    }
    return set;
  }
  if (simpleLimit <= 0) simpleSkipped.push('turned off in the path model');

  // Shortest paths: keep, longest first, those that take a transition or reach a state no kept
  // path does. Simple paths, when few enough to run, are all kept (minus repeats).
  const seen = new Set<string>();
  const keep = new Set<Candidate>();
  const shortest = candidates.filter((c) => c.kind === 'shortest');
  for (const c of [...shortest].sort((a, b) => b.steps.length - a.steps.length)) {
    if ([...c.covers].some((k) => !seen.has(k))) { keep.add(c); for (const k of c.covers) seen.add(k); }
  }
  const sequence = (c: Candidate) => `${c.input.sample}|${c.steps.map((st) => JSON.stringify(st.event)).join('|')}`;
  const keptSequences = new Set([...keep].map(sequence));
  for (const c of candidates.filter((x) => x.kind === 'simple')) {
    if (!keptSequences.has(sequence(c))) { keep.add(c); keptSequences.add(sequence(c)); }
  }
  const ordered = [...candidates.filter((c) => keep.has(c) && c.kind === 'shortest'), ...candidates.filter((c) => keep.has(c) && c.kind === 'simple')];
  const paths = ordered.map((c, i) => toTestPath(i + 1, c.kind, c.input, c.initial, c.steps));
  const result: GeneratedPaths = {
    paths,
    shortest: paths.filter((p) => p.kind === 'shortest').length,
    simple: paths.filter((p) => p.kind === 'simple').length,
  };
  if (simpleSkipped.length) result.simpleSkipped = simpleSkipped.join('; ');
  return result;
}

/** The machine with a transition function that also notes which transition definitions it took. */
function tracing(machine: AnyStateMachine) {
  // Keyed by (state before, event) as text: a transition that changes nothing returns the same
  // snapshot object, and equal states reached by different paths are different objects.
  const taken = new Map<string, string[]>();
  // Serialising snapshots and events is most of the traversal's cost: once per object.
  const snapshotKeys = new WeakMap<object, string>();
  const eventKeys = new WeakMap<object, string>();
  const eventKey = (event: EventObject): string => {
    let key = eventKeys.get(event);
    if (key === undefined) { key = JSON.stringify(event); eventKeys.set(event, key); }
    return key;
  };
  const edgeKey = (snapshot: AnyMachineSnapshot, event: EventObject): string => {
    let key = snapshotKeys.get(snapshot);
    if (key === undefined) { key = serializeSnapshot(snapshot); snapshotKeys.set(snapshot, key); }
    return `${key}|${eventKey(event)}`;
  };
  const logic = Object.create(machine) as AnyStateMachine;
  type Scope = Parameters<AnyStateMachine['transition']>[2];
  Object.defineProperty(logic, 'transition', {
    value: (snapshot: AnyMachineSnapshot, event: EventObject, scope: Scope) => {
      const keys: string[] = [];
      const system = {
        ...scope.system,
        _sendInspectionEvent: (ev: { type: string; _transitions?: AnyTransitionDefinition[] }) => {
          if (ev.type === '@xstate.microstep') for (const t of ev._transitions ?? []) keys.push(transitionKey(t));
        },
      };
      const next = machine.transition(snapshot, event, { ...scope, system } as Scope);
      taken.set(edgeKey(snapshot, event), keys);
      return next;
    },
  });
  return { logic, taken, edgeKey, eventKey };
}

/** Every path that visits no state twice, or null when there are more than `max` of them. */
function simplePaths(
  adjacency: Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }>,
  stateId: (s: AnyMachineSnapshot) => string, max: number,
): PathStep[][] | null {
  const start = Object.keys(adjacency)[0];
  if (!start) return [];
  const out: PathStep[][] = [];
  const onPath = new Set<string>([start]);
  const steps: PathStep[] = [];
  let overflow = false;
  const walk = (from: string) => {
    const node = adjacency[from];
    if (!node || overflow) return;
    for (const { event, state } of Object.values(node.transitions)) {
      const to = stateId(state);
      if (onPath.has(to)) continue;
      steps.push({ event, state });
      out.push([...steps]);
      if (out.length > max) { overflow = true; return; }
      onPath.add(to);
      walk(to);
      onPath.delete(to);
      steps.pop();
      if (overflow) return;
    }
  };
  walk(start);
  return overflow ? null : out;
}

/**
 * A clock the test moves by hand: delays elapse only when a path says so. Each timer notes which
 * scheduled event it will deliver (the actor system records it just before asking for the timer).
 */
class PathClock {
  private now = 0;
  private next = 0;
  private timers = new Map<number, { due: number; fn: () => void; eventType?: string }>();
  system?: { getSnapshot(): unknown };
  setTimeout(fn: () => void, ms: number): number {
    const id = this.next++;
    const scheduled = Object.values((this.system?.getSnapshot() as { _scheduledEvents?: Record<string, { event: EventObject }> } | undefined)?._scheduledEvents ?? {});
    this.timers.set(id, { due: this.now + ms, fn, eventType: scheduled.at(-1)?.event.type });
    return id;
  }
  clearTimeout(id: number): void {
    this.timers.delete(id);
  }
  pending(eventType: string): boolean {
    return [...this.timers.values()].some((t) => t.eventType === eventType);
  }
  /** Moves time to when `eventType` is due, firing whatever falls due before it, then it. */
  async elapse(eventType: string, settle: () => Promise<void>): Promise<void> {
    const target = [...this.timers.entries()].filter(([, t]) => t.eventType === eventType)
      .sort((a, b) => a[1].due - b[1].due || a[0] - b[0])[0];
    if (!target) throw new Error(`the delay of "${eventType}" was never scheduled (is the state's \`after\` still there?)`);
    for (;;) {
      const first = [...this.timers.entries()].sort((a, b) => a[1].due - b[1].due || a[0] - b[0])[0];
      if (!first || first[1].due > target[1].due) throw new Error(`"${eventType}" was cancelled before it fell due`);
      this.timers.delete(first[0]);
      this.now = first[1].due;
      first[1].fn();
      await settle();
      if (first[0] === target[0]) return;
    }
  }
}

/**
 * The stand-in for every invoked actor: it does nothing until the path says what it does. Its
 * snapshot is what the model's sample says (an actor with `snapshot` samples starts showing the
 * first), and it resolves or fails with the path's sample output or error, which the actor system
 * delivers to the machine exactly as it would the real actor's.
 */
function standInLogic(startsShowing: unknown) {
  type Snap = { status: 'active' | 'done' | 'error'; output?: unknown; error?: unknown };
  return {
    config: 'path-test stand-in',
    transition: (snapshot: Snap, event: { type: string; snapshot?: Snap; output?: unknown; error?: unknown }): Snap => {
      if (event.type === 'pathTest.snapshot') return event.snapshot!;
      if (event.type === 'pathTest.done') return { status: 'done', output: event.output, error: undefined };
      if (event.type === 'pathTest.error') return { status: 'error', output: undefined, error: event.error };
      return snapshot;
    },
    getInitialSnapshot: (): Snap => (startsShowing as Snap | undefined) ?? { status: 'active', output: undefined, error: undefined },
    getPersistedSnapshot: (snapshot: Snap) => snapshot,
  };
}

function settle(actor: AnyActorRef, actorId: string, event: EventObject): void {
  const child = (actor.getSnapshot() as AnyMachineSnapshot).children[actorId] as AnyActorRef | undefined;
  const verb = event.type === 'pathTest.done' ? 'resolve' : event.type === 'pathTest.error' ? 'fail' : 'report a snapshot';
  if (!child || child.getSnapshot().status !== 'active') throw new Error(`actor "${actorId}" is not running, so it cannot ${verb}`);
  child.send(event);
}

export interface Recorder { states: Set<string>; transitions: Set<string> }

export function newRecorder(): Recorder {
  return { states: new Set(), transitions: new Set() };
}

export class PathFailure extends Error {
  constructor(
    readonly path: TestPath,
    readonly stepIndex: number,
    readonly reason: string,
    readonly screen?: string,
  ) {
    super(formatFailure(path, stepIndex, reason, screen));
    this.name = 'PathFailure';
  }
}

export function formatFailure(path: TestPath, stepIndex: number, reason: string, screen?: string): string {
  const lines = [`path #${path.index} (${path.kind}) to ${path.target} failed at step ${stepIndex + 1}: ${reason}`];
  lines.push(`  start  ${stateText(path.initial.value)}`);
  path.steps.forEach((step, i) => {
    const mark = i === stepIndex ? '✗' : i < stepIndex ? '✓' : ' ';
    lines.push(`  ${mark} ${String(i + 1).padStart(2)}. ${formatEvent(step.event)}  ⇒  ${stateText(step.state.value)}`);
  });
  if (screen !== undefined) lines.push('  screen at the failing step:', ...screen.split('\n').map((l) => `    | ${l}`));
  return lines.join('\n');
}

const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

function sameState(model: PathModel, actual: AnyMachineSnapshot, expected: AnyMachineSnapshot): string | null {
  const a = JSON.stringify(actual.value);
  const e = JSON.stringify(expected.value);
  if (a !== e) return `expected state ${stateText(expected.value)}, the machine is in ${stateText(actual.value)}`;
  // With a context projection, only what the projection keeps is part of the state.
  const project = (model.context as ((c: unknown) => unknown) | undefined) ?? ((c: unknown) => c);
  const ac = JSON.stringify(project(actual.context));
  const ec = JSON.stringify(project(expected.context));
  if (ac !== ec) return `state ${stateText(actual.value)} as expected, but context differs:\n    expected ${ec}\n    actual   ${ac}`;
  if (actual.status !== expected.status) return `expected status ${expected.status}, got ${actual.status}`;
  return null;
}

/**
 * Runs one path against a live actor of the machine (actors replaced by stand-ins, simulated
 * clock) and checks the state after every step. Records what the actor reached into `recorder`.
 */
export async function runPath(model: PathModel, path: TestPath, recorder?: Recorder): Promise<void> {
  const clock = new PathClock();
  const actorNames = Object.keys(model.machine.implementations.actors ?? {});
  const machine = model.machine.provide({
    actors: Object.fromEntries(actorNames.map((name) => [name, standInLogic(model.actors?.[name]?.snapshot?.[0]?.value)])),
  } as never) as AnyStateMachine;
  const errors: unknown[] = [];
  // Inspection also reports the stand-ins; only the machine's own microsteps count.
  const own: { actor?: AnyActorRef } = {};
  const record = (snapshot: AnyMachineSnapshot) => {
    for (const node of activeNodes(snapshot)) if (node.path.length) recorder?.states.add(node.id);
  };
  const actor = createActor(machine, {
    clock,
    ...(path.input.value === undefined ? {} : { input: path.input.value }),
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep' || (own.actor && ev.actorRef !== own.actor)) return;
      const step = ev as unknown as { snapshot: AnyMachineSnapshot; _transitions: AnyTransitionDefinition[] };
      for (const t of step._transitions) {
        recorder?.transitions.add(transitionKey(t));
        // A history state is never active itself: it is reached when a transition targets it.
        for (const target of t.target ?? []) if (target.type === 'history') recorder?.states.add(target.id);
        // A state left by an eventless transition in the same step was still entered.
        for (let n: AnyStateNode | undefined = t.source; n?.parent; n = n.parent) recorder?.states.add(n.id);
      }
      record(step.snapshot);
    },
  });
  own.actor = actor;
  clock.system = actor.system;
  actor.subscribe({ error: (e) => errors.push(e) });
  actor.start();
  await flush();
  record(actor.getSnapshot());
  try {
    const first = sameState(model, actor.getSnapshot(), path.initial);
    if (first) throw new PathFailure(path, -1, `initial ${first}`);
    for (const [i, step] of path.steps.entries()) {
      const { event } = step;
      try {
        const e = event as EventObject & { output?: unknown; error?: unknown; snapshot?: unknown };
        if (e.type.startsWith('xstate.done.actor.')) settle(actor, e.type.slice(18), { type: 'pathTest.done', output: e.output } as EventObject);
        else if (e.type.startsWith('xstate.error.actor.')) settle(actor, e.type.slice(19), { type: 'pathTest.error', error: e.error } as EventObject);
        else if (e.type.startsWith('xstate.snapshot.')) settle(actor, e.type.slice(16), { type: 'pathTest.snapshot', snapshot: e.snapshot } as EventObject);
        else if (e.type.startsWith('xstate.after.')) await clock.elapse(e.type, flush);
        else actor.send(event);
      } catch (error) {
        throw new PathFailure(path, i, error instanceof Error ? error.message : String(error));
      }
      await flush();
      if (errors.length) throw new PathFailure(path, i, `the machine failed: ${String(errors[0])}`);
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      record(snapshot);
      const diff = sameState(model, snapshot, step.state) ?? checkState(model, snapshot);
      if (diff) throw new PathFailure(path, i, diff);
    }
  } finally {
    actor.stop();
  }
}

function checkState(model: PathModel, snapshot: AnyMachineSnapshot): string | null {
  for (const [key, check] of Object.entries(model.checks ?? {})) {
    const applies = activeNodes(snapshot).some((n) => n.id === key || n.id === `${model.machine.id}.${key}`);
    if (!applies) continue;
    const problem = check(snapshot);
    if (problem) return `in ${key}: ${problem}`;
  }
  return null;
}

export interface MachineCoverage {
  name: string;
  states: { reached: number; total: number; missing: string[] };
  transitions: { taken: number; total: number; missing: string[] };
  /** Declared unreachable in the path model, with the reason (not counted as missing). */
  unreachable: { what: string; reason: string }[];
  paths: { run: number; shortest: number; simple: number; simpleSkipped?: string; failed: number };
  failures: PathFailure[];
  ms: number;
}

export interface RunOptions {
  /** Run only these path indexes. */
  only?: number[];
  /** Stop after the first failing path. */
  bail?: boolean;
}

/** Generates and runs every path of a model; coverage over all of them. */
export async function runModel(model: PathModel, options: RunOptions = {}): Promise<MachineCoverage> {
  const started = performance.now();
  const generated = generatePaths(model);
  const recorder = newRecorder();
  const failures: PathFailure[] = [];
  let run = 0;
  for (const path of generated.paths) {
    if (options.only && !options.only.includes(path.index)) continue;
    run++;
    try {
      await runPath(model, path, recorder);
    } catch (error) {
      if (!(error instanceof PathFailure)) throw error;
      failures.push(error);
      if (options.bail) break;
    }
  }
  const coverage = coverageOf(model, recorder);
  const paths: MachineCoverage['paths'] = { run, shortest: generated.shortest, simple: generated.simple, failed: failures.length };
  if (generated.simpleSkipped) paths.simpleSkipped = generated.simpleSkipped;
  return { name: model.name, ...coverage, paths, failures, ms: performance.now() - started };
}

/** What of the machine the recorded runs reached, and what they missed. */
export function coverageOf(model: PathModel, recorder: Recorder): Pick<MachineCoverage, 'states' | 'transitions' | 'unreachable'> {
  const chart = readStatechart(model.machine);
  const declared = new Map(Object.entries(model.unreachable ?? {}));
  const stateNames = chart.states.map((st) => ({ name: `#${st.id}`, reached: recorder.states.has(st.id) }));
  const transitionNames = chart.transitions.map((t) => ({ name: describeKey(chart, t.key), reached: recorder.transitions.has(t.key) }));
  const unreachable: { what: string; reason: string }[] = [];
  const problems: string[] = [];
  for (const [what, reason] of declared) {
    const found = [...stateNames, ...transitionNames].find((x) => x.name === what);
    if (!found) problems.push(`${what} is declared unreachable but the machine has no such state or transition`);
    else if (found.reached) problems.push(`${what} is declared unreachable but a path reached it: remove it from the path model`);
    else unreachable.push({ what, reason });
  }
  const missingStates = stateNames.filter((x) => !x.reached && !declared.has(x.name)).map((x) => x.name.slice(1));
  const missingTransitions = [
    ...transitionNames.filter((x) => !x.reached && !declared.has(x.name)).map((x) => x.name),
    ...problems,
  ];
  const reachedStates = stateNames.filter((x) => x.reached).length;
  const takenTransitions = transitionNames.filter((x) => x.reached).length;
  return {
    states: { reached: reachedStates, total: chart.states.length, missing: missingStates },
    transitions: { taken: takenTransitions, total: chart.transitions.length, missing: missingTransitions },
    unreachable,
  };
}

/** A transition as a tester reads it: `#auth.phone --phone.submit [isMobilePhone]--> #auth.sending`. */
export function describeKey(chart: ReturnType<typeof readStatechart>, key: string): string {
  const t = chart.transitions.find((x) => x.key === key);
  if (!t) return key;
  const guard = t.guard ? ` [${t.guard}]` : '';
  const to = t.targets.length ? t.targets.map((id) => `#${id}`).join(', ') : '(stays)';
  return `#${t.sourceId} --${t.trigger}${guard}--> ${to}`;
}

export function isComplete(c: MachineCoverage): boolean {
  return c.failures.length === 0 && c.states.missing.length === 0 && c.transitions.missing.length === 0;
}

export { resolveDelay };
