import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventFromLogic, EventObject, InputFrom } from 'xstate';

/**
 * What a path model says about a machine, and what a generated path is. The engine is split by
 * concern: generate.ts makes the paths from the model, run.ts runs them against a live actor,
 * coverage.ts says what the runs reached, format.ts writes paths and failures for a tester.
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
   * States (`#id`) each named input must reach on paths of its own, for ways in that lead to the
   * same states by different routes (sign-in and sign-up both end signed in). Coverage alone is
   * met by any input; a state listed here that its input's paths do not reach fails the run.
   */
  reaches?: Record<string, readonly string[]>;
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

/** The state nodes a snapshot is in (XState keeps them on the snapshot, unexported). */
export function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
}
