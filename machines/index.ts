import type { AnyStateMachine } from 'xstate';
import { authMachine } from './auth/authMachine';
import { billMachine } from './bill/billMachine';
import { journeyMachine } from './journey/journeyMachine';
import { processMachine } from './process/processMachine';

/**
 * The registry of every machine in machines/: `npm run diagrams` draws each one into
 * docs/statecharts/ and `npm run test:paths` walks each one's paths. A machine that is not listed
 * here has neither, so a new machine is added here in the same commit that creates it.
 */
export { authMachine, billMachine, journeyMachine, processMachine };

export interface RegisteredMachine {
  /** Short name: the file stem in docs/statecharts/ and the argument of `npm run test:paths -- <name>`. */
  name: string;
  machine: AnyStateMachine;
  /** One sentence for the analysts' index. */
  purpose: string;
  /** Routes (without the language segment) whose showing this machine decides; none for server machines. */
  screens: readonly string[];
  /** The machine's file, relative to the repository root. */
  source: string;
}

export const machineRegistry: readonly RegisteredMachine[] = [
  {
    name: 'auth',
    machine: authMachine,
    purpose: 'Sign-in and sign-up by phone: phone and bot check, SMS code with resends (SMS after 30 s, WhatsApp, e-mail), login or confirm-number, and the registration form when the confirmed phone has no account.',
    screens: ['/login', '/access-account', '/sign-up', '/sign-up/access-code', '/create-account'],
    source: 'machines/auth/authMachine.ts',
  },
  {
    name: 'journey',
    machine: journeyMachine,
    purpose: 'Which screen the customer is on: the route table and route guard of spec §2, session restore, sign-in and sign-up through the auth flow, the landing page by current step, the thank-you countdown, logout and session expiry.',
    screens: [
      '/', '/welcome', '/login', '/access-account', '/sign-up', '/sign-up/access-code', '/create-account', '/thank-you',
      '/bill', '/profile', '/technical-visit', '/proposal-initial', '/proposal-final', '/payment', '/plan-signature',
      '/project-status', '/customers-signature', '/booking-payment',
    ],
    source: 'machines/journey/journeyMachine.ts',
  },
  {
    name: 'bill',
    machine: billMachine,
    purpose: "The bill page: loads the customer and bills, tells an unserved region and logs out, runs the one-time MAX simulation (customer-success follow-up when it does not fit), takes holder, bill file and partnership badge, uploads with progress, then waits for the analysis and shows its outcome, from which an illegible bill may be sent again.",
    screens: ['/bill'],
    source: 'machines/bill/billMachine.ts',
  },
  {
    name: 'process',
    machine: processMachine,
    purpose: "One customer's process on the server, from sign-up to a connected system; customer and staff actions are its events and the steps list (GET /portal/customers/steps) is derived from it.",
    screens: [],
    source: 'machines/process/processMachine.ts',
  },
];
