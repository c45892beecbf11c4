import {
  createActor, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode,
  type AnyTransitionDefinition, type EventObject,
} from 'xstate';
import { transitionKey } from '../../../scripts/lib/statechart';
import { coverageOf, newRecorder, recordState, type MachineCoverage, type Recorder } from './coverage';
import { PathFailure, stateText } from './format';
import { generatePaths } from './generate';
import { activeNodes, type PathModel, type TestPath } from './model';

/**
 * Each path runs against a live actor of the machine whose actors are replaced by stand-ins that
 * settle with the path's sample outcome and whose clock is simulated, and the actor's state is
 * compared with the path's after every step.
 */

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
  const reached = (stateId: string) => { if (recorder) recordState(recorder, path.input.sample, stateId); };
  const record = (snapshot: AnyMachineSnapshot) => {
    for (const node of activeNodes(snapshot)) if (node.path.length) reached(node.id);
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
        for (const target of t.target ?? []) if (target.type === 'history') reached(target.id);
        // A state left by an eventless transition in the same step was still entered.
        for (let n: AnyStateNode | undefined = t.source; n?.parent; n = n.parent) reached(n.id);
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
