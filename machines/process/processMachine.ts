import { processSetup } from './setup';
import { onboarding } from './states/onboarding';
import { proposalInitial } from './states/proposalInitial';
import { technicalVisit } from './states/technicalVisit';
import { offer } from './states/offer';
import { subscription } from './states/subscription';
import { lending } from './states/lending';
import { installation, projectStatus } from './states/project';

export type { MoverKind, Notice, NotificationKey, ProcessContext, ProcessEvent, StepMeta } from './setup';

/**
 * The customer's process on the server (ARCHITECTURE "The customer's steps"). Customer and staff
 * actions are its events; the spec's `steps` list is derived from the active states' `meta`
 * (see ./steps.ts). One phase per file in ./states, sharing ./setup.ts; the transitions name the
 * reactions the server performs with each move (notify, audit, the initial proposal...). Pure: no
 * I/O, no clock.
 */
export const processMachine = processSetup.createMachine({
  id: 'process',
  description: "One customer's way from sign-up to a working solar system.",
  context: ({ input }) => ({ kind: input.kind ?? 'SUBSCRIPTION', paymentType: null }),
  initial: 'onboarding',
  states: { onboarding, proposalInitial, technicalVisit, offer, subscription, lending, installation, projectStatus },
});
