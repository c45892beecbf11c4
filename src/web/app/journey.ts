import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { authMachine, type CodeRequest, type CodeRequestOutput } from '../../../machines/auth/authMachine';
import { journeyMachine } from '../../../machines/journey/journeyMachine';
import type { SignUpRequest } from '../../shared/api/auth';
import { createApi, type Api, type ApiClientOptions } from '../api/client';
import * as store from '../session/session';
import { trackConversion } from './conversion';

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
export function createJourney(options: JourneyOptions = {}): { actor: JourneyActor; api: Api; stop: () => void } {
  // the API needs the actor (token, 401) and the actor the API: tie them through a holder
  const holder: { actor?: JourneyActor } = {};
  const api = createApi({
    fetch: options.fetch,
    origin: options.origin,
    getToken: () => holder.actor?.getSnapshot().context.session?.token ?? null,
    onUnauthorized: () => holder.actor?.send({ type: 'session.expired', reason: 'unauthorized' }),
  });

  const auth = authMachine.provide({
    actors: {
      requestCode: fromPromise<CodeRequestOutput, CodeRequest>(({ input }) => api.requestCode(input)),
      checkCode: fromPromise(({ input }: { input: { flow: 'SIGN_IN' | 'SIGN_UP'; phone: string; code: string } }) =>
        input.flow === 'SIGN_IN' ? api.login(input.phone, input.code) : api.confirmNumber(input.phone, input.code)),
      sendCodeByEmail: fromPromise(({ input }: { input: { phone: string } }) => api.resendCodeByEmail(input.phone)),
      createAccount: fromPromise(({ input }: { input: SignUpRequest }) => api.signUp(input)),
    },
  });

  const machine = journeyMachine.provide({
    actors: {
      authFlow: auth,
      loadCustomer: fromPromise(({ input }: { input: { token: string } }) => api.getCustomer(input.token)),
      logout: fromPromise(({ input }: { input: { token: string } }) => api.logout(input.token)),
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
      trackConversion: ({ context }) => trackConversion({ customerId: context.customer?.id ?? null }),
    },
  });

  const actor = createActor(machine, {
    input: {
      storedSession: store.readSession(),
      thankYouPending: store.readThankYouFlag(),
      coupon: store.readCoupon(),
      registerType: store.readRegisterType(),
      paymentTypeStored: store.hasPaymentType(),
    },
  });
  holder.actor = actor;
  const stopListening = store.onSessionClearedElsewhere(() => actor.send({ type: 'session.expired', reason: 'elsewhere' }));
  actor.start();
  return { actor, api, stop: () => { stopListening(); actor.stop(); } };
}
