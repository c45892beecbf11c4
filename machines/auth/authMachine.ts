import { and, assign, enqueueActions, not, raise, setup } from 'xstate';
import * as v from 'valibot';
import {
  BusinessSignUp, CellPhoneInput, CountryCodeInput, AccessCode, PersonalSignUp,
  type SignUpRequest, type SmsType,
} from '#shared/auth/payloads';
import { newRequestSecret } from '#shared/auth/secret';
import { canonicalPhone, DEFAULT_COUNTRY_CODE } from '#shared/phone';
import type { MessageKey } from '#shared/messages';
import { ErrorCode } from '#shared/errors';
import { failureCode, failureOf, failureRetryAfter, ruleMessageKey } from '#shared/failure';
import { notProvided } from '../notProvided';

/**
 * Sign-in and sign-up by phone (spec §2 SMS code screen, §4 Sign-in / Sign-up, §5, §8):
 * phone entry -> bot check -> Queue_sms -> code entry (resends) -> login or confirm-number ->
 * signed in, or a confirmed phone with no account -> registration form -> registered.
 * Every failure the screens show lives in context, as a catalogue key. Side effects are the named
 * actors below, provided at the edge; time only through the `oneSecond` delay.
 * Each code request carries a `secret` the browser makes (`chooseRequestSecret`); its resends and the
 * code check carry it too, since the server lets only the request's own secret try its code.
 */

/** Spec §9: code resend cooldown. */
export const RESEND_COOLDOWN_S = 30;

export type AuthFlow = SmsType; // 'SIGN_IN' | 'SIGN_UP'
export type RegisterType = 'personal' | 'business';
/** How the newest code went out: the code screen names it. */
export type CodeChannel = 'sms' | 'whatsapp' | 'email';

/**
 * Spec §2 "another option offers resending the code to the registered e-mail": only a sign-in has a
 * registered e-mail; during sign-up there is none yet, so the option is not offered.
 */
export const offersCodeByEmail = (flow: AuthFlow): boolean => flow === 'SIGN_IN';

/** The request pushed to Queue_sms (spec §7), with the request's secret. */
export interface CodeRequest {
  phone: string;
  type: AuthFlow;
  resend: boolean;
  coupon: string | null;
  secret: string;
  recaptcha?: string;
  origin?: 'REQUEST_WHATSAPP';
}
/** `retryAfterS`: how long the server asks to wait before the next send */
export interface CodeRequestOutput { retryAfterS?: number }
export interface CodeCheckInput { flow: AuthFlow; phone: string; code: string; secret: string }

/** A valid code: an access token (customer exists) or a proof of the confirmed phone (no account). */
export type CodeCheckOutput = { token: string } | { phoneProof: string };

/** What the registration form sends; phone and proof are added by the machine. */
export interface PersonalForm {
  kind: 'personal';
  name: string; email: string; state: string; city: number | null; unit_type: string;
  bill: number | null; coupon: string; hasPartnership?: boolean; terms: boolean;
}
export interface BusinessForm {
  kind: 'business';
  name: string; email: string; state: string; city: number | null; unit_type: string;
  bill: number | null; coupon: string; cnpj: string; terms: boolean;
}
export type RegistrationForm = PersonalForm | BusinessForm;
/** The message key under each input of a form. */
export type FieldErrors = Partial<Record<string, MessageKey>>;

/** The registration form's inputs a server refusal can point at (the payload's document_value is the form's cnpj). */
const REGISTRATION_FIELDS: Record<string, string> = {
  name: 'name', email: 'email', state: 'state', city: 'city', unit_type: 'unit_type', bill: 'bill', coupon: 'coupon',
  cnpj: 'cnpj', document_value: 'cnpj',
};
/** The server refuses a wrong, expired or worn-out code: what was typed will not work again. */
const CODE_REFUSALS: ReadonlySet<number> = new Set([ErrorCode.CODE_INVALID, ErrorCode.CODE_EXPIRED, ErrorCode.CODE_TOO_MANY_TRIES]);

export interface AuthInput {
  flow: AuthFlow;
  coupon?: string | null;
  registerType?: RegisterType;
  /** a phone already confirmed (sign-in code for a number with no account) */
  confirmed?: { phone: string; phoneProof: string } | null;
}

export interface AuthContext {
  flow: AuthFlow;
  registerType: RegisterType;
  coupon: string | null;
  countryCode: string;
  cellPhone: string;
  phone: string;
  recaptcha: string;
  phoneErrors: FieldErrors;
  phoneProof: string | null;
  token: string | null;
  /** the secret of the current code request (spec §3 auth.secret) */
  secret: string;
  /** how the newest code was sent */
  channel: CodeChannel;
  /** seconds the server asks to wait before the next send (30 s cooldown, send limits, a held request) */
  resendSecondsLeft: number;
  /** the server holds this request's code checks back (too many wrong codes) until the countdown ends */
  codeHeld: boolean;
  /** spec §3 auth.failureSendCodeSms: the code could not be requested */
  failureSendCodeSms: MessageKey | null;
  /** spec §3 auth.failureAccessCode: the code was refused */
  failureAccessCode: MessageKey | null;
  /** spec §3 auth.signInFailure: a valid code for a number with no account */
  signInFailure: MessageKey | null;
  /** success toasts of the code screen (resent by SMS / WhatsApp / e-mail) */
  notice: MessageKey | null;
  /** how many times the server refused a typed code (wrong, expired, too many tries): the screen empties the boxes */
  codeRefusals: number;
  registrationErrors: FieldErrors;
  registrationFailure: MessageKey | null;
  /** the last submitted form, so nothing typed is lost when the screen remounts */
  registrationDraft: RegistrationForm | null;
}

export type AuthEvent =
  | { type: 'phone.submit'; countryCode: string; cellPhone: string; recaptcha: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'code.resendWhatsapp' }
  | { type: 'code.resendEmail' }
  | { type: 'registration.start' }
  | { type: 'account.submit'; form: RegistrationForm }
  | { type: 'notice.dismiss' }
  /** the server asked to wait `seconds` before the next send; `held`: before the next code check too */
  | { type: 'cooldown.restart'; seconds: number; held?: boolean };

/** What went wrong with a call, as the key the screen shows (`fallback` when the server did not say). */
const failureKey = (event: unknown, fallback: MessageKey): MessageKey => failureOf((event as { error?: unknown }).error, fallback).key;

function issuesByField(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? 'form';
    if (out[key] === undefined) out[key] = ruleMessageKey(issue.message);
  }
  return out;
}

export function phoneErrorsOf(countryCode: string, cellPhone: string): FieldErrors {
  const errors: FieldErrors = {};
  const cc = v.safeParse(CountryCodeInput, countryCode);
  if (!cc.success) errors.countryCode = ruleMessageKey(cc.issues[0].message);
  const cell = v.safeParse(CellPhoneInput, cellPhone);
  if (!cell.success) errors.cellPhone = ruleMessageKey(cell.issues[0].message);
  return errors;
}

/** The sign-up payload of spec §3 for a form, or the field errors of spec §5. */
export function signUpPayloadOf(
  form: RegistrationForm, phone: string, phoneProof: string,
): { ok: true; payload: SignUpRequest } | { ok: false; errors: FieldErrors } {
  const common = {
    name: form.name, email: form.email, state: form.state, city: form.city ?? undefined,
    unit_type: form.unit_type, bill: form.bill ?? undefined, phone, phone_proof: phoneProof,
    coupon: form.coupon.trim() === '' ? null : form.coupon, terms: form.terms,
  };
  const result = form.kind === 'business'
    ? v.safeParse(BusinessSignUp, { ...common, document_type: 'CNPJ', document_value: form.cnpj })
    : v.safeParse(PersonalSignUp, { ...common, hasPartnership: form.hasPartnership ?? false });
  if (result.success) return { ok: true, payload: result.output };
  const errors = issuesByField(result.issues);
  // the form calls the company number `cnpj`
  if (errors.document_value) errors.cnpj = errors.document_value;
  return { ok: false, errors };
}

/** The wait a send's answer asks for: its retry_after_s, at least the spec's 30 s. */
function cooldownAfterSend(event: unknown): number {
  const out = (event as { output?: CodeRequestOutput }).output;
  return Math.max(RESEND_COOLDOWN_S, out?.retryAfterS ?? 0);
}

/** The refusal's retry_after_s, when the server gave one. */
const refusalWait = (event: unknown): number | null => failureRetryAfter((event as { error?: unknown }).error) ?? null;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    output: {} as { token: string; registered: boolean; phone: string },
  },
  actors: {
    /** pushes the Queue_sms message (POST /queue/sms) */
    requestCode: notProvided<CodeRequestOutput, CodeRequest>('requestCode'),
    /** SIGN_IN: POST /portal/login; SIGN_UP: POST /portal/confirm-number */
    checkCode: notProvided<CodeCheckOutput, CodeCheckInput>('checkCode'),
    /** POST /portal/customers/resend-login-code-by-email */
    sendCodeByEmail: notProvided<void, { phone: string; secret: string }>('sendCodeByEmail'),
    /** POST /portal/customers: returns the access token */
    createAccount: notProvided<{ token: string }, SignUpRequest>('createAccount'),
  },
  delays: {
    oneSecond: 1000,
  },
  guards: {
    isPhoneValid: ({ event }) =>
      event.type === 'phone.submit' && Object.keys(phoneErrorsOf(event.countryCode, event.cellPhone)).length === 0,
    hasBotCheck: ({ event }) => event.type === 'phone.submit' && event.recaptcha.trim() !== '',
    isCodeWellFormed: ({ event }) => event.type === 'code.submit' && v.is(AccessCode, event.code),
    resendCooldownOver: ({ context }) => context.resendSecondsLeft <= 0,
    /** spec §2: the e-mail option exists for sign-in only (see offersCodeByEmail) */
    offersCodeByEmail: ({ context }) => offersCodeByEmail(context.flow),
    isCodeHeld: ({ context }) => context.codeHeld && context.resendSecondsLeft > 0,
    cooldownEnding: ({ context }) => context.resendSecondsLeft <= 1,
    isExistingCustomer: (_, output: CodeCheckOutput) => 'token' in output,
    /** the number already got a code less than 30 s ago (4290): that code still works */
    codeAlreadyOnItsWay: ({ event }) => failureCode((event as { error?: unknown }).error) === ErrorCode.RESEND_TOO_EARLY,
    isSignInFlow: ({ context }) => context.flow === 'SIGN_IN',
    hasConfirmedPhone: ({ context }) => context.phoneProof !== null,
    isRegistrationValid: ({ context, event }) =>
      event.type === 'account.submit' && signUpPayloadOf(event.form, context.phone, context.phoneProof ?? '').ok,
  },
  actions: {
    /**
     * A secret for the code request about to be made. The web app provides one that survives a reload
     * while the request's code is still on its way (see src/web/journey/authFlow.ts).
     */
    chooseRequestSecret: assign({ secret: () => newRequestSecret() }),
    rememberPhone: assign(({ event }) => {
      if (event.type !== 'phone.submit') return {};
      return {
        countryCode: event.countryCode,
        cellPhone: event.cellPhone,
        phone: canonicalPhone(event.countryCode, event.cellPhone),
        recaptcha: event.recaptcha,
        phoneErrors: {},
        failureSendCodeSms: null,
        signInFailure: null,
        phoneProof: null,
      };
    }),
    showPhoneErrors: assign(({ event }) =>
      event.type === 'phone.submit'
        ? { phoneErrors: phoneErrorsOf(event.countryCode, event.cellPhone), countryCode: event.countryCode, cellPhone: event.cellPhone }
        : {}),
    showBotCheckRequired: assign({ phoneErrors: {}, failureSendCodeSms: 'code.RECAPTCHA_REQUIRED' }),
    showSendFailure: assign({ failureSendCodeSms: ({ event }) => failureKey(event, 'common.error.phoneStep') }),
    startCooldown: assign({ resendSecondsLeft: ({ event }) => cooldownAfterSend(event), codeHeld: false, channel: 'sms' }),
    tickCooldown: assign({ resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1) }),
    releaseHold: assign({ codeHeld: false }),
    /** a code went out: the next send waits what the server said, at least the 30 s of spec §9 */
    restartCooldown: raise(({ event }) => ({ type: 'cooldown.restart' as const, seconds: cooldownAfterSend(event) })),
    /** the server refused with a wait (4290, 4291, 4292, or 3002 with retry_after_s): wait it out, resends off */
    waitOutRefusal: enqueueActions(({ event, enqueue }) => {
      const seconds = refusalWait(event);
      if (seconds !== null && seconds > 0) enqueue.raise({ type: 'cooldown.restart', seconds });
    }),
    /** a held code check (3002 with retry_after_s): the code waits too */
    waitOutHold: enqueueActions(({ event, enqueue }) => {
      const seconds = refusalWait(event);
      if (seconds !== null && seconds > 0) enqueue.raise({ type: 'cooldown.restart', seconds, held: true });
    }),
    applyCooldownRestart: assign(({ event }) => (event.type === 'cooldown.restart'
      ? { resendSecondsLeft: event.seconds, codeHeld: event.held ?? false }
      : { resendSecondsLeft: RESEND_COOLDOWN_S, codeHeld: false })),
    showCodeFormatError: assign({ failureAccessCode: ({ event }) => {
      if (event.type !== 'code.submit') return null;
      const r = v.safeParse(AccessCode, event.code);
      return r.success ? null : ruleMessageKey(r.issues[0].message);
    }, notice: null }),
    clearCodeMessages: assign({ failureAccessCode: null, failureSendCodeSms: null, notice: null }),
    showCodeFailure: assign(({ context, event }) => {
      const error = (event as { error?: unknown }).error;
      const code = failureCode(error);
      return {
        failureAccessCode: failureOf(error, 'common.error.generic').key,
        codeRefusals: code !== null && CODE_REFUSALS.has(code) ? context.codeRefusals + 1 : context.codeRefusals,
      };
    }),
    waitOutCooldown: assign({
      resendSecondsLeft: ({ event }) => failureRetryAfter((event as { error?: unknown }).error) ?? RESEND_COOLDOWN_S,
      failureSendCodeSms: null,
    }),
    noticeCodeAlreadySent: assign({ notice: 'access.code.alreadySent' }),
    /** a resend by SMS or WhatsApp goes through the SMS queue, whose own failure text is the phone step's */
    showResendFailure: assign({ failureSendCodeSms: ({ event }) => failureKey(event, 'common.error.phoneStep') }),
    showEmailResendFailure: assign({ failureSendCodeSms: ({ event }) => failureKey(event, 'common.error.generic') }),
    noticeResentSms: assign({ notice: 'access.code.resentSms', channel: 'sms' }),
    noticeResentWhatsapp: assign({ notice: 'access.code.resentWhatsapp', channel: 'whatsapp' }),
    noticeResentEmail: assign({ notice: 'access.code.resentEmail', channel: 'email' }),
    dismissNotice: assign({ notice: null }),
    rememberToken: assign({ token: (_, params: { token: string }) => params.token }),
    rememberPhoneProof: assign({ phoneProof: (_, params: { phoneProof: string }) => params.phoneProof }),
    showNotRegistered: assign({ signInFailure: 'login.notRegistered' }),
    showRegistrationErrors: assign(({ context, event }) => {
      if (event.type !== 'account.submit') return {};
      const r = signUpPayloadOf(event.form, context.phone, context.phoneProof ?? '');
      return { registrationDraft: event.form, registrationErrors: r.ok ? {} : r.errors, registrationFailure: null };
    }),
    rememberDraft: assign(({ event }) =>
      event.type === 'account.submit' ? { registrationDraft: event.form, registrationErrors: {}, registrationFailure: null } : {}),
    /** a refusal that names a form input (e-mail in use, unknown coupon, city) shows under that input */
    showRegistrationFailure: assign(({ event }) => {
      const failure = failureOf((event as { error?: unknown }).error, 'common.error.generic');
      const field = REGISTRATION_FIELDS[failure.field ?? ''];
      return field
        ? { registrationErrors: { [field]: failure.key }, registrationFailure: null }
        : { registrationErrors: {}, registrationFailure: failure.key };
    }),
  },
}).createMachine({
  id: 'auth',
  description: 'Phone and SMS code, for sign-in and sign-up; registration when the confirmed phone has no account.',
  context: ({ input }) => ({
    flow: input.flow,
    registerType: input.registerType ?? 'personal',
    coupon: input.coupon ?? null,
    countryCode: DEFAULT_COUNTRY_CODE,
    cellPhone: '',
    phone: input.confirmed?.phone ?? '',
    recaptcha: '',
    phoneErrors: {},
    phoneProof: input.confirmed?.phoneProof ?? null,
    token: null,
    secret: '',
    channel: 'sms',
    resendSecondsLeft: 0,
    codeHeld: false,
    failureSendCodeSms: null,
    failureAccessCode: null,
    signInFailure: null,
    notice: null,
    codeRefusals: 0,
    registrationErrors: {},
    registrationFailure: null,
    registrationDraft: null,
  }),
  initial: 'starting',
  output: ({ context }) => ({ token: context.token ?? '', registered: context.phoneProof !== null, phone: context.phone }),
  states: {
    starting: {
      always: [
        { guard: 'hasConfirmedPhone', target: 'registration' },
        { target: 'phoneEntry' },
      ],
    },
    phoneEntry: {
      tags: ['phone'],
      description: 'Country code, cell phone and the bot check.',
      on: {
        'phone.submit': [
          { guard: not('isPhoneValid'), actions: 'showPhoneErrors' },
          { guard: not('hasBotCheck'), actions: 'showBotCheckRequired' },
          { target: 'sendingCode', actions: ['rememberPhone', 'chooseRequestSecret'] },
        ],
      },
    },
    sendingCode: {
      tags: ['phone', 'busy'],
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({
          phone: context.phone, type: context.flow, resend: false, coupon: context.coupon, recaptcha: context.recaptcha, secret: context.secret,
        }),
        onDone: { target: 'codeEntry', actions: 'startCooldown' },
        onError: [
          // Back or reload after a code was sent: go on to that code, with the countdown the server gave
          { guard: 'codeAlreadyOnItsWay', target: 'codeEntry', actions: ['waitOutCooldown', 'noticeCodeAlreadySent'] },
          { target: 'phoneEntry', actions: 'showSendFailure' },
        ],
      },
    },
    codeEntry: {
      type: 'parallel',
      tags: ['code'],
      description: 'Six-digit code; resend by SMS after the countdown, by WhatsApp, or to the e-mail.',
      states: {
        resendCooldown: {
          initial: 'counting',
          on: {
            'cooldown.restart': { target: '.counting', reenter: true, actions: 'applyCooldownRestart' },
          },
          states: {
            counting: {
              after: {
                oneSecond: [
                  { guard: 'cooldownEnding', target: 'over', actions: ['tickCooldown', 'releaseHold'] },
                  { target: 'counting', reenter: true, actions: 'tickCooldown' },
                ],
              },
            },
            over: {},
          },
        },
        code: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'code.submit': [
                  // the server holds this request's checks back: nothing is sent until the countdown ends
                  { guard: 'isCodeHeld' },
                  { guard: 'isCodeWellFormed', target: 'verifying', actions: 'clearCodeMessages' },
                  { actions: 'showCodeFormatError' },
                ],
                'code.resend': { guard: 'resendCooldownOver', target: 'resendingSms', actions: 'clearCodeMessages' },
                // every resend waits out the same 30 s: the server refuses any send before it
                'code.resendWhatsapp': { guard: 'resendCooldownOver', target: 'resendingWhatsapp', actions: 'clearCodeMessages' },
                'code.resendEmail': {
                  guard: and(['resendCooldownOver', 'offersCodeByEmail']), target: 'resendingEmail', actions: 'clearCodeMessages',
                },
                'notice.dismiss': { actions: 'dismissNotice' },
              },
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'checkCode',
                src: 'checkCode',
                input: ({ context, event }) => ({
                  flow: context.flow, phone: context.phone, code: event.type === 'code.submit' ? event.code : '', secret: context.secret,
                }),
                onDone: [
                  {
                    guard: { type: 'isExistingCustomer', params: ({ event }) => event.output },
                    target: '#auth.signedIn',
                    actions: { type: 'rememberToken', params: ({ event }) => ({ token: 'token' in event.output ? event.output.token : '' }) },
                  },
                  {
                    guard: 'isSignInFlow',
                    target: '#auth.notRegistered',
                    actions: { type: 'rememberPhoneProof', params: ({ event }) => ({ phoneProof: 'phoneProof' in event.output ? event.output.phoneProof : '' }) },
                  },
                  {
                    target: '#auth.registration',
                    actions: { type: 'rememberPhoneProof', params: ({ event }) => ({ phoneProof: 'phoneProof' in event.output ? event.output.phoneProof : '' }) },
                  },
                ],
                onError: { target: 'idle', actions: ['showCodeFailure', 'waitOutHold'] },
              },
            },
            resendingSms: {
              tags: ['busy'],
              invoke: {
                id: 'resendSms',
                src: 'requestCode',
                input: ({ context }) => ({ phone: context.phone, type: context.flow, resend: true, coupon: null, secret: context.secret }),
                onDone: { target: 'idle', actions: ['noticeResentSms', 'restartCooldown'] },
                onError: { target: 'idle', actions: ['showResendFailure', 'waitOutRefusal'] },
              },
            },
            resendingWhatsapp: {
              tags: ['busy'],
              invoke: {
                id: 'resendWhatsapp',
                src: 'requestCode',
                input: ({ context }) => ({
                  phone: context.phone, type: context.flow, resend: true, coupon: null, origin: 'REQUEST_WHATSAPP' as const, secret: context.secret,
                }),
                onDone: { target: 'idle', actions: ['noticeResentWhatsapp', 'restartCooldown'] },
                onError: { target: 'idle', actions: ['showResendFailure', 'waitOutRefusal'] },
              },
            },
            resendingEmail: {
              tags: ['busy'],
              invoke: {
                id: 'sendCodeByEmail',
                src: 'sendCodeByEmail',
                input: ({ context }) => ({ phone: context.phone, secret: context.secret }),
                onDone: { target: 'idle', actions: ['noticeResentEmail', 'restartCooldown'] },
                onError: { target: 'idle', actions: ['showEmailResendFailure', 'waitOutRefusal'] },
              },
            },
          },
        },
      },
    },
    notRegistered: {
      tags: ['phone'],
      description: "A valid sign-in code for a number with no account: 'Você ainda não está cadastrado. Cadastre-se já!'",
      entry: 'showNotRegistered',
      on: {
        'registration.start': 'registration',
        'phone.submit': [
          { guard: not('isPhoneValid'), actions: 'showPhoneErrors' },
          { guard: not('hasBotCheck'), actions: 'showBotCheckRequired' },
          { target: 'sendingCode', actions: ['rememberPhone', 'chooseRequestSecret'] },
        ],
      },
    },
    registration: {
      tags: ['registration'],
      description: 'Registration form (personal or company) for the confirmed phone.',
      on: {
        'account.submit': [
          { guard: 'isRegistrationValid', target: 'creatingAccount', actions: 'rememberDraft' },
          { actions: 'showRegistrationErrors' },
        ],
      },
    },
    creatingAccount: {
      tags: ['registration', 'busy'],
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ context, event }) => {
          if (event.type !== 'account.submit') throw new Error('unexpected event');
          const r = signUpPayloadOf(event.form, context.phone, context.phoneProof ?? '');
          if (!r.ok) throw new Error('invalid registration');
          return r.payload;
        },
        onDone: {
          target: 'registered',
          actions: { type: 'rememberToken', params: ({ event }) => ({ token: event.output.token }) },
        },
        onError: { target: 'registration', actions: 'showRegistrationFailure' },
      },
    },
    signedIn: { type: 'final', description: 'An existing customer: the code gave an access token.' },
    registered: { type: 'final', description: 'A new customer: the account was created.' },
  },
});
