import type { EventObject } from 'xstate';
import { formatSeconds } from '../../../scripts/lib/statechart';
import type { PathStep, Sample, TestPath } from './model';

/**
 * How paths, events and failures read for a tester. Events are plain objects the machine receives,
 * so what names them (the sample they come from, the invoked actor, a delay with its seconds) is
 * kept beside them here, set when the events are made and read when they are written out.
 */

const sampleNames = new WeakMap<object, string>();
/** Ready-made text for events that need the machine to be named (delays with their seconds). */
const labels = new WeakMap<object, string>();
/** The invoked actor's src name for actor events, when its invoke has no id of its own. */
const actorNames = new WeakMap<object, string>();

/** Notes the sample an event comes from and, for an actor's outcome, the actor's src name. */
export function named<E extends EventObject>(event: E, name: string | undefined, actor?: string): E {
  if (name) sampleNames.set(event, name);
  if (actor) actorNames.set(event, actor);
  return event;
}

/** A delay's event as `after 5 s` (a number of milliseconds) or `after resendCooldown (30 s)`. */
export function delayEvent(type: string, ms: number | undefined): EventObject {
  const ref = type.slice(13).split('.')[0] ?? '';
  const label = /^\d+$/.test(ref) ? `after ${formatSeconds(Number(ref))}` : `after ${ref}${ms === undefined ? '' : ` (${formatSeconds(ms)})`}`;
  const event = { type };
  labels.set(event, label);
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

/** A path's title: its input, then its events; a run of the same event (a countdown's ticks) reads as one, `×30`. */
export function pathTitle(input: Sample<unknown>, steps: readonly PathStep[]): string {
  const parts: { text: string; times: number }[] = [];
  for (const st of steps) {
    const text = formatEvent(st.event);
    const last = parts.at(-1);
    if (last?.text === text) last.times++; else parts.push({ text, times: 1 });
  }
  const events = parts.map((p) => (p.times > 1 ? `${p.text} ×${p.times}` : p.text)).join(' → ') || '(initial state)';
  return input.sample ? `[${input.sample}] ${events}` : events;
}

/** The failing path step by step: ✓ for the steps that held, ✗ at the failing one, and the screen when there is one. */
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
