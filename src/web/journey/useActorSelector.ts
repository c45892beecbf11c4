import { useCallback, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * A value selected from an actor's snapshot, re-rendering when it changes. React's own
 * useSyncExternalStore keeps @xstate/react and its shim out of the landing page's JavaScript.
 * The selector must return a stable value for an unchanged snapshot (a field, a boolean, a string).
 */
export function useActorSelector<TActor extends AnyActorRef, T>(actor: TActor, selector: (snapshot: SnapshotFrom<TActor>) => T): T {
  const subscribe = useCallback((onChange: () => void) => {
    const subscription = actor.subscribe({ next: onChange, error: onChange });
    return () => subscription.unsubscribe();
  }, [actor]);
  const get = () => selector(actor.getSnapshot() as SnapshotFrom<TActor>);
  // the same snapshot on the server (the build-time render of the public pages) and in the browser
  return useSyncExternalStore(subscribe, get, get);
}
