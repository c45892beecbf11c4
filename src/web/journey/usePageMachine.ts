import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { Actor, ActorOptions, AnyStateMachine, EventFrom, InputFrom, SnapshotFrom } from 'xstate';
import { messages as m, type MessageKey } from '#shared/messages';
import { toast } from '../ui/Toast/toastQueue';

type Implementations<M extends AnyStateMachine> = NonNullable<Parameters<M['provide']>[0]>;
type EdgeAction = (...args: never[]) => void;
/** What schedules a machine's delays (xstate's clock: setTimeout and clearTimeout). */
export type MachineClock = NonNullable<ActorOptions<AnyStateMachine>['clock']>;

export interface PageMachineOptions<M extends AnyStateMachine> {
  /** the machine's input (read once, when the page mounts) */
  input?: InputFrom<M>;
  /**
   * The machine's other side effects at the edge (navigation, logout, local storage), as plain
   * functions: the ones passed on the latest render run, so callers need not memoise them.
   */
  actions?: Implementations<M>['actions'];
  /** the machine's `menuChanged` action: the journey reloads the side navigation */
  onMenuChanged?: () => void;
  /** the clock of the machine's delays (`after`); the browser's timers unless a test gives its own */
  clock?: MachineClock;
}

/**
 * The signed-in pages' machine wiring, written once: the machine gets its actors (read once, at
 * mount) and its edge actions, the actor is created once and stopped with the page, the
 * `menuChanged` action reloads the menu, and `notifySuccess` / `notifyError` ({ key }) show the
 * catalogue text as a toast. Returns the snapshot, a `send` that answers with the snapshot the
 * event led to (a refused submit puts the keyboard on what to fix), and the actor.
 */
export function usePageMachine<M extends AnyStateMachine>(
  machine: M,
  actors: Implementations<M>['actors'],
  options: PageMachineOptions<M> = {},
): [SnapshotFrom<M>, (event: EventFrom<M>) => SnapshotFrom<M>, Actor<M>] {
  const latest = useRef(options);
  useLayoutEffect(() => { latest.current = options; });
  const [provided] = useState(() => {
    const declared = machine.implementations.actions as Record<string, unknown>;
    const page: Record<string, EdgeAction> = {
      menuChanged: () => latest.current.onMenuChanged?.(),
      notifySuccess: (_: unknown, params: { key: MessageKey }) => { toast.success(m[params.key]); },
      notifyError: (_: unknown, params: { key: MessageKey }) => { toast.error(m[params.key]); },
    };
    const edge = Object.fromEntries(Object.keys(options.actions ?? {}).map((name) => [
      name,
      (...args: never[]) => ((latest.current.actions as Record<string, EdgeAction> | undefined)?.[name])?.(...args),
    ]));
    const actions = { ...Object.fromEntries(Object.entries(page).filter(([name]) => name in declared)), ...edge };
    return machine.provide({ actors, actions } as Implementations<M>) as M;
  });
  const actor = useActorRef(provided, { input: options.input, ...(options.clock ? { clock: options.clock } : {}) } as never) as unknown as Actor<M>;
  const [snapshot, setSnapshot] = useState(() => actor.getSnapshot() as SnapshotFrom<M>);
  // What the customer does (an event sent from the page) shows at once: a field keeps what is
  // typed. What arrives by itself (an answer, a timer) renders as a transition, which React does
  // in slices between frames: the visit form's calendar takes ~100 ms to mount on a slow phone,
  // and it must not hold a tap or the first paint of the page's lead behind it.
  const sending = useRef(0);
  useEffect(() => {
    const show = (next: SnapshotFrom<M>) => {
      if (sending.current > 0) setSnapshot(next);
      else startTransition(() => setSnapshot(next));
    };
    setSnapshot(actor.getSnapshot() as SnapshotFrom<M>);
    const subscription = actor.subscribe({ next: show, error: () => setSnapshot(actor.getSnapshot() as SnapshotFrom<M>) });
    return () => subscription.unsubscribe();
  }, [actor]);
  const send = useCallback((event: EventFrom<M>) => {
    sending.current += 1;
    try {
      actor.send(event);
    } finally {
      sending.current -= 1;
    }
    return actor.getSnapshot() as SnapshotFrom<M>;
  }, [actor]);
  if ((snapshot as { status?: string }).status === 'error') throw (snapshot as { error?: unknown }).error;
  return [snapshot, send, actor];
}
