import { useCallback } from 'react';
import { useJourneyActor } from './JourneyContext';

/**
 * Reloads the side navigation (the customer and its steps, spec §2) without leaving the screen:
 * call it after an action that changes the customer's process (a bill sent, an analysis outcome, a
 * proposal approved, a visit booked). A failed reload keeps the menu as it was.
 */
export function useMenuReload(): () => void {
  const actor = useJourneyActor();
  return useCallback(() => actor.send({ type: 'menu.reload' }), [actor]);
}
