import { assign, createMachine, enqueueActions, not, setup, type AnyMachineSnapshot } from 'xstate';
import type { authMachine, RegisterType } from '../auth/authMachine';
import { currentStep, landingRoute } from '#shared/steps';
import { isMenuItemEnabled, mayRevealMenuList, MENU_ITEMS, selectedMenuItem } from '#shared/menu';
import {
  isAlwaysOpenPath, isPrivatePath, normaliseScreenPath, PATHS, PRIVATE_SCREEN_KEYS, type PrivateScreenKey, type ScreenPath,
} from '#shared/routes';
import type { CustomerProfile } from '#shared/customer/payloads';
import type { MessageKey } from '#shared/messages';
import { notProvided } from '../notProvided';

/**
 * Which screen the customer sees (spec §2): the route table, the route guard, the landing page after
 * login and sign-up, the thank-you countdown and logout. Every screen state carries `meta.path`
 * (the path without the language, from the screen table src/shared/routes.ts); the router mirrors
 * it, and a URL change comes back as `route.changed`, which the machine accepts or refuses (the
 * router then restores the machine's path).
 * The sign-in and sign-up flows are the invoked `auth` machine; its tags ('phone', 'code',
 * 'registration') decide which of the flow's screens is shown.
 */

export interface StoredSession { token: string; phone: string; user: CustomerProfile | null }

export interface JourneyInput {
  /** 'portal:session' as found in local storage */
  storedSession?: StoredSession | null;
  /** 'showThankYou' === 'true' */
  thankYouPending?: boolean;
  coupon?: string | null;
  registerType?: RegisterType;
  /** 'paymentType' is stored (sends proposal-final to payment) */
  paymentTypeStored?: boolean;
  /** a phone confirmed by code for a sign-up, kept for its proof's lifetime (a reload of /create-account stays on the form) */
  confirmed?: { phone: string; phoneProof: string } | null;
}

/**
 * A message for the customer, by its catalogue key: the app looks the text up when it shows the
 * toast, so the landing page's bundle does not carry the whole pt-BR catalogue.
 */
export interface Notice { tone: 'success' | 'error'; key: MessageKey }

export interface JourneyContext {
  session: { token: string; phone: string } | null;
  customer: CustomerProfile | null;
  thankYouPending: boolean;
  thankYouCount: number;
  /** the URL asked for while the stored session was being checked */
  requestedPath: string | null;
  coupon: string | null;
  registerType: RegisterType;
  paymentTypeStored: boolean;
  /** a phone confirmed by a sign-in code that has no account yet */
  confirmed: { phone: string; phoneProof: string } | null;
  justRegistered: boolean;
  /** the landing page's `bill` query value */
  bill: string | null;
  notice: Notice | null;
}

export type RouteSearch = Record<string, string | undefined>;

export type JourneyEvent =
  | { type: 'route.changed'; path: string; search?: RouteSearch }
  | { type: 'code.back' }
  | { type: 'logout' }
  | { type: 'session.expired'; reason?: 'unauthorized' | 'elsewhere' }
  | { type: 'notice.dismiss' }
  /** a screen changed the customer's process (bill sent, analysis arrived, proposal approved...): reload the menu */
  | { type: 'menu.reload' };

/** Spec §9: thank-you countdown 3 s. */
export const THANK_YOU_FROM = 3;

/** The signed-in screens: the keys of the screen table's private rows, one state each under `signedIn.screen`. */
export type PrivateScreen = PrivateScreenKey;

/**
 * Spec §2 "back one page": with the step menu loaded, a private route whose menu item is not open
 * (and that is not the customer's landing page) is refused; the router goes back to the machine's screen.
 */
export function isClosedByMenu(path: string, customer: CustomerProfile | null, paymentTypeStored: boolean): boolean {
  const p = normaliseScreenPath(path);
  if (!customer || !isPrivatePath(p) || isAlwaysOpenPath(p)) return false;
  if (PATHS[landingScreen(customer, paymentTypeStored)] === p) return false;
  const kind = customer.subscription_lending;
  const key = selectedMenuItem(p, kind);
  const item = MENU_ITEMS.find((i) => i.key === key);
  return !item || !isMenuItemEnabled(item, customer.steps, kind);
}

/** The landing screen after login (spec §2 landing table, via the shared step model). */
export function landingScreen(customer: CustomerProfile | null, paymentTypeStored: boolean): PrivateScreen {
  if (!customer) return 'bill';
  const step = currentStep(customer.steps, customer.customer_success_id !== null);
  return landingRoute(step, customer.subscription_lending, paymentTypeStored);
}

/** The path of the screen the machine is on, or undefined while it has none (checking the session, logging out). */
export function screenPath(snapshot: AnyMachineSnapshot): ScreenPath | undefined {
  const metas = snapshot.getMeta() as Record<string, { path?: ScreenPath } | undefined>;
  let best: { depth: number; path: ScreenPath } | undefined;
  for (const [id, meta] of Object.entries(metas)) {
    if (!meta?.path) continue;
    const depth = id.split('.').length;
    if (!best || depth > best.depth) best = { depth, path: meta.path };
  }
  return best?.path;
}

const routePath = (event: JourneyEvent): string | null =>
  event.type === 'route.changed' ? normaliseScreenPath(event.path) : null;

const snapshotOf = (event: unknown): AnyMachineSnapshot | undefined =>
  (event as { snapshot?: AnyMachineSnapshot }).snapshot;

/** The screens the spec §2 landing table can land on: every private screen but the profile. */
const LANDING_SCREENS = PRIVATE_SCREEN_KEYS.filter((screen) => screen !== 'profile');

const landingTransitions = (actions: string[] = []) =>
  LANDING_SCREENS.map((screen) => ({
    guard: { type: 'landsOn' as const, params: { screen } },
    target: `#journey.signedIn.screen.${screen}`,
    actions: actions as never,
  }));

const privateStates = Object.fromEntries(
  PRIVATE_SCREEN_KEYS.map((screen) => [screen, { meta: { path: PATHS[screen] } }]),
) as Record<PrivateScreen, { meta: { path: ScreenPath } }>;

/** Inside the signed-in frame: from one private screen to another, without leaving the frame (the menu stays as it is). */
const privateRouteTransitions = PRIVATE_SCREEN_KEYS.map((screen) => ({
  guard: { type: 'isRoute' as const, params: { path: PATHS[screen] } },
  target: `.${screen}`,
}));

export const journeyMachine = setup({
  types: {
    context: {} as JourneyContext,
    events: {} as JourneyEvent,
    input: {} as JourneyInput,
    meta: {} as { path?: ScreenPath },
  },
  actors: {
    /**
     * the sign-in / sign-up flow: machines/auth/authMachine.ts, provided at the edge (the web app
     * loads it only when a visitor opens login or sign-up; tests provide it with their actors)
     */
    authFlow: createMachine({ id: 'authFlowNotProvided' }) as unknown as typeof authMachine,
    /** GET /portal/customers with the token */
    loadCustomer: notProvided<CustomerProfile, { token: string }>('loadCustomer'),
    /** POST /portal/logout */
    logout: notProvided<void, { token: string }>('logout'),
    /** GET /portal/customers again: the profile with its steps, for the side navigation */
    reloadMenu: notProvided<CustomerProfile, { token: string }>('reloadMenu'),
  },
  delays: {
    oneSecond: 1000,
  },
  guards: {
    hasStoredSession: ({ context }) => context.session !== null,
    isSignedIn: ({ context }) => context.session !== null,
    isPrivateRouteWithoutSession: ({ context, event }) => {
      const path = routePath(event);
      return path !== null && isPrivatePath(path) && context.session === null;
    },
    isRouteWhileThankYouPending: ({ context, event }) => {
      const path = routePath(event);
      return path !== null && context.session !== null && context.thankYouPending
        && (isPrivatePath(path) || path === PATHS.thankYou);
    },
    isPublicRouteWithSession: ({ context, event }) => {
      const path = routePath(event);
      return path !== null && context.session !== null && !isPrivatePath(path);
    },
    isRouteClosedByMenu: ({ context, event }) => {
      const path = routePath(event);
      return path !== null && context.session !== null && isClosedByMenu(path, context.customer, context.paymentTypeStored);
    },
    isRoute: ({ event }, params: { path: string }) => routePath(event) === params.path,
    landsOn: ({ context }, params: { screen: PrivateScreen }) =>
      landingScreen(context.customer, context.paymentTypeStored) === params.screen,
    isUnauthorized: ({ event }) => (event as { error?: { status?: number } }).error?.status === 401,
    justRegistered: ({ context }) => context.justRegistered,
    authShowsPhone: ({ event }) => snapshotOf(event)?.hasTag('phone') ?? false,
    authShowsCode: ({ event }) => snapshotOf(event)?.hasTag('code') ?? false,
    authShowsRegistration: ({ event }) => snapshotOf(event)?.hasTag('registration') ?? false,
    thankYouCountdownEnding: ({ context }) => context.thankYouCount <= 1,
    /** spec §2: the bill step's status is known and not PENDING, or the customer is LENDING */
    menuMayShow: ({ context }) =>
      mayRevealMenuList(context.customer?.steps, context.customer?.subscription_lending ?? 'SUBSCRIPTION'),
  },
  actions: {
    // edge effects (local storage, analytics), provided by the app; they read what the machine decided from context
    saveSession: () => {},
    clearStoredSession: () => {},
    saveThankYouFlag: () => {},
    clearThankYouFlag: () => {},
    saveSignUpOptions: () => {},
    clearRegisterType: () => {},
    saveBill: () => {},
    saveCoupon: () => {},
    trackConversion: () => {},

    rememberRequestedPath: assign({ requestedPath: ({ event }) => routePath(event) }),
    replayRequestedPath: enqueueActions(({ context, enqueue }) => {
      if (context.requestedPath !== null) enqueue.raise({ type: 'route.changed', path: context.requestedPath });
      enqueue.assign({ requestedPath: null });
    }),
    /** spec §2 sign-up: `cupom`/`coupon` kept; `type=business` flags the company form, otherwise personal */
    rememberSignUpOptions: assign(({ context, event }) => {
      if (event.type !== 'route.changed') return { confirmed: null };
      const coupon = event.search?.cupom ?? event.search?.coupon;
      const registerType: RegisterType = event.search?.type === 'business' ? 'business' : 'personal';
      return { coupon: coupon ? coupon.toUpperCase() : context.coupon, registerType, confirmed: null };
    }),
    /** a campaign link to the landing page (`/pt?cupom=...`) keeps its coupon for the sign-up form, as /sign-up does */
    rememberCoupon: assign({
      coupon: ({ context, event }) => {
        const coupon = event.type === 'route.changed' ? event.search?.cupom ?? event.search?.coupon : undefined;
        return coupon ? coupon.toUpperCase() : context.coupon;
      },
    }),
    /** spec §2 landing page: the `bill` query parameter is kept */
    rememberBill: assign({
      bill: ({ context, event }) => (event.type === 'route.changed' && event.search?.bill) || context.bill,
    }),
    rememberConfirmedPhone: assign({
      confirmed: ({ event }) => {
        const c = snapshotOf(event)?.context as { phone?: string; phoneProof?: string | null } | undefined;
        return c?.phone && c.phoneProof ? { phone: c.phone, phoneProof: c.phoneProof } : null;
      },
      registerType: 'personal',
    }),
    startSession: assign(({ event }) => {
      const out = (event as { output?: { token: string; registered: boolean; phone?: string } }).output;
      return { session: { token: out?.token ?? '', phone: out?.phone ?? '' }, justRegistered: out?.registered ?? false, confirmed: null };
    }),
    rememberCustomer: assign({
      customer: ({ event }) => (event as { output?: CustomerProfile }).output ?? null,
      session: ({ context, event }) => {
        const user = (event as { output?: CustomerProfile }).output;
        return context.session ? { ...context.session, phone: user?.phone ?? context.session.phone } : null;
      },
    }),
    forgetSession: assign({ session: null, customer: null, thankYouPending: false, justRegistered: false }),
    welcomeNewCustomer: assign({
      thankYouPending: true, justRegistered: false, notice: { tone: 'success', key: 'signup.success' },
    }),
    startThankYouCountdown: assign({ thankYouCount: THANK_YOU_FROM }),
    tickThankYouCountdown: assign({ thankYouCount: ({ context }) => Math.max(0, context.thankYouCount - 1) }),
    finishThankYou: assign({ thankYouPending: false }),
    noticeLogoutFailed: assign({ notice: { tone: 'error', key: 'common.logout.error' } }),
    noticeSessionExpired: assign({
      notice: ({ event }) => event.type === 'session.expired' && event.reason === 'unauthorized'
        ? { tone: 'error' as const, key: 'common.error.unauthorized' as const }
        : null,
    }),
    noticeUnauthorized: assign({ notice: { tone: 'error', key: 'common.error.unauthorized' } }),
    noticeGenericError: assign({ notice: { tone: 'error', key: 'common.error.generic' } }),
    dismissNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'journey',
  description: 'The screen the customer is on, and the route guard of spec §2.',
  context: ({ input }) => ({
    session: input.storedSession ? { token: input.storedSession.token, phone: input.storedSession.phone } : null,
    customer: input.storedSession?.user ?? null,
    thankYouPending: input.thankYouPending ?? false,
    thankYouCount: THANK_YOU_FROM,
    requestedPath: null,
    coupon: input.coupon ?? null,
    registerType: input.registerType ?? 'personal',
    paymentTypeStored: input.paymentTypeStored ?? false,
    confirmed: input.confirmed ?? null,
    justRegistered: false,
    bill: null,
    notice: null,
  }),
  initial: 'restoring',
  on: {
    // spec §2 route guard, in its order; then the plain route table
    'route.changed': [
      { guard: 'isPrivateRouteWithoutSession', target: '#journey.home' },
      { guard: 'isRouteWhileThankYouPending', target: '#journey.thankYou' },
      { guard: 'isPublicRouteWithSession', target: '#journey.signedIn.screen.bill' },
      { guard: { type: 'isRoute', params: { path: PATHS.landing } }, target: '#journey.home', actions: ['rememberBill', 'saveBill', 'rememberCoupon', 'saveCoupon'] },
      { guard: { type: 'isRoute', params: { path: PATHS.welcome } }, target: '#journey.welcome' },
      { guard: { type: 'isRoute', params: { path: PATHS.login } }, target: '#journey.signIn' },
      { guard: { type: 'isRoute', params: { path: PATHS.signUp } }, target: '#journey.signUp', actions: ['rememberSignUpOptions', 'saveSignUpOptions'] },
      // a reload (or a typed URL) on a later step of a flow starts that flow again at its phone step:
      // the code entry and the confirmed phone lived in memory only; asking again within 30 s leads on
      // to the code already sent. The company flag is the stored one.
      { guard: { type: 'isRoute', params: { path: PATHS.accessAccount } }, target: '#journey.signIn' },
      { guard: { type: 'isRoute', params: { path: PATHS.signUpAccessCode } }, target: '#journey.signUp' },
      { guard: { type: 'isRoute', params: { path: PATHS.createAccount } }, target: '#journey.signUp' },
      // private routes with a session are the signed-in frame's (signedIn.screen); anything else is refused
    ],
    'notice.dismiss': { actions: 'dismissNotice' },
  },
  states: {
    restoring: {
      description: 'The persisted session is checked with GET /portal/customers before any screen shows.',
      initial: 'checking',
      on: {
        'route.changed': { actions: 'rememberRequestedPath' },
      },
      states: {
        checking: {
          always: [
            { guard: 'hasStoredSession', target: 'loadingCustomer' },
            { target: '#journey.home', actions: 'replayRequestedPath' },
          ],
        },
        loadingCustomer: {
          invoke: {
            src: 'loadCustomer',
            input: ({ context }) => ({ token: context.session?.token ?? '' }),
            onDone: { target: '#journey.landing', actions: ['rememberCustomer', 'saveSession', 'replayRequestedPath'] },
            onError: [
              // the stored session has expired (or was ended elsewhere): the landing page says so
              { guard: 'isUnauthorized', target: '#journey.home', actions: ['forgetSession', 'clearStoredSession', 'noticeUnauthorized', 'replayRequestedPath'] },
              // the server is unreachable: keep the stored session and its profile
              { target: '#journey.landing', actions: 'replayRequestedPath' },
            ],
          },
        },
      },
    },
    home: { meta: { path: PATHS.landing } },
    welcome: { meta: { path: PATHS.welcome } },
    signIn: {
      description: 'Sign-in: phone step (/login), then the code (/access-account).',
      initial: 'phone',
      invoke: {
        id: 'auth',
        src: 'authFlow',
        input: () => ({ flow: 'SIGN_IN' as const }),
        onSnapshot: [
          { guard: 'authShowsRegistration', target: '#journey.signUp.createAccount', actions: 'rememberConfirmedPhone' },
          { guard: 'authShowsCode', target: '.code' },
          { guard: 'authShowsPhone', target: '.phone' },
        ],
        onDone: { target: 'startingSession', actions: 'startSession' },
      },
      states: {
        phone: { meta: { path: PATHS.login } },
        code: {
          meta: { path: PATHS.accessAccount },
          on: { 'code.back': '#journey.signIn' },
        },
      },
    },
    signUp: {
      description: 'Sign-up: phone step (/sign-up), the code (/sign-up/access-code), the form (/create-account).',
      initial: 'phone',
      invoke: {
        id: 'auth',
        src: 'authFlow',
        input: ({ context }) => ({
          flow: 'SIGN_UP' as const, coupon: context.coupon, registerType: context.registerType, confirmed: context.confirmed,
        }),
        onSnapshot: [
          { guard: 'authShowsRegistration', target: '.createAccount' },
          { guard: 'authShowsCode', target: '.code' },
          { guard: 'authShowsPhone', target: '.phone' },
        ],
        onDone: { target: 'startingSession', actions: 'startSession' },
      },
      states: {
        phone: { meta: { path: PATHS.signUp } },
        code: {
          meta: { path: PATHS.signUpAccessCode },
          on: { 'code.back': '#journey.home' },
        },
        createAccount: {
          meta: { path: PATHS.createAccount },
          on: { 'code.back': { target: '#journey.signUp', actions: ['rememberSignUpOptions', 'saveSignUpOptions'] } },
        },
      },
    },
    startingSession: {
      description: 'A token from login, confirm-number or sign-up: load the profile, then land.',
      // no screen until the profile is known
      on: { 'route.changed': {} },
      invoke: {
        src: 'loadCustomer',
        input: ({ context }) => ({ token: context.session?.token ?? '' }),
        onDone: [
          { guard: 'justRegistered', target: 'thankYou', actions: ['rememberCustomer', 'saveSession', 'welcomeNewCustomer', 'saveThankYouFlag', 'clearRegisterType'] },
          { target: 'landing', actions: ['rememberCustomer', 'saveSession'] },
        ],
        onError: { target: 'home', actions: ['forgetSession', 'clearStoredSession', 'noticeGenericError'] },
      },
    },
    landing: {
      description: 'Spec §2 landing table from the current step (a new customer: bill).',
      always: landingTransitions(),
    },
    thankYou: {
      meta: { path: PATHS.thankYou },
      description: 'Countdown 3 to 0 once a second, conversion tracked, then the bill page; the flag is cleared.',
      entry: ['startThankYouCountdown', 'trackConversion'],
      initial: 'counting',
      states: {
        counting: {
          after: {
            oneSecond: [
              { guard: 'thankYouCountdownEnding', target: '#journey.signedIn.screen.bill', actions: ['tickThankYouCountdown', 'finishThankYou', 'clearThankYouFlag'] },
              { target: 'counting', reenter: true, actions: 'tickThankYouCountdown' },
            ],
          },
        },
      },
      on: {
        'session.expired': { target: 'home', actions: ['forgetSession', 'clearStoredSession', 'noticeSessionExpired'] },
      },
    },
    signedIn: {
      description: 'Private screens, inside the layout with the side navigation: the screen, and the menu beside it.',
      type: 'parallel',
      on: {
        'session.expired': { target: 'home', actions: ['forgetSession', 'clearStoredSession', 'noticeSessionExpired'] },
      },
      states: {
        screen: {
          description: 'The private screen shown; moving between screens leaves the menu as it is.',
          initial: 'bill',
          on: {
            // spec §2 route guard for a signed-in customer, in its order; then the private route table
            'route.changed': [
              { guard: 'isRouteWhileThankYouPending', target: '#journey.thankYou' },
              { guard: 'isPublicRouteWithSession', target: '.bill' },
              // refused: the router restores the machine's path (the "back one page" of spec §2)
              { guard: 'isRouteClosedByMenu' },
              ...privateRouteTransitions,
            ],
            // re-entering records the screen in the history state, where a failed logout returns
            logout: { target: '.loggingOut', reenter: true },
          },
          states: {
            ...privateStates,
            loggingOut: {
              // the customer is leaving anyway: a 401 meanwhile is no 'session expired' (the logout's answer decides)
              on: { 'route.changed': {}, logout: {}, 'session.expired': {} },
              invoke: {
                src: 'logout',
                input: ({ context }) => ({ token: context.session?.token ?? '' }),
                onDone: { target: '#journey.home', actions: ['forgetSession', 'clearStoredSession'] },
                onError: [
                  // the token is no longer valid anyway: the customer is out
                  { guard: 'isUnauthorized', target: '#journey.home', actions: ['forgetSession', 'clearStoredSession'] },
                  { target: 'previous', actions: 'noticeLogoutFailed' },
                ],
              },
            },
            previous: { type: 'history' },
          },
        },
        menu: {
          description: 'The side navigation: when its list of steps shows (spec §2), and reloading it after a screen changed the process.',
          type: 'parallel',
          states: {
            list: {
              description: 'Drawn disabled while hidden; shown one second after the bill step is known and not PENDING (LENDING customers: whatever the bill).',
              initial: 'hidden',
              states: {
                hidden: {
                  always: { guard: 'menuMayShow', target: 'revealing' },
                },
                revealing: {
                  always: { guard: not('menuMayShow'), target: 'hidden' },
                  after: { oneSecond: 'shown' },
                },
                shown: {
                  always: { guard: not('menuMayShow'), target: 'hidden' },
                },
              },
            },
            steps: {
              description: 'GET /portal/customers again on menu.reload, on the same screen; a failure keeps the menu it had.',
              initial: 'current',
              states: {
                current: {
                  on: { 'menu.reload': 'reloading' },
                },
                reloading: {
                  // a newer change restarts the reload, so the menu ends with the latest steps
                  on: { 'menu.reload': { target: 'reloading', reenter: true } },
                  invoke: {
                    src: 'reloadMenu',
                    input: ({ context }) => ({ token: context.session?.token ?? '' }),
                    onDone: { target: 'current', actions: ['rememberCustomer', 'saveSession'] },
                    onError: { target: 'current' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
