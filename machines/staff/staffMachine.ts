import { assign, fromPromise, setup } from 'xstate';
import type { StaffInvitation, StaffMember } from '#shared/staff/payloads';
import { notProvided } from '../notProvided';

/**
 * The back-office (/staff): which screen a staff member is on. A session kept in the tab is
 * checked first; without one, the sign-in (e-mail and the authenticator app's code) or, from an
 * invitation link, the enrolment of the app. Signed in: the work queues (and the customer
 * search), a customer's page, the review of one customer's bill, the week's visits (the agenda),
 * the member's own account (their passkeys), and for admins the audit log, the team, the FAQ and
 * the coverage. A 401 on any call (session ended, idle, or ended by an admin) signs out with a
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
  /** the page was opened on one of the pages that are not about one customer */
  page: StaffPage | null;
  /** the invitation the link names, once read */
  invitationRead: StaffInvitation | null;
  /** why it could not be read (the server's text) */
  invitationError: string | null;
}

/** The pages not about one customer (each its own screen and URL). */
export type StaffPage = 'audit' | 'team' | 'agenda' | 'faq' | 'coverage' | 'account';

export const STAFF_PAGES: readonly StaffPage[] = ['audit', 'team', 'agenda', 'faq', 'coverage', 'account'];

export type StaffEvent =
  | { type: 'signedIn'; member: StaffMember }
  | { type: 'open.home' }
  | { type: 'open.bill'; customerId: number }
  | { type: 'open.customer'; customerId: number }
  | { type: 'open.audit' }
  | { type: 'open.team' }
  | { type: 'open.agenda' }
  | { type: 'open.faq' }
  | { type: 'open.coverage' }
  | { type: 'open.account' }
  | { type: 'session.ended' }
  | { type: 'signOut' };

/** The screens, as the router writes them under /staff. */
export type StaffScreen = 'checking' | 'signIn' | 'invitation' | 'home' | 'customer' | 'bill' | StaffPage;

export const staffMachine = setup({
  types: {
    context: {} as StaffContext,
    events: {} as StaffEvent,
    input: {} as { invitation: boolean; customerId: number | null; bill?: boolean; page?: StaffPage },
  },
  actors: {
    /** GET admin/auth/session with the tab's token: the member, or null without a (valid) session */
    checkSession: fromPromise<StaffMember | null>(async () => null),
    /** DELETE admin/auth/session, and the tab's token forgotten */
    endSession: fromPromise<void>(async () => undefined),
    /** POST admin/auth/invitation with the link's #fragment: who is invited and the secret to save */
    readInvitation: notProvided<StaffInvitation>('readInvitation'),
  },
}).createMachine({
  id: 'staff',
  context: ({ input }) => ({ member: null, customerId: input.customerId, notice: null, invitation: input.invitation, onBill: input.bill ?? false, page: input.page ?? null, invitationRead: null, invitationError: null }),
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
        signIn: {},
        // reached from the invitation link only; after enrolment the member is signed in
        invitation: {
          initial: 'reading',
          states: {
            reading: {
              invoke: {
                src: 'readInvitation',
                onDone: { target: 'ready', actions: assign({ invitationRead: ({ event }) => event.output }) },
                onError: { target: 'invalid', actions: assign({ invitationError: ({ event }) => (event.error instanceof Error ? event.error.message : null) }) },
              },
            },
            ready: {},
            invalid: {},
          },
        },
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
            { guard: ({ context }) => context.page === 'audit', target: 'audit' },
            { guard: ({ context }) => context.page === 'team', target: 'team' },
            { guard: ({ context }) => context.page === 'agenda', target: 'agenda' },
            { guard: ({ context }) => context.page === 'faq', target: 'faq' },
            { guard: ({ context }) => context.page === 'coverage', target: 'coverage' },
            { guard: ({ context }) => context.page === 'account', target: 'account' },
            { target: 'home' },
          ],
        },
        home: {},
        audit: {},
        team: {},
        agenda: {},
        faq: {},
        coverage: {},
        account: {},
        customer: {},
        bill: {},
      },
      on: {
        'open.home': { target: '.home', actions: assign({ customerId: null }) },
        'open.bill': { target: '.bill', actions: assign({ customerId: ({ event }) => event.customerId }) },
        'open.customer': { target: '.customer', actions: assign({ customerId: ({ event }) => event.customerId }) },
        'open.audit': { target: '.audit', actions: assign({ customerId: null }) },
        'open.team': { target: '.team', actions: assign({ customerId: null }) },
        'open.agenda': { target: '.agenda', actions: assign({ customerId: null }) },
        'open.faq': { target: '.faq', actions: assign({ customerId: null }) },
        'open.coverage': { target: '.coverage', actions: assign({ customerId: null }) },
        'open.account': { target: '.account', actions: assign({ customerId: null }) },
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

type StaffSnapshot = { matches: (value: 'checking' | 'start' | 'signingOut' | { signedOut: 'signIn' | 'invitation' } | { signedIn: 'bill' | 'customer' | StaffPage }) => boolean };

/** The screen a snapshot shows (signing out keeps the one that was open: 'checking' draws nothing new). */
export function staffScreen(s: StaffSnapshot): StaffScreen {
  if (s.matches({ signedOut: 'invitation' })) return 'invitation';
  if (s.matches({ signedOut: 'signIn' })) return 'signIn';
  if (s.matches('checking') || s.matches('start') || s.matches('signingOut')) return 'checking';
  if (s.matches({ signedIn: 'customer' })) return 'customer';
  for (const page of STAFF_PAGES) if (s.matches({ signedIn: page })) return page;
  return s.matches({ signedIn: 'bill' }) ? 'bill' : 'home';
}
