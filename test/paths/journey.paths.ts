import { createActor } from 'xstate';
import { definePathModel, sample } from './engine';
import { journeyMachine, landingScreen, type JourneyContext, type StoredSession } from '../../machines/journey/journeyMachine';
import { PATHS, PRIVATE_SCREEN_KEYS, PUBLIC_URL_PATHS } from '../../src/shared/routes';
import { authMachine } from '../../machines/auth/authMachine';
import { mayRevealMenuList } from '../../src/shared/menu';
import {
  apiErrors, companyCustomer, customerAt, lendingCustomer, newVisitorPhone, partnershipCustomer, projectStatusCustomer,
  subscriptionCustomer, unservedRegionCustomer,
} from './samples';

/**
 * Path model of the journey machine (spec §2): visitors and returning customers typing URLs,
 * signing in or up through the auth flow (its screens reported as the flow's snapshots), the
 * landing table for customers at every step, the thank-you countdown, logout and expiry.
 */

/** What the auth flow shows: a real snapshot of the auth machine in the given state. */
function authShowing(value: string | Record<string, unknown>, flow: 'SIGN_IN' | 'SIGN_UP', extra: Record<string, unknown> = {}) {
  const initial = createActor(authMachine, { input: { flow } }).getSnapshot();
  return authMachine.resolveState({ value: value as never, context: { ...initial.context, ...extra } });
}

const stored = (customer: typeof subscriptionCustomer): StoredSession => ({ token: `token-${customer.id}`, phone: customer.phone, user: customer });

const landingCustomers = [
  sample('subscriptionCustomer', subscriptionCustomer),
  sample('lendingCustomer', lendingCustomer),
  sample('companyCustomer', companyCustomer),
  sample('unservedRegionCustomer', unservedRegionCustomer),
  sample('partnershipCustomer', partnershipCustomer),
  sample('projectStatusCustomer', projectStatusCustomer),
  sample('awaitingInitialProposal', customerAt(201, 'Fábio Rocha', 'SUBSCRIPTION', 'PROPOSAL_INITIAL')),
  sample('bookingVisit', customerAt(202, 'Gabriela Dias', 'SUBSCRIPTION', 'TECHNICAL_VISIT', 'NOT_DONE')),
  sample('atPlanCheckout', customerAt(203, 'Heitor Nunes', 'SUBSCRIPTION', 'CHECKOUT')),
  sample('signingContract', customerAt(204, 'Isabela Costa', 'SUBSCRIPTION', 'CONTRACT')),
  sample('lendingContract', customerAt(205, 'João Ribeiro', 'LENDING', 'CONTRACT')),
];

const routes = [
  ...PUBLIC_URL_PATHS.map((path) => sample(`URL ${path}`, { type: 'route.changed' as const, path })),
  ...PRIVATE_SCREEN_KEYS.map((screen) => PATHS[screen]).map((path) => sample(`URL ${path}`, { type: 'route.changed' as const, path })),
  sample('URL /simulation', { type: 'route.changed' as const, path: '/simulation' }),
  // a reload on a later step of sign-in or sign-up
  sample('URL /access-account', { type: 'route.changed' as const, path: '/access-account' }),
  sample('URL /sign-up/access-code', { type: 'route.changed' as const, path: '/sign-up/access-code' }),
  sample('URL /create-account', { type: 'route.changed' as const, path: '/create-account' }),
  sample('URL /?bill=350', { type: 'route.changed' as const, path: '/', search: { bill: '350' } }),
  sample('URL /sign-up?type=business&cupom=sol10', { type: 'route.changed' as const, path: '/sign-up', search: { type: 'business', cupom: 'sol10' } }),
];

export const journeyPaths = definePathModel({
  name: 'journey',
  machine: journeyMachine,
  inputs: [
    sample('visitor', {}),
    sample('returningSubscriptionCustomer', { storedSession: stored(subscriptionCustomer) }),
    sample('returningLendingCustomerWithPaymentType', { storedSession: stored(lendingCustomer), paymentTypeStored: true }),
    sample('justRegisteredBeforeReload', { storedSession: stored(partnershipCustomer), thankYouPending: true }),
  ],
  events: {
    'route.changed': routes,
    'menu.reload': [sample('afterAnAction', { type: 'menu.reload' as const })],
    'session.expired': [
      sample('unauthorized', { type: 'session.expired', reason: 'unauthorized' as const }),
      sample('signedInElsewhere', { type: 'session.expired', reason: 'elsewhere' as const }),
    ],
  },
  actors: {
    loadCustomer: { done: landingCustomers, error: [sample('unauthorized', apiErrors.unauthorized), sample('offline', apiErrors.offline)] },
    // the menu reloaded after the bill was sent (in analysis: the list hides) or decided (it shows again)
    reloadMenu: {
      done: [
        sample('billInAnalysis', customerAt(101, 'Ana Souza', 'SUBSCRIPTION', 'BILL', 'PENDING')),
        sample('billApproved', customerAt(101, 'Ana Souza', 'SUBSCRIPTION', 'PROPOSAL_INITIAL', 'NOT_DONE')),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    logout: { done: [sample('loggedOut', undefined)], error: [sample('unauthorized', apiErrors.unauthorized), sample('offline', apiErrors.offline)] },
    authFlow: {
      snapshot: [
        sample('phoneStep', authShowing('phoneEntry', 'SIGN_IN')),
        sample('codeStep', authShowing({ codeEntry: { resendCooldown: 'counting', code: 'idle' } }, 'SIGN_IN')),
        sample('registrationForm', authShowing('registration', 'SIGN_IN', { phone: newVisitorPhone.phone, phoneProof: 'proof-new-visitor' })),
      ],
      done: [
        sample('existingCustomerSignedIn', { token: 'token-101', registered: false, phone: subscriptionCustomer.phone }),
        sample('newCustomerRegistered', { token: 'token-new', registered: true, phone: newVisitorPhone.phone }),
      ],
    },
  },
  // What decides the journey's next step (its guards): whether there is a session, where the
  // customer lands, the thank-you flags and countdown, the URL asked for while restoring. Coupon,
  // bill, notices and the confirmed phone travel along without steering, so they are left out of
  // a state's identity (the checks below still see them).
  context: (c: JourneyContext) => ({
    signedIn: c.session !== null,
    landsOn: c.customer && landingScreen(c.customer, c.paymentTypeStored),
    thankYouPending: c.thankYouPending,
    thankYouCount: c.thankYouCount,
    justRegistered: c.justRegistered,
    requestedPath: c.requestedPath,
    menuMayShow: c.customer && mayRevealMenuList(c.customer.steps, c.customer.subscription_lending),
  }),
  limit: 400_000,
  checks: {
    signedIn: (s) => (s.context.session ? undefined : 'a private screen without a session'),
    thankYou: (s) => (s.context.session ? undefined : 'thank-you without a session'),
    home: (s) => (s.context.customer === null || s.context.session !== null ? undefined : 'a profile kept after the session ended'),
  },
});
