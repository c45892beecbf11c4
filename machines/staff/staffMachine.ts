import { assign, fromPromise, setup } from 'xstate';
import type { StaffMember } from '#shared/staff/payloads';

/**
 * The back-office (/staff): which screen a staff member is on. A session kept in the tab is
 * checked first; without one, the sign-in (e-mail and the authenticator app's code) or, from an
 * invitation link, the enrolment of the app. Signed in: the work queues (and the customer
 * search), a customer's page, and the review of one customer's bill. A 401 on any call (session ended, idle, or ended by an admin) signs out with a
 * notice; signing out ends the session on the server.
 */

export interface StaffContext {
  member: StaffMember | null;
  /** the customer whose bill is open */
  customerId: number | null;
  /** why the sign-in screen shows (the session ended) */
  notice: 'sessionEnded' | null;
  /** the page was opened from an invitation link */
  invitation: boolean;
  /** the page was opened on the customer's bill (else on the customer's page) */
  onBill: boolean;
}

export type StaffEvent =
  | { type: 'signedIn'; member: StaffMember }
  | { type: 'open.invitation' }
  | { type: 'open.signIn' }
  | { type: 'open.home' }
  | { type: 'open.bill'; customerId: number }
  | { type: 'open.customer'; customerId: number }
  | { type: 'session.ended' }
  | { type: 'signOut' };

/** The screens, as the router writes them under /staff. */
export type StaffScreen = 'checking' | 'signIn' | 'invitation' | 'home' | 'customer' | 'bill';

export const staffMachine = setup({
  types: {
    context: {} as StaffContext,
    events: {} as StaffEvent,
    input: {} as { invitation: boolean; customerId: number | null; bill?: boolean },
  },
  actors: {
    /** GET admin/auth/session with the tab's token: the member, or null without a (valid) session */
    checkSession: fromPromise<StaffMember | null>(async () => null),
    /** DELETE admin/auth/session, and the tab's token forgotten */
    endSession: fromPromise<void>(async () => undefined),
  },
}).createMachine({
  id: 'staff',
  context: ({ input }) => ({ member: null, customerId: input.customerId, notice: null, invitation: input.invitation, onBill: input.bill ?? false }),
  initial: 'start',
  states: {
    start: {
      description: 'An invitation link opens the enrolment; anything else checks the session kept in the tab.',
      always: [{ guard: ({ context }) => context.invitation, target: 'signedOut.invitation' }, { target: 'checking' }],
    },
    checking: {
      invoke: {
        src: 'checkSession',
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'signedIn', actions: assign({ member: ({ event }) => event.output }) },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      initial: 'signIn',
      states: {
        signIn: { on: { 'open.invitation': 'invitation' } },
        invitation: { on: { 'open.signIn': 'signIn' } },
      },
      on: { signedIn: { target: 'signedIn', actions: assign({ member: ({ event }) => event.member, notice: null }) } },
    },
    signedIn: {
      initial: 'route',
      states: {
        route: {
          always: [
            { guard: ({ context }) => context.customerId !== null && context.onBill, target: 'bill' },
            { guard: ({ context }) => context.customerId !== null, target: 'customer' },
            { target: 'home' },
          ],
        },
        home: {},
        customer: {},
        bill: {},
      },
      on: {
        'open.home': { target: '.home', actions: assign({ customerId: null }) },
        'open.bill': { target: '.bill', actions: assign({ customerId: ({ event }) => event.customerId }) },
        'open.customer': { target: '.customer', actions: assign({ customerId: ({ event }) => event.customerId }) },
        signOut: 'signingOut',
        'session.ended': { target: 'signedOut', actions: assign({ member: null, customerId: null, notice: 'sessionEnded' }) },
      },
    },
    signingOut: {
      invoke: {
        src: 'endSession',
        onDone: { target: 'signedOut', actions: assign({ member: null, customerId: null }) },
        onError: { target: 'signedOut', actions: assign({ member: null, customerId: null }) },
      },
    },
  },
});

type StaffSnapshot = { matches: (value: 'checking' | 'start' | 'signingOut' | { signedOut: 'signIn' | 'invitation' } | { signedIn: 'bill' | 'customer' }) => boolean };

/** The screen a snapshot shows (signing out keeps the one that was open: 'checking' draws nothing new). */
export function staffScreen(s: StaffSnapshot): StaffScreen {
  if (s.matches({ signedOut: 'invitation' })) return 'invitation';
  if (s.matches({ signedOut: 'signIn' })) return 'signIn';
  if (s.matches('checking') || s.matches('start') || s.matches('signingOut')) return 'checking';
  if (s.matches({ signedIn: 'customer' })) return 'customer';
  return s.matches({ signedIn: 'bill' }) ? 'bill' : 'home';
}
