import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { journeyMachine, screenPath, type JourneyInput } from '../../../machines/journey/journeyMachine';
import { authMachine, type CodeCheckOutput, type CodeRequest, type CodeRequestOutput } from '../../../machines/auth/authMachine';
import type { CustomerProfile } from '#shared/customer/payloads';
import type { MenuStep } from '../../../src/shared/steps';
import { messages as m } from '../../../src/shared/messages';

function profile(steps: MenuStep[] = [
  { client_id: 1, type: 'SIMULATION', status: 'APPROVED' },
  { client_id: 1, type: 'BILL', status: 'NOT_DONE' },
]): CustomerProfile {
  return {
    id: 1, name: 'Maria', email: 'm@x.com', phone: '5511987654321', franchisee_id: null, customer_success_id: null,
    subscription_lending: 'SUBSCRIPTION', type: 'CPF', document_value: null, unit_type: 'RESIDENCIAL', bill_id: null,
    bill_value: 300, bill: null, state: 'SP', city: 3550308, city_name: 'São Paulo', coupon: null, has_partnership: false,
    payment_type: null, selected_client_plan: null, documents: [], contracts: [], steps, customer_success: null,
  };
}

class HttpError extends Error {
  constructor(public status: number, message: string) { super(message); }
}

function start(input: JourneyInput = {}, opts: {
  loadCustomer?: () => Promise<CustomerProfile>;
  logout?: () => Promise<void>;
  check?: () => Promise<CodeCheckOutput>;
} = {}) {
  const effects: string[] = [];
  const effect = (name: string) => () => { effects.push(name); };
  const machine = journeyMachine.provide({
    actors: {
      loadCustomer: fromPromise(async () => (opts.loadCustomer ? opts.loadCustomer() : profile())),
      logout: fromPromise(async () => { await (opts.logout ? opts.logout() : Promise.resolve()); }),
    },
    actions: {
      saveSession: effect('saveSession'),
      clearStoredSession: effect('clearStoredSession'),
      saveThankYouFlag: effect('saveThankYouFlag'),
      clearThankYouFlag: effect('clearThankYouFlag'),
      clearRegisterType: effect('clearRegisterType'),
      saveSignUpOptions: ({ context }) => { effects.push(`saveSignUpOptions:${context.registerType}:${context.coupon ?? ''}`); },
      saveBill: ({ context }) => { effects.push(`saveBill:${context.bill ?? ''}`); },
      saveCoupon: ({ context }) => { effects.push(`saveCoupon:${context.coupon ?? ''}`); },
      trackConversion: effect('trackConversion'),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  const auth = () => actor.getSnapshot().children.auth as AnyActorRef | undefined;
  return { actor, effects, auth, path: () => screenPath(actor.getSnapshot()) };
}

const signedIn: JourneyInput = { storedSession: { token: 't', phone: '5511987654321', user: profile() } };

describe('journeyMachine: route guard (spec §2)', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('a visitor starts on home and may open the public routes', () => {
    const { actor, path } = start();
    expect(path()).toBe('/');
    actor.send({ type: 'route.changed', path: '/login' });
    expect(path()).toBe('/login');
    actor.send({ type: 'route.changed', path: '/welcome' });
    expect(path()).toBe('/welcome');
  });

  it('a private route without session goes to home', () => {
    const { actor, path } = start();
    actor.send({ type: 'route.changed', path: '/login' });
    actor.send({ type: 'route.changed', path: '/profile' });
    expect(path()).toBe('/');
  });

  it('refuses thank-you and unknown routes typed by hand (the router then restores the machine path)', () => {
    const { actor, path } = start();
    for (const p of ['/thank-you', '/nope']) {
      actor.send({ type: 'route.changed', path: p });
      expect(path()).toBe('/');
    }
  });

  it('a reload on a later step of sign-in or sign-up starts that flow again at its phone step', () => {
    for (const [typed, expected] of [['/access-account', '/login'], ['/sign-up/access-code', '/sign-up'], ['/create-account', '/sign-up']]) {
      const { actor, path } = start({ registerType: 'business' });
      actor.send({ type: 'route.changed', path: typed! });
      expect(path()).toBe(expected);
      // the stored company flag survives the reload
      expect(actor.getSnapshot().context.registerType).toBe('business');
      actor.stop();
    }
  });

  it('restores the stored session, then a deep link to a private route is honoured', async () => {
    const { actor, path } = start(signedIn);
    actor.send({ type: 'route.changed', path: '/profile' });
    expect(path()).toBeUndefined();
    await vi.waitFor(() => expect(path()).toBe('/profile'));
  });

  it('signed in on a public route goes to bill; /simulation is the bill page', async () => {
    const { actor, path } = start(signedIn);
    await vi.waitFor(() => expect(path()).toBe('/bill'));
    actor.send({ type: 'route.changed', path: '/profile' });
    actor.send({ type: 'route.changed', path: '/login' });
    expect(path()).toBe('/bill');
    actor.send({ type: 'route.changed', path: '/profile' });
    actor.send({ type: 'route.changed', path: '/simulation' });
    expect(path()).toBe('/bill');
  });

  it('a stored session refused with 401 is forgotten and the visitor is home', async () => {
    const { actor, path, effects } = start(signedIn, {
      loadCustomer: async () => { throw new HttpError(401, 'x'); },
    });
    actor.send({ type: 'route.changed', path: '/bill' });
    await vi.waitFor(() => expect(path()).toBe('/'));
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(effects).toContain('clearStoredSession');
  });

  it('with the thank-you flag, a signed-in customer on a private route goes to thank-you', async () => {
    const { actor, path } = start({ ...signedIn, thankYouPending: true });
    await vi.waitFor(() => expect(path()).toBe('/bill'));
    actor.send({ type: 'route.changed', path: '/profile' });
    expect(path()).toBe('/thank-you');
  });

  it('with the step menu loaded, a private route whose step is not reached is refused (profile, bill, payment stay open)', async () => {
    const { actor, path } = start(signedIn);
    await vi.waitFor(() => expect(path()).toBe('/bill'));
    for (const closed of ['/technical-visit', '/proposal-initial', '/plan-signature', '/project-status']) {
      actor.send({ type: 'route.changed', path: closed });
      expect(path()).toBe('/bill');
    }
    actor.send({ type: 'route.changed', path: '/profile' });
    expect(path()).toBe('/profile');
    actor.send({ type: 'route.changed', path: '/payment' });
    expect(path()).toBe('/payment');
  });

  it('an opened step can be visited again', async () => {
    const steps: MenuStep[] = [
      { client_id: 1, type: 'BILL', status: 'APPROVED' },
      { client_id: 1, type: 'PROPOSAL_INITIAL', status: 'APPROVED' },
      { client_id: 1, type: 'TECHNICAL_VISIT', status: 'PENDING' },
    ];
    const { actor, path } = start({ storedSession: { token: 't', phone: 'p', user: null } }, { loadCustomer: async () => profile(steps) });
    await vi.waitFor(() => expect(path()).toBe('/technical-visit'));
    actor.send({ type: 'route.changed', path: '/proposal-initial' });
    expect(path()).toBe('/proposal-initial');
    actor.send({ type: 'route.changed', path: '/project-status' });
    expect(path()).toBe('/proposal-initial');
  });

  it('lands on the landing table page of the current step', async () => {
    const steps: MenuStep[] = [
      { client_id: 1, type: 'BILL', status: 'APPROVED' },
      { client_id: 1, type: 'TECHNICAL_VISIT', status: 'PENDING' },
    ];
    const { path } = start({ storedSession: { token: 't', phone: 'p', user: null } }, { loadCustomer: async () => profile(steps) });
    await vi.waitFor(() => expect(path()).toBe('/technical-visit'));
  });

  it('sign-up options: ?type=business and ?cupom= are kept; landing ?bill= is kept', () => {
    const { actor, effects } = start();
    actor.send({ type: 'route.changed', path: '/', search: { bill: '350' } });
    actor.send({ type: 'route.changed', path: '/sign-up', search: { type: 'business', cupom: 'promo' } });
    expect(effects).toContain('saveBill:350');
    expect(effects).toContain('saveSignUpOptions:business:PROMO');
    expect(actor.getSnapshot().context.registerType).toBe('business');
    actor.send({ type: 'route.changed', path: '/' });
    actor.send({ type: 'route.changed', path: '/sign-up' });
    expect(effects.at(-1)).toBe('saveSignUpOptions:personal:PROMO');
  });

  it('a campaign link to the landing page keeps its coupon for the sign-up form (/pt?cupom=abc)', () => {
    const { actor, effects } = start();
    actor.send({ type: 'route.changed', path: '/', search: { bill: '350', cupom: 'abc' } });
    expect(actor.getSnapshot().context.coupon).toBe('ABC');
    expect(effects).toContain('saveCoupon:ABC');
    actor.send({ type: 'route.changed', path: '/sign-up' });
    expect(effects.at(-1)).toBe('saveSignUpOptions:personal:ABC');
    // the landing page without a coupon forgets nothing
    actor.send({ type: 'route.changed', path: '/' });
    expect(actor.getSnapshot().context.coupon).toBe('ABC');
  });
});

describe('journeyMachine: logout and session', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('logout forgets the session and goes home', async () => {
    const { actor, path, effects } = start(signedIn);
    await vi.waitFor(() => expect(path()).toBe('/bill'));
    actor.send({ type: 'logout' });
    await vi.waitFor(() => expect(path()).toBe('/'));
    expect(effects).toContain('clearStoredSession');
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it("a failed logout keeps the customer where they were with 'Não foi possível fazer logout'", async () => {
    const { actor, path } = start(signedIn, { logout: async () => { throw new HttpError(500, 'x'); } });
    await vi.waitFor(() => expect(path()).toBe('/bill'));
    actor.send({ type: 'route.changed', path: '/profile' });
    actor.send({ type: 'logout' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice?.key).toBe('common.logout.error'));
    expect(path()).toBe('/profile');
    expect(actor.getSnapshot().context.session).not.toBeNull();
  });

  it('session.expired (a 401, or a logout in another tab) signs out', async () => {
    const { actor, path } = start(signedIn);
    await vi.waitFor(() => expect(path()).toBe('/bill'));
    actor.send({ type: 'session.expired', reason: 'unauthorized' });
    expect(path()).toBe('/');
    expect(actor.getSnapshot().context.notice?.key).toBe('common.error.unauthorized');
  });
});

describe('journeyMachine: sign-in and sign-up through the auth machine', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  function startWithAuth(check: CodeCheckOutput, input: JourneyInput = {}) {
    const effects: string[] = [];
    const machine = journeyMachine.provide({
      actors: {
        loadCustomer: fromPromise(async () => profile()),
        logout: fromPromise(async () => {}),
        authFlow: authMachine.provide({
          actors: {
            requestCode: fromPromise<CodeRequestOutput, CodeRequest>(async () => ({ retryAfterS: 30 })),
            checkCode: fromPromise(async () => check),
            sendCodeByEmail: fromPromise(async () => {}),
            createAccount: fromPromise(async () => ({ token: 'new' })),
          },
        }),
      },
      actions: {
        saveThankYouFlag: () => { effects.push('saveThankYouFlag'); },
        clearThankYouFlag: () => { effects.push('clearThankYouFlag'); },
        clearRegisterType: () => { effects.push('clearRegisterType'); },
        trackConversion: () => { effects.push('trackConversion'); },
      },
    });
    const actor = createActor(machine, { input });
    actor.start();
    return {
      actor, effects,
      auth: () => actor.getSnapshot().children.auth as AnyActorRef,
      path: () => screenPath(actor.getSnapshot()),
    };
  }
  const phone = { type: 'phone.submit', countryCode: '55', cellPhone: '11987654321', recaptcha: 'ok' } as const;

  it('sign-in: phone -> /access-account -> landing; Back on the code screen returns to the phone step', async () => {
    const { actor, auth, path } = startWithAuth({ token: 'tok' });
    actor.send({ type: 'route.changed', path: '/login' });
    auth().send(phone);
    await vi.waitFor(() => expect(path()).toBe('/access-account'));
    actor.send({ type: 'code.back' });
    expect(path()).toBe('/login');
    expect(auth().getSnapshot().hasTag('phone')).toBe(true);
    auth().send(phone);
    await vi.waitFor(() => expect(path()).toBe('/access-account'));
    auth().send({ type: 'code.submit', code: '123456' });
    await vi.waitFor(() => expect(path()).toBe('/bill'));
    expect(actor.getSnapshot().context.session?.token).toBe('tok');
  });

  it('sign-in with no account: login shows the text, then create-account with the confirmed phone', async () => {
    const { actor, auth, path, effects } = startWithAuth({ phoneProof: 'proof' });
    actor.send({ type: 'route.changed', path: '/login' });
    auth().send(phone);
    await vi.waitFor(() => expect(path()).toBe('/access-account'));
    auth().send({ type: 'code.submit', code: '123456' });
    await vi.waitFor(() => expect(path()).toBe('/login'));
    expect(m[auth().getSnapshot().context.signInFailure as keyof typeof m]).toBe(m['login.notRegistered']);
    auth().send({ type: 'registration.start' });
    expect(path()).toBe('/create-account');
    expect(auth().getSnapshot().context.phone).toBe('5511987654321');
    auth().send({
      type: 'account.submit',
      form: { kind: 'personal', name: 'Maria', email: 'm@x.com', state: 'SP', city: 1, unit_type: 'RESIDENCIAL', bill: 100, coupon: '', terms: true },
    });
    await vi.waitFor(() => expect(path()).toBe('/thank-you'));
    expect(effects).toEqual(expect.arrayContaining(['saveThankYouFlag', 'clearRegisterType', 'trackConversion']));
  });

  it('sign-up: thank-you counts 3, 2, 1, 0 once a second, then /bill with the flag cleared', async () => {
    const { actor, auth, path, effects } = startWithAuth({ phoneProof: 'proof' });
    actor.send({ type: 'route.changed', path: '/sign-up' });
    auth().send(phone);
    await vi.waitFor(() => expect(path()).toBe('/sign-up/access-code'));
    auth().send({ type: 'code.submit', code: '123456' });
    await vi.waitFor(() => expect(path()).toBe('/create-account'));
    auth().send({
      type: 'account.submit',
      form: { kind: 'personal', name: 'Maria', email: 'm@x.com', state: 'SP', city: 1, unit_type: 'RESIDENCIAL', bill: 100, coupon: '', terms: true },
    });
    await vi.waitFor(() => expect(path()).toBe('/thank-you'));
    expect(actor.getSnapshot().context.notice?.key).toBe('signup.success');
    const seen = [actor.getSnapshot().context.thankYouCount];
    for (let i = 0; i < 2; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      seen.push(actor.getSnapshot().context.thankYouCount);
    }
    expect(seen).toEqual([3, 2, 1]);
    expect(path()).toBe('/thank-you');
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.thankYouCount).toBe(0);
    expect(path()).toBe('/bill');
    expect(effects).toContain('clearThankYouFlag');
    expect(actor.getSnapshot().context.thankYouPending).toBe(false);
  });

  it('sign-up: Back on the code screen goes home', async () => {
    const { actor, auth, path } = startWithAuth({ phoneProof: 'proof' });
    actor.send({ type: 'route.changed', path: '/sign-up' });
    auth().send(phone);
    await vi.waitFor(() => expect(path()).toBe('/sign-up/access-code'));
    actor.send({ type: 'code.back' });
    expect(path()).toBe('/');
  });
});
