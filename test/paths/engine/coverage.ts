import { readStatechart } from '../../../scripts/lib/statechart';
import type { PathFailure } from './format';
import type { PathModel } from './model';

/**
 * What of a machine the runs reached, measured from what the live actor did (its microsteps), not
 * from the plan, against every state and transition the statechart has.
 */

export interface Recorder {
  states: Set<string>;
  transitions: Set<string>;
  /** The states reached from each named input, for the model's `reaches`. */
  statesByInput: Map<string, Set<string>>;
}

export function newRecorder(): Recorder {
  return { states: new Set(), transitions: new Set(), statesByInput: new Map() };
}

/** Notes a state reached from the named input. */
export function recordState(recorder: Recorder, input: string, stateId: string): void {
  recorder.states.add(stateId);
  let fromInput = recorder.statesByInput.get(input);
  if (!fromInput) { fromInput = new Set(); recorder.statesByInput.set(input, fromInput); }
  fromInput.add(stateId);
}

export interface MachineCoverage {
  name: string;
  states: { reached: number; total: number; missing: string[] };
  transitions: { taken: number; total: number; missing: string[] };
  /** Declared unreachable in the path model, with the reason (not counted as missing). */
  unreachable: { what: string; reason: string }[];
  paths: { run: number; shortest: number; simple: number; simpleSkipped?: string; failed: number };
  failures: PathFailure[];
  /** How long generating and running took: printed, never written to a committed file. */
  ms: number;
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
  const missingFromInputs: string[] = [];
  const inputNames = new Set((model.inputs ?? []).map((i) => i.sample));
  for (const [input, ids] of Object.entries(model.reaches ?? {})) {
    if (!inputNames.has(input)) {
      problems.push(`reaches names the input "${input}", which the path model does not start from`);
      continue;
    }
    for (const id of ids) {
      if (!stateNames.some((x) => x.name === id)) problems.push(`${id} is in reaches (${input}) but the machine has no such state`);
      else if (!recorder.statesByInput.get(input)?.has(id.slice(1))) missingFromInputs.push(`${id.slice(1)} (from ${input})`);
    }
  }
  const missingStates = [
    ...stateNames.filter((x) => !x.reached && !declared.has(x.name)).map((x) => x.name.slice(1)),
    ...missingFromInputs,
  ];
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
