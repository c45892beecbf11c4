import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  authMachine, offersCodeByEmail, RESEND_COOLDOWN_S, type AuthInput, type CodeCheckInput, type CodeCheckOutput, type CodeRequest,
  type RegistrationForm,
} from '../../../machines/auth/authMachine';
import type { SignUpRequest } from '#shared/auth/payloads';
import { messages as m, t } from '#shared/messages';

const PHONE = { countryCode: '55', cellPhone: '(11) 98765-4321', recaptcha: 'solved-payload' };

function start(opts: {
  input?: Partial<AuthInput>;
  check?: (i: CodeCheckInput) => Promise<CodeCheckOutput>;
  request?: (i: CodeRequest) => Promise<{ retryAfterS?: number }>;
  create?: (p: SignUpRequest) => Promise<{ token: string }>;
  email?: (i: { phone: string; secret: string }) => Promise<void>;
} = {}) {
  const requests: CodeRequest[] = [];
  const checks: CodeCheckInput[] = [];
  const created: SignUpRequest[] = [];
  const machine = authMachine.provide({
    actors: {
      requestCode: fromPromise(async ({ input }: { input: CodeRequest }) => {
        requests.push(input);
        return opts.request ? opts.request(input) : { retryAfterS: 30 };
      }),
      checkCode: fromPromise(async ({ input }: { input: CodeCheckInput }): Promise<CodeCheckOutput> => {
        checks.push(input);
        return opts.check ? opts.check(input) : { token: 'tok' };
      }),
      sendCodeByEmail: fromPromise(async ({ input }: { input: { phone: string; secret: string } }) => {
        await (opts.email?.(input) ?? Promise.resolve());
      }),
      createAccount: fromPromise(async ({ input }: { input: SignUpRequest }) => {
        created.push(input);
        return opts.create ? opts.create(input) : { token: 'new-token' };
      }),
    },
  });
  const actor = createActor(machine, { input: { flow: 'SIGN_IN', ...opts.input } });
  actor.start();
  return { actor, requests, checks, created };
}

const personalForm: RegistrationForm = {
  kind: 'personal', name: 'Maria Silva', email: 'Maria@Example.COM', state: 'SP', city: 3550308,
  unit_type: 'RESIDENCIAL', bill: 350.5, coupon: 'promo10', terms: true,
};

describe('authMachine', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('shows the phone rules of spec §5 and sends nothing for an invalid phone', () => {
    const { actor, requests } = start();
    actor.send({ type: 'phone.submit', countryCode: '5', cellPhone: '(11) 8765', recaptcha: 'x' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('phoneEntry');
    expect(t(s.context.phoneErrors.countryCode)).toBe(m['code.COUNTRY_CODE_INVALID']);
    expect(t(s.context.phoneErrors.cellPhone)).toBe(m['code.PHONE_NUMBER_INVALID']);
    expect(requests).toHaveLength(0);
  });

  it('requires the bot check before any code is requested', () => {
    const { actor, requests } = start();
    actor.send({ ...PHONE, type: 'phone.submit', recaptcha: '' });
    expect(t(actor.getSnapshot().context.failureSendCodeSms)).toBe(m['code.RECAPTCHA_REQUIRED']);
    expect(requests).toHaveLength(0);
  });

  it('requests the code with the canonical phone, coupon and bot-check payload, then shows the code entry', async () => {
    const { actor, requests } = start({ input: { flow: 'SIGN_UP', coupon: 'PROMO' } });
    actor.send({ ...PHONE, type: 'phone.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    expect(requests[0]).toEqual({
      phone: '5511987654321', type: 'SIGN_UP', resend: false, coupon: 'PROMO', recaptcha: 'solved-payload', secret: expect.any(String),
    });
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(RESEND_COOLDOWN_S);
  });

  it('keeps the phone screen with failureSendCodeSms when the request is refused', async () => {
    const { actor } = start({ request: async () => { throw Object.assign(new Error(m['access.code.sendLimit']), { status: 429, body: { code: 4291, message: 'x' } }); } });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(t(actor.getSnapshot().context.failureSendCodeSms)).toBe(m['access.code.sendLimit']));
    expect(actor.getSnapshot().value).toBe('phoneEntry');
    expect(actor.getSnapshot().context.cellPhone).toBe(PHONE.cellPhone);
  });

  it('disables resend by SMS for 30 seconds, counting down once a second', async () => {
    const { actor, requests } = start();
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    actor.send({ type: 'code.resend' });
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(29);
    await vi.advanceTimersByTimeAsync(28_000);
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(1);
    actor.send({ type: 'code.resend' });
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(0);
    actor.send({ type: 'code.resend' });
    await vi.waitFor(() => expect(t(actor.getSnapshot().context.notice)).toBe(m['access.code.resentSms']));
    expect(requests[1]).toMatchObject({ phone: '5511987654321', resend: true, coupon: null, type: 'SIGN_IN' });
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(RESEND_COOLDOWN_S);
  });

  it('resends through WhatsApp and to the e-mail once the countdown is over, not before', async () => {
    const email = vi.fn(async () => {});
    const { actor, requests } = start({ email });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    actor.send({ type: 'code.resendWhatsapp' });
    actor.send({ type: 'code.resendEmail' });
    expect(requests).toHaveLength(1);
    expect(email).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_S * 1000);
    actor.send({ type: 'code.resendWhatsapp' });
    await vi.waitFor(() => expect(t(actor.getSnapshot().context.notice)).toBe(m['access.code.resentWhatsapp']));
    expect(requests[1]).toMatchObject({ origin: 'REQUEST_WHATSAPP', resend: true });
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_S * 1000);
    actor.send({ type: 'code.resendEmail' });
    await vi.waitFor(() => expect(t(actor.getSnapshot().context.notice)).toBe(m['access.code.resentEmail']));
    expect(email).toHaveBeenCalledTimes(1);
  });

  it('refuses a malformed code without calling the server and shows a refused code as failureAccessCode', async () => {
    const check = vi.fn(async () => { throw Object.assign(new Error(m['access.code.invalid']), { status: 400, body: { code: 3000, message: 'x', field: 'code' } }); });
    const { actor } = start({ check });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    actor.send({ type: 'code.submit', code: '12a' });
    expect(t(actor.getSnapshot().context.failureAccessCode)).toBe(m['common.access.form.maxCode']);
    expect(check).not.toHaveBeenCalled();
    actor.send({ type: 'code.submit', code: '123456' });
    await vi.waitFor(() => expect(t(actor.getSnapshot().context.failureAccessCode)).toBe(m['access.code.invalid']));
    expect(actor.getSnapshot().hasTag('code')).toBe(true);
  });

  it('signs in an existing customer with the token', async () => {
    const { actor } = start({ check: async () => ({ token: 'abc' }) });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    actor.send({ type: 'code.submit', code: '123456' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ token: 'abc', registered: false, phone: '5511987654321' });
  });

  it('a valid sign-in code for a number with no account shows the not-registered text and offers registration', async () => {
    const { actor, created } = start({ check: async () => ({ phoneProof: 'proof-1' }) });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    actor.send({ type: 'code.submit', code: '123456' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('notRegistered'));
    expect(t(actor.getSnapshot().context.signInFailure)).toBe('Você ainda não está cadastrado. Cadastre-se já!');
    actor.send({ type: 'registration.start' });
    expect(actor.getSnapshot().hasTag('registration')).toBe(true);
    actor.send({ type: 'account.submit', form: personalForm });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ token: 'new-token', registered: true, phone: '5511987654321' });
    expect(created[0]).toMatchObject({
      phone: '5511987654321', phone_proof: 'proof-1', email: 'maria@example.com', coupon: 'PROMO10', city: 3550308,
    });
  });

  it('sign-up: the form rules of spec §5 stop the submit and keep what was typed', async () => {
    const { actor, created } = start({ input: { flow: 'SIGN_UP', confirmed: { phone: '5511987654321', phoneProof: 'p' } } });
    expect(actor.getSnapshot().value).toBe('registration');
    const bad: RegistrationForm = { ...personalForm, name: 'Jo', email: 'nope', unit_type: 'APARTAMENTO', bill: 0, terms: false };
    actor.send({ type: 'account.submit', form: bad });
    const c = actor.getSnapshot().context;
    expect(Object.fromEntries(Object.entries(c.registrationErrors).map(([field, key]) => [field, t(key)]))).toMatchObject({
      name: m['common.form.name.min'], email: m['common.form.email.invalid'],
      unit_type: m['common.form.unit.valid'], bill: m['common.form.bill.required'], terms: m['common.form.terms.required'],
    });
    expect(c.registrationDraft).toEqual(bad);
    expect(created).toHaveLength(0);
  });

  it('company form: CNPJ rules, and a server refusal is shown without losing the form', async () => {
    const { actor } = start({
      input: { flow: 'SIGN_UP', registerType: 'business', confirmed: { phone: '5511987654321', phoneProof: 'p' } },
      create: async () => { throw Object.assign(new Error(m['api.1005']), { status: 409, body: { code: 1005, message: 'x' } }); },
    });
    const company: RegistrationForm = {
      kind: 'business', name: 'Solar Ltda', email: 'a@b.com.br', state: 'SP', city: 3550308, unit_type: 'EMPRESA',
      bill: 1000, coupon: '', cnpj: '11.111.111/1111-11', terms: true,
    };
    actor.send({ type: 'account.submit', form: company });
    expect(t(actor.getSnapshot().context.registrationErrors.cnpj)).toBe(m['common.form.cnpj.invalid']);
    actor.send({ type: 'account.submit', form: { ...company, cnpj: '11.222.333/0001-81' } });
    await vi.waitFor(() => expect(t(actor.getSnapshot().context.registrationFailure)).toBe(m['api.1005']));
    expect(actor.getSnapshot().value).toBe('registration');
    expect(actor.getSnapshot().context.registrationDraft).toMatchObject({ cnpj: '11.222.333/0001-81' });
  });

  it('a number that got a code seconds ago (Back, reload) goes on to the code screen with the time the server says is left', async () => {
    const refusal = Object.assign(new Error(m['access.code.resendTooEarly']), { status: 429, body: { code: 4290, message: 'x', retry_after_s: 18 } });
    const { actor } = start({ input: { flow: 'SIGN_UP' }, request: async () => { throw refusal; } });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    const ctx = actor.getSnapshot().context;
    expect(ctx.resendSecondsLeft).toBe(18);
    expect(ctx.failureSendCodeSms).toBeNull();
    expect(t(ctx.notice)).toBe(m['access.code.alreadySent']);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    await vi.advanceTimersByTimeAsync(18_000);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
  });

  it('other send limits keep the phone screen (no code is on its way)', async () => {
    const limit = Object.assign(new Error(m['access.code.sendLimit']), { status: 429, body: { code: 4291, message: 'x', retry_after_s: 300 } });
    const { actor } = start({ request: async () => { throw limit; } });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(t(actor.getSnapshot().context.failureSendCodeSms)).toBe(m['access.code.sendLimit']));
    expect(actor.getSnapshot().value).toBe('phoneEntry');
  });

  it('counts the codes the server refused, not a cut connection, so the screen empties the boxes only for a wrong code', async () => {
    let answer: Error = Object.assign(new Error(m['common.error.network']), { status: 0 });
    const { actor } = start({ check: async () => { throw answer; } });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    actor.send({ type: 'code.submit', code: '123456' });
    await vi.waitFor(() => expect(t(actor.getSnapshot().context.failureAccessCode)).toBe(m['common.error.network']));
    expect(actor.getSnapshot().context.codeRefusals).toBe(0);
    answer = Object.assign(new Error(m['access.code.invalid']), { status: 400, body: { code: 3000, message: 'x', field: 'code' } });
    actor.send({ type: 'code.submit', code: '123456' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.codeRefusals).toBe(1));
    expect(t(actor.getSnapshot().context.failureAccessCode)).toBe(m['access.code.invalid']);
  });

  it('a refusal naming an input (unknown coupon, e-mail in use) is shown under that input, the rest of the form kept', async () => {
    let refusal = Object.assign(new Error(m['signup.coupon.invalid']), { status: 422, body: { code: 4002, message: 'x', field: 'coupon' } });
    const { actor } = start({
      input: { flow: 'SIGN_UP', confirmed: { phone: '5511987654321', phoneProof: 'p' } },
      create: async () => { throw refusal; },
    });
    actor.send({ type: 'account.submit', form: personalForm });
    await vi.waitFor(() => expect(t(actor.getSnapshot().context.registrationErrors.coupon)).toBe(m['signup.coupon.invalid']));
    expect(actor.getSnapshot().context.registrationFailure).toBeNull();
    expect(actor.getSnapshot().context.registrationDraft).toMatchObject({ name: 'Maria Silva', coupon: 'promo10' });
    refusal = Object.assign(new Error(m['api.1005']), { status: 409, body: { code: 1005, message: 'x', field: 'email' } });
    actor.send({ type: 'account.submit', form: { ...personalForm, coupon: '' } });
    await vi.waitFor(() => expect(t(actor.getSnapshot().context.registrationErrors.email)).toBe(m['api.1005']));
    expect(actor.getSnapshot().context.registrationErrors.coupon).toBeUndefined();
  });
  it('keeps catalogue keys, never texts: the screens look the words up', async () => {
    const offline = Object.assign(new Error('Failed to fetch'), { status: 0 });
    const { actor } = start({ request: async () => { throw offline; } });
    actor.send({ type: 'phone.submit', countryCode: '5', cellPhone: '(11) 8765', recaptcha: 'x' });
    expect(actor.getSnapshot().context.phoneErrors).toEqual({ countryCode: 'code.COUNTRY_CODE_INVALID', cellPhone: 'code.PHONE_NUMBER_INVALID' });
    actor.send({ ...PHONE, type: 'phone.submit' });
    // a cut connection says so, whatever text the thrown error carries
    await vi.waitFor(() => expect(actor.getSnapshot().context.failureSendCodeSms).toBe('common.error.network'));
    const { failureSendCodeSms, failureAccessCode, signInFailure, notice, registrationFailure } = actor.getSnapshot().context;
    for (const value of [failureSendCodeSms, failureAccessCode, signInFailure, notice, registrationFailure]) {
      expect(value === null || value in m).toBe(true);
    }
  });

  it('makes a secret for each code request and sends it with the resends, the e-mail resend and the code', async () => {
    const email = vi.fn(async (_: { phone: string; secret: string }) => {});
    const { actor, requests, checks } = start({ email, check: async () => { throw Object.assign(new Error('x'), { status: 400, body: { code: 3000, message: 'x' } }); } });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    const secret = requests[0]?.secret ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_S * 1000);
    actor.send({ type: 'code.resend' });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_S * 1000);
    actor.send({ type: 'code.resendWhatsapp' });
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_S * 1000);
    actor.send({ type: 'code.resendEmail' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.channel).toBe('email'));
    actor.send({ type: 'code.submit', code: '123456' });
    await vi.waitFor(() => expect(checks).toHaveLength(1));
    expect(requests.map((r) => r.secret)).toEqual([secret, secret, secret]);
    expect(email.mock.calls[0]?.[0]).toEqual({ phone: '5511987654321', secret });
    expect(checks[0]).toEqual({ flow: 'SIGN_IN', phone: '5511987654321', code: '123456', secret });
  });

  it('waits as long as the server says after a resend (retry_after_s of the 202)', async () => {
    const { actor } = start({ request: async (i) => ({ retryAfterS: i.resend ? 45 : 30 }) });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_S * 1000);
    actor.send({ type: 'code.resend' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.resendSecondsLeft).toBe(45));
  });

  it('a refused resend with retry_after_s (send limit) turns every resend off for that long', async () => {
    const { actor, requests } = start({
      request: async (i) => {
        if (!i.resend) return { retryAfterS: 30 };
        throw Object.assign(new Error('x'), { status: 429, body: { code: 4291, message: 'x', retry_after_s: 300 } });
      },
    });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_S * 1000);
    actor.send({ type: 'code.resendWhatsapp' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.resendSecondsLeft).toBe(300));
    expect(t(actor.getSnapshot().context.failureSendCodeSms)).toBe(m['access.code.sendLimit']);
    for (const type of ['code.resend', 'code.resendWhatsapp', 'code.resendEmail'] as const) expect(actor.getSnapshot().can({ type })).toBe(false);
    // the code already received can still be typed
    expect(actor.getSnapshot().can({ type: 'code.submit', code: '123456' })).toBe(true);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
    expect(requests).toHaveLength(2);
  });

  it('a code check the server holds back (3002 with retry_after_s) waits: no check and no resend until the countdown ends', async () => {
    let held = true;
    const { actor, checks } = start({
      check: async () => {
        if (held) throw Object.assign(new Error('x'), { status: 429, body: { code: 3002, message: 'x', retry_after_s: 120 } });
        return { token: 'tok' };
      },
    });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    actor.send({ type: 'code.submit', code: '123456' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.codeHeld).toBe(true));
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(120);
    expect(t(actor.getSnapshot().context.failureAccessCode)).toBe(m['access.code.tooManyTries']);
    actor.send({ type: 'code.submit', code: '123456' });
    expect(checks).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    held = false;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(actor.getSnapshot().context.codeHeld).toBe(false);
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(checks).toHaveLength(2);
  });

  it('sign-up offers no e-mail resend (no e-mail yet); sign-in does', async () => {
    expect([offersCodeByEmail('SIGN_IN'), offersCodeByEmail('SIGN_UP')]).toEqual([true, false]);
    const email = vi.fn(async () => {});
    const { actor } = start({ input: { flow: 'SIGN_UP' }, email });
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_S * 1000);
    expect(actor.getSnapshot().can({ type: 'code.resendEmail' })).toBe(false);
    actor.send({ type: 'code.resendEmail' });
    expect(email).not.toHaveBeenCalled();
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
  });

  it('remembers how the newest code went out: SMS, then WhatsApp, then e-mail', async () => {
    const { actor } = start();
    actor.send({ ...PHONE, type: 'phone.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('code')).toBe(true));
    expect(actor.getSnapshot().context.channel).toBe('sms');
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_S * 1000);
    actor.send({ type: 'code.resendWhatsapp' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.channel).toBe('whatsapp'));
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_S * 1000);
    actor.send({ type: 'code.resendEmail' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.channel).toBe('email'));
    // the e-mail resend also waits out the server's 30 s before the next send
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(RESEND_COOLDOWN_S);
  });
});
