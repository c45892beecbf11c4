import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { RouterHistory } from '@tanstack/react-router';
import type { authMachine } from '#machines/auth/authMachine';
import type { journeyMachine } from '#machines/journey/journeyMachine';
import type { Api } from '../api/client';
import type { Journey, JourneyActor } from './journey';
import { useActorSelector } from './useActorSelector';

export type AuthActor = ActorRefFrom<typeof authMachine>;

const Ctx = createContext<Journey | null>(null);

export function JourneyProvider({ journey, children }: { journey: Journey; children: ReactNode }) {
  return <Ctx.Provider value={journey}>{children}</Ctx.Provider>;
}

/**
 * The browser history the URL lives in (the route sync hands its changes to the machine). Screens
 * change the URL through it (`useGo`); the router's code is not needed for that.
 */
const HistoryCtx = createContext<RouterHistory | null>(null);

export function HistoryProvider({ history, children }: { history: RouterHistory; children: ReactNode }) {
  return <HistoryCtx.Provider value={history}>{children}</HistoryCtx.Provider>;
}

export function useHistory(): RouterHistory {
  const history = useContext(HistoryCtx);
  if (!history) throw new Error('HistoryProvider missing');
  return history;
}

function useCtx() {
  const c = useContext(Ctx);
  if (!c) throw new Error('JourneyProvider missing');
  return c;
}

export const useJourneyActor = (): JourneyActor => useCtx().actor;
/** The API client, loaded on first use. */
export const useApiLoader = (): (() => Promise<Api>) => useCtx().getApi;
/** Where the bot-check widget fetches its challenge. */
export const useBotCheckChallengeUrl = (): string => `${useCtx().origin}/api/v1/altcha/challenge`;

export function useJourney<T>(selector: (s: SnapshotFrom<typeof journeyMachine>) => T): T {
  return useActorSelector(useCtx().actor, selector);
}

/** The invoked sign-in / sign-up machine, while the journey is in one of those flows. */
export function useAuthActor(): AuthActor | undefined {
  return useJourney((s) => s.children.auth as AuthActor | undefined);
}
