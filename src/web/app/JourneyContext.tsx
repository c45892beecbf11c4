import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { authMachine } from '../../../machines/auth/authMachine';
import type { journeyMachine } from '../../../machines/journey/journeyMachine';
import type { Api } from '../api/client';
import type { JourneyActor } from './journey';

export type AuthActor = ActorRefFrom<typeof authMachine>;

const Ctx = createContext<{ actor: JourneyActor; api: Api } | null>(null);

export function JourneyProvider({ actor, api, children }: { actor: JourneyActor; api: Api; children: ReactNode }) {
  return <Ctx.Provider value={{ actor, api }}>{children}</Ctx.Provider>;
}

function useCtx() {
  const c = useContext(Ctx);
  if (!c) throw new Error('JourneyProvider missing');
  return c;
}

export const useJourneyActor = (): JourneyActor => useCtx().actor;
export const useApi = (): Api => useCtx().api;

export function useJourney<T>(selector: (s: SnapshotFrom<typeof journeyMachine>) => T): T {
  return useSelector(useCtx().actor, selector);
}

/** The invoked sign-in / sign-up machine, while the journey is in one of those flows. */
export function useAuthActor(): AuthActor | undefined {
  return useJourney((s) => s.children.auth as AuthActor | undefined);
}
