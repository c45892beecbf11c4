import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { getAdjacencyMap, getStateNodes, serializeSnapshot } from 'xstate/graph';
import { resolveDelay, transitionKey } from '../../../scripts/lib/statechart';
import { delayEvent, named, pathTitle, stateText } from './format';
import {
  activeNodes, sample, type ActorOutcomes, type GeneratedPaths, type PathModel, type PathStep, type Sample, type TestPath,
} from './model';

/**
 * Paths are generated from the machine's pure transition function with events drawn from named
 * sample data: the customer's events, the outcomes of invoked actors (`xstate.done.actor.*`,
 * `xstate.error.actor.*`), elapsed delays (`xstate.after.*`) and URL routes (`xstate.route`).
 * Every other internal `xstate.*` event is filtered out: the machine raises those itself.
 */

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
      return cached(type, () => [delayEvent(type, resolveDelay(machine, type.slice(13).split('.')[0] ?? ''))]);
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
  return { index, kind, input, initial, steps, title: pathTitle(input, steps), target: stateText(last.value) };
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
  // A state an input must reach on its own (`reaches`) that no kept path from that input reaches:
  // the first, so shortest, path from that input there is kept too.
  for (const [name, ids] of Object.entries(model.reaches ?? {})) {
    const fromInput = shortest.filter((c) => c.input.sample === name);
    for (const id of ids) {
      const key = `state:${id.replace(/^#/, '')}`;
      if (fromInput.some((c) => keep.has(c) && c.covers.has(key))) continue;
      const first = fromInput.find((c) => c.covers.has(key));
      if (first) keep.add(first);
    }
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
