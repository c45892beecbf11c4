import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { authMachine } from '#machines/auth/authMachine';
import { journeyMachine } from '#machines/journey/journeyMachine';
import { runsAuthFlow } from '#shared/routes';
import type { Api, ApiClientOptions } from '../api/client';
import * as store from './session';
import { readPhoneProof } from './phoneProof';
import { takeEarlyResponse } from './earlyStart';

export type JourneyActor = ActorRefFrom<typeof journeyMachine>;

export interface JourneyOptions {
  /** fetch for the API (tests: the Hono app in process) */
  fetch?: ApiClientOptions['fetch'];
  origin?: string;
}

/**
 * The one journey actor of the app, with its side effects provided: the API calls of spec §7 and
 * local storage (spec §3). Created once, above the router.
 */
export interface Journey {
  actor: JourneyActor;
  /** the API client, loaded on first use (a visitor on the landing page never downloads it) */
  getApi: () => Promise<Api>;
  /** where the API lives ('' = this page's origin) */
  origin: string;
  /** resolves once the code a path's screens need is loaded (the auth flow for the screens the table marks `runsAuthFlow`) */
  prepareFor: (path: string) => Promise<void> | null;
  stop: () => void;
}

/**
 * The auth flow's code, once loaded for this page (module level, so a page that opens on login or
 * sign-up loads it before the journey exists and the journey starts on that screen at once).
 */
let authFlowCode: Promise<[typeof import('./authFlow'), typeof import('./conversion')]> | null = null;
let authFlowLoaded: [typeof import('./authFlow'), typeof import('./conversion')] | null = null;
function loadAuthFlowCode(): Promise<[typeof import('./authFlow'), typeof import('./conversion')]> {
  authFlowCode ??= Promise.all([import('./authFlow'), import('./conversion')]).then((code) => (authFlowLoaded = code));
  return authFlowCode;
}

/** Loads the journey's code that a path's screens need (the auth flow for login and sign-up); null when there is none to load. */
export function preloadJourneyCode(path: string): Promise<void> | null {
  return runsAuthFlow(path) && !authFlowLoaded ? loadAuthFlowCode().then(() => undefined) : null;
}

/** How long the logout waits for the answers to calls already sent. */
const LOGOUT_WAITS_FOR_CALLS_MS = 5000;

const isLoggingOut = (snapshot: ReturnType<JourneyActor['getSnapshot']>): boolean =>
  snapshot.matches({ signedIn: { screen: 'loggingOut' } });

/**
 * Whether a call with the session may go out: at once, except while the customer logs out; then
 * once the logout is over, and only if the session survived it (a failed logout).
 */
function sessionGate(actor: JourneyActor | undefined): boolean | Promise<boolean> {
  if (!actor || !isLoggingOut(actor.getSnapshot())) return true;
  return new Promise<boolean>((resolve) => {
    const subscription = actor.subscribe((snapshot) => {
      if (isLoggingOut(snapshot)) return;
      subscription.unsubscribe();
      resolve(snapshot.context.session !== null);
    });
  });
}

export function createJourney(options: JourneyOptions = {}): Journey {
  // the API needs the actor (token, 401) and the actor the API: tie them through a holder
  const holder: { actor?: JourneyActor } = {};
  let apiLoading: Promise<Api> | null = null;
  const getApi = (): Promise<Api> => {
    apiLoading ??= import('../api/client').then(({ createApi }) => createApi({
      fetch: options.fetch,
      origin: options.origin,
      getToken: () => holder.actor?.getSnapshot().context.session?.token ?? null,
      onUnauthorized: () => { if (!store.accountWasDeleted()) holder.actor?.send({ type: 'session.expired', reason: 'unauthorized' }); },
      sessionGate: () => sessionGate(holder.actor),
      earlyResponse: takeEarlyResponse,
    }));
    return apiLoading;
  };

  // The auth flow's code is fetched when login or sign-up is opened (see `prepareFor`); until then
  // the machine never enters those states, so the stand-in below is never asked for anything.
  let authFlow: typeof authMachine | null = null;
  let authLoading: Promise<void> | null = null;
  // conversion tracking comes with the sign-up flow's code (not with the landing page), so it is
  // there, and runs at once, when the sign-up ends
  let conversion: typeof import('./conversion') | null = null;
  const loadConversion = () => import('./conversion').then((m) => { conversion = m; return m; });
  const provideAuthFlow = ([{ providedAuthFlow }, conversionCode]: [typeof import('./authFlow'), typeof import('./conversion')]) => {
    authFlow = providedAuthFlow(getApi) as typeof authMachine;
    conversion = conversionCode;
  };
  if (authFlowLoaded) provideAuthFlow(authFlowLoaded);
  const loadAuthFlow = (): Promise<void> => {
    authLoading ??= loadAuthFlowCode().then((code) => { if (!authFlow) provideAuthFlow(code); });
    return authLoading;
  };
  const auth = new Proxy({} as typeof authMachine, {
    get(_, key) {
      if (!authFlow) throw new Error(`auth flow not loaded (${String(key)})`);
      const value: unknown = Reflect.get(authFlow, key, authFlow);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(authFlow) : value;
    },
  });

  const machine = journeyMachine.provide({
    actors: {
      authFlow: auth,
      loadCustomer: fromPromise(async ({ input }: { input: { token: string } }) => (await getApi()).getCustomer(input.token)),
      logout: fromPromise(async ({ input }: { input: { token: string } }) => {
        const api = await getApi();
        // the calls already sent are answered first: ended under them, they would come back 401
        await Promise.race([api.idle(), new Promise((resolve) => setTimeout(resolve, LOGOUT_WAITS_FOR_CALLS_MS))]);
        return api.logout(input.token);
      }),
      // with the session's own token, so a reload asked for while the customer logs out waits for the outcome
      reloadMenu: fromPromise(async () => (await getApi()).getCustomer()),
    },
    actions: {
      saveSession: ({ context }) => {
        if (context.session) store.writeSession({ ...context.session, user: context.customer });
      },
      clearStoredSession: () => store.clearSession(),
      saveThankYouFlag: () => store.setThankYouFlag(),
      clearThankYouFlag: () => store.clearThankYouFlag(),
      saveSignUpOptions: ({ context }) => {
        store.writeRegisterType(context.registerType);
        if (context.coupon) store.writeCoupon(context.coupon);
      },
      clearRegisterType: () => store.clearRegisterType(),
      saveBill: ({ context }) => { if (context.bill) store.writeBill(context.bill); },
      saveCoupon: ({ context }) => { if (context.coupon) store.writeCoupon(context.coupon); },
            trackConversion: ({ context }) => {
        const detail = { customerId: context.customer?.id ?? null };
        if (conversion) conversion.trackConversion(detail);
        else void loadConversion().then((m) => m.trackConversion(detail));
      },
    },
  });

  // a campaign link's parameters are kept for the sign-up (spec §3 marketing-attribution cookie)
  if (typeof location !== 'undefined') void store.captureAttribution(location.search, location.protocol);

  const actor = createActor(machine, {
    input: {
      storedSession: store.readSession(),
      thankYouPending: store.readThankYouFlag(),
      coupon: store.readCoupon(),
      registerType: store.readRegisterType(),
      paymentTypeStored: store.hasPaymentType(),
      confirmed: readPhoneProof(),
    },
  });
  holder.actor = actor;
  const stopListening = store.onSessionClearedElsewhere(() => actor.send({ type: 'session.expired', reason: 'elsewhere' }));
  actor.start();
  const prepareFor = (path: string): Promise<void> | null =>
    runsAuthFlow(path) && !authFlow ? loadAuthFlow() : null;
  return { actor, getApi, origin: options.origin ?? '', prepareFor, stop: () => { stopListening(); actor.stop(); } };
}
