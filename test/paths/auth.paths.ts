import { definePathModel, sample } from './engine';
import { authMachine, type AuthContext, type RegistrationForm } from '../../machines/auth/authMachine';
import { apiErrors, companyCustomer, newVisitorPhone, partnershipCustomer, solvedBotCheck, subscriptionCustomer } from './samples';

/**
 * Path model of the sign-in / sign-up machine: who types which phone and code, and what the
 * server answers (spec §4, §8). Started three ways: sign-in, sign-up, and sign-up with a phone
 * already confirmed by a sign-in code.
 */

const personalForm: RegistrationForm = {
  kind: 'personal', name: partnershipCustomer.name, email: partnershipCustomer.email, state: 'PR', city: 4106902,
  unit_type: 'RESIDENCIAL', bill: 420, coupon: '', hasPartnership: true, terms: true,
};
const companyForm: RegistrationForm = {
  kind: 'business', name: companyCustomer.name, email: companyCustomer.email, state: 'MG', city: companyCustomer.city,
  unit_type: 'EMPRESA', bill: 2300, coupon: '', cnpj: '11.222.333/0001-81', terms: true,
};

const cell = (phone: string) => phone.slice(2);

/**
 * Every screen state of both flows: sign-up also signs in a known number, and sign-in also registers
 * a new one. The e-mail resend is sign-in's only (a new customer has no e-mail yet).
 */
const bothFlowsReach = [
  '#auth.phoneEntry', '#auth.sendingCode', '#auth.codeEntry.resendCooldown.counting', '#auth.codeEntry.resendCooldown.over',
  '#auth.codeEntry.code.idle', '#auth.codeEntry.code.verifying', '#auth.codeEntry.code.resendingSms',
  '#auth.codeEntry.code.resendingWhatsapp',
  '#auth.registration', '#auth.creatingAccount', '#auth.signedIn', '#auth.registered',
];

export const authPaths = definePathModel({
  name: 'auth',
  machine: authMachine,
  inputs: [
    sample('signIn', { flow: 'SIGN_IN' as const }),
    sample('signUp', { flow: 'SIGN_UP' as const, coupon: 'SOL10' }),
    sample('confirmedUnknownNumber', {
      flow: 'SIGN_UP' as const, confirmed: { phone: newVisitorPhone.phone, phoneProof: 'proof-new-visitor' },
    }),
  ],
  events: {
    'phone.submit': [
      sample('subscriptionCustomer', { type: 'phone.submit', countryCode: '55', cellPhone: cell(subscriptionCustomer.phone), recaptcha: solvedBotCheck }),
      sample('shortNumber', { type: 'phone.submit', countryCode: '55', cellPhone: '1198765', recaptcha: solvedBotCheck }),
      sample('botCheckNotSolved', { type: 'phone.submit', countryCode: '55', cellPhone: cell(subscriptionCustomer.phone), recaptcha: '' }),
    ],
    'code.submit': [
      sample('codeFromSms', { type: 'code.submit', code: '482913' }),
      sample('codeWithLetters', { type: 'code.submit', code: '48a9' }),
    ],
    'account.submit': [
      sample('partnershipCustomer', { type: 'account.submit', form: personalForm }),
      sample('companyCustomer', { type: 'account.submit', form: companyForm }),
      sample('termsNotAccepted', { type: 'account.submit', form: { ...personalForm, terms: false } }),
      sample('apartment', { type: 'account.submit', form: { ...personalForm, unit_type: 'APARTAMENTO' } }),
    ],
    'cooldown.restart': [sample('afterResend', { type: 'cooldown.restart', seconds: 30 })],
  },
  actors: {
    requestCode: {
      done: [sample('queued', {})],
      error: [
        sample('rateLimited', apiErrors.rateLimited),
        // Back or reload after a code was sent: the server's 30 s cooldown (4290) with the seconds left
        sample('codeAlreadySent', Object.assign(new Error('Aguarde o fim da contagem para pedir um novo código.'), {
          status: 429, body: { code: 4290, message: 'Aguarde o fim da contagem para pedir um novo código.', retry_after_s: 22 },
        })),
      ],
    },
    checkCode: {
      done: [
        sample('existingCustomer', { token: 'token-ana' }),
        sample('numberWithoutAccount', { phoneProof: 'proof-new-visitor' }),
      ],
      error: [
        sample('wrongCode', apiErrors.wrongCode),
        // the phone had too many wrong codes and this request guessed wrong: it waits (3002 with retry_after_s)
        sample('heldBack', Object.assign(new Error('Muitas tentativas com código errado. Aguarde alguns minutos e peça um novo código.'), {
          status: 429, body: { code: 3002, message: 'Muitas tentativas com código errado. Aguarde alguns minutos e peça um novo código.', retry_after_s: 90 },
        })),
      ],
    },
    sendCodeByEmail: { done: [sample('sent', undefined)], error: [sample('offline', apiErrors.offline)] },
    createAccount: {
      done: [sample('created', { token: 'token-new' })],
      error: [sample('emailInUse', apiErrors.emailInUse)],
    },
  },
  // coverage is met by any flow: each flow must also get through every screen state on its own
  reaches: {
    signIn: [...bothFlowsReach, '#auth.codeEntry.code.resendingEmail', '#auth.notRegistered'],
    signUp: bothFlowsReach,
  },
  // the count of refused codes only grows; whether there was one is what a path can tell apart
  // the request's secret is random: whether there is one is what a path can tell apart; the channel
  // of the newest code changes what the screen says, never what the machine does next
  context: (c: AuthContext) => ({
    ...c, codeRefusals: Math.min(c.codeRefusals, 1), secret: c.secret ? 'made' : '', channel: undefined,
  }),
  checks: {
    sendingCode: (s) => (/^55\d{11}$/.test(s.context.phone) ? undefined : `requesting a code for "${s.context.phone}"`)
      ?? (s.context.secret ? undefined : 'requesting a code without a secret'),
    signedIn: (s) => (s.context.token ? undefined : 'signed in without a token'),
    registered: (s) => (s.context.token && s.context.phoneProof ? undefined : 'registered without token and confirmed phone'),
    registration: (s) => (s.context.phoneProof ? undefined : 'registration form without a confirmed phone'),
    notRegistered: (s) => (s.context.signInFailure ? undefined : 'no "not registered" message'),
  },
});
