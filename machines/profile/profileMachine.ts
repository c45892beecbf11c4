import { assign, setup } from 'xstate';
import type { CardField } from '#shared/checkout/rules';
import type { PaymentTokenResponse } from '#shared/checkout/payloads';
import type { ContractItem } from '#shared/contract/payloads';
import type { CustomerProfile } from '#shared/customer/payloads';
import type { DocumentRecord } from '#shared/document/payloads';
import { failureCode, failureField, failureOf } from '#shared/failure';
import type { MessageKey } from '#shared/messages';
import type { Invoice } from '#shared/payment/payloads';
import type { ClientPlan } from '#shared/plan/payloads';
import {
  areEmailChangeCodes, checkNewEmail, checkPersonalData, type Card, type DeletionDone, type PersonalField, type SessionItem, type SessionsEnded,
} from '#shared/profile/payloads';
import {
  isSixDigitCode, isOtherSession, paysByInvoice, profileStepButtons, signButtonOf, signRefusal, type PurchaseContractType, type RetentionCategory, type SignRefusal,
} from '#shared/profile/rules';
import type { Proposal } from '#shared/proposal/rules';
import type { Visit } from '#shared/visit/payloads';
import type { CardInput } from '../checkout/checkoutMachine';
import { notProvided } from '../notProvided';

/**
 * The profile page ('Meu perfil', spec §2 "Profile page", §4 "Contract step (profile)", "Card
 * update", §8): load the customer, their visit, plan or purchase, billing, documents, contracts and
 * (a cash purchase) the invoice -> the page. Personal data is checked with the sign-up's rules and
 * saved ('Perfil atualizado com sucesso' / 'Houve um problema ao atualizar o perfil'). The card
 * update dialog tokenizes the new card like the booking screen, then PUT cc; on success the dialog
 * closes and the card reloads. A buyer's step block signs the purchase contract, then the power of
 * attorney, in the signing frame when the current step is CONTRACT (else a dialog says why), and
 * issues the cash invoice, opened in a new tab. 'Baixar meus dados' downloads the copy; 'Excluir
 * minha conta' sends an SMS code, deletes with it, shows what was kept and why, then logs out.
 * 'Trocar e-mail' (issue 29, F15) sends a code to the new address and one by SMS; the e-mail
 * changes only with both. 'Aparelhos conectados' lists the live sessions; one of the others, or all
 * of them ('Sair de todos os dispositivos'), ends with an SMS code (ASVS 5.0 7.5.2).
 */

/** How the customer pays what they bought: a card (individuals), a boleto day (companies), or a purchase. */
export type Billing =
  | { method: 'CARD'; card: Card | null }
  | { method: 'BOLETO'; day: number | null }
  | { method: 'PURCHASE' };

export interface ProfileData {
  customer: CustomerProfile;
  visit: Visit | null;
  /** the subscription's client plan */
  plan: ClientPlan | null;
  /** a buyer's final proposal (the last FINAL one) */
  purchase: Proposal | null;
  billing: Billing;
  documents: DocumentRecord[];
  /** with their signing frames (GET /portal/customers/contracts) */
  contracts: ContractItem[];
  frameOrigin: string;
  /** a cash purchase's invoice; null before it exists; 'unknown' when its read failed */
  invoice: Invoice['invoice_status'] | null | 'unknown';
  /** the live sessions, this one first */
  sessions: SessionItem[];
}

export interface ProfileContext {
  data: ProfileData | null;
  /** the personal data being saved */
  pending: { name: string; email: string } | null;
  personalErrors: Partial<Record<PersonalField, MessageKey>>;
  /** a note under the personal form ('Nenhuma alteração para salvar.') */
  personalNote: MessageKey | null;
  /** the new card as typed, only while it is tokenized (never kept beyond) */
  card: CardInput | null;
  token: string | null;
  flagged: CardField[];
  cardError: MessageKey | null;
  /** the purchase contract in the signing frame */
  openId: string | null;
  refusal: SignRefusal | null;
  /** the deletion's code request: the browser's secret, where the SMS went, what failed, what was kept */
  deletionSecret: string | null;
  /** the code typed, only while it is checked */
  deletionCode: string | null;
  phoneLast4: string | null;
  deletionError: MessageKey | null;
  kept: RetentionCategory[];
  /** the e-mail change's request: the browser's secret, the new address, where the SMS went */
  emailChange: { secret: string | null; email: string; phoneLast4: string | null } | null;
  /** the two codes typed, only while they are checked */
  emailCodes: { emailCode: string; smsCode: string } | null;
  /** what the e-mail change's dialog says went wrong, and on which field */
  emailError: { key: MessageKey; field: 'email' | 'email_code' | 'sms_code' | null } | null;
  /** ending sessions: which (an id, or null for every other one), the request's secret, where the SMS went */
  sessionsEnd: { sessionId: string | null; secret: string | null; phoneLast4: string | null } | null;
  /** the code typed, only while it is checked */
  sessionsCode: string | null;
  sessionsError: MessageKey | null;
}

/** The fields of the e-mail change's dialog a refusal may point at. */
const EMAIL_FIELDS = ['email', 'email_code', 'sms_code'] as const;
const emailFieldOf = (error: unknown) => EMAIL_FIELDS.find((f) => f === failureField(error)) ?? null;

export type ProfileEvent =
  | { type: 'page.retry' }
  | { type: 'personal.save'; name: string; email: string }
  | { type: 'card.open' }
  | { type: 'card.submit'; card: CardInput }
  | { type: 'card.close' }
  | { type: 'contract.sign'; contract: PurchaseContractType }
  | { type: 'frame.signed' }
  | { type: 'frame.close' }
  | { type: 'notNow.close' }
  | { type: 'payment.start' }
  | { type: 'payment.go' }
  | { type: 'contracts.go' }
  | { type: 'export.request' }
  | { type: 'deletion.open' }
  | { type: 'deletion.sendCode' }
  | { type: 'deletion.resend' }
  | { type: 'deletion.confirm'; code: string }
  | { type: 'deletion.cancel' }
  | { type: 'deleted.leave' }
  | { type: 'email.open' }
  | { type: 'email.sendCodes'; email: string }
  | { type: 'email.resend' }
  | { type: 'email.confirm'; emailCode: string; smsCode: string }
  | { type: 'email.cancel' }
  | { type: 'sessions.end'; sessionId: string | null }
  | { type: 'sessions.confirm'; code: string }
  | { type: 'sessions.resend' }
  | { type: 'sessions.cancel' };

const complete = (card: CardInput) => Object.values(card).every((v) => v.trim() !== '');
const purchaseOf = (d: ProfileData) => ({ contracts: d.contracts, invoice: d.invoice });
const contractOfType = (d: ProfileData, type: PurchaseContractType) => d.contracts.find((c) => c.type === type);
const opened = (c: ProfileContext) => c.data?.contracts.find((x) => x.id === c.openId);
/** The card's failure as the dialog says it: the provider unreachable, else the refusal's own text, else the dialog's. */
const cardFailure = (error: unknown): MessageKey => (failureCode(error) === 5020 ? 'profile.card.unavailable' : failureOf(error, 'profile.card.error').key);

export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent },
  actors: {
    /** GET /portal/customers, scheduling, the plan or the proposals, cc or checkout, documents, contracts, invoice_status */
    loadProfile: notProvided<ProfileData>('loadProfile'),
    /** PATCH /portal/customers */
    saveProfile: notProvided<CustomerProfile, { name: string; email: string }>('saveProfile'),
    /** the provider's payment_token, from the browser (the number never goes to our API) */
    tokenizeCard: notProvided<PaymentTokenResponse, CardInput>('tokenizeCard'),
    /** PUT /portal/customers/cc */
    replaceCard: notProvided<Card, { token: string }>('replaceCard'),
    /** GET /portal/customers/cc */
    loadCard: notProvided<Card | null>('loadCard'),
    /** GET portal/check_signers/{key} */
    checkSigner: notProvided<boolean, { key: string }>('checkSigner'),
    /** PATCH portal/customers/create/{profileId}/invoice */
    createInvoice: notProvided<Invoice, { profileId: number }>('createInvoice'),
    /** GET /portal/customers/export, saved by the browser */
    exportData: notProvided<unknown>('exportData'),
    /** POST /portal/customers/deletion/code with the request's secret (made by the actor the first time) */
    requestDeletionCode: notProvided<{ secret: string; phoneLast4: string }, { secret: string | null }>('requestDeletionCode'),
    /** POST /portal/customers/deletion */
    deleteAccount: notProvided<DeletionDone, { secret: string; code: string }>('deleteAccount'),
    /** POST /portal/customers/email/code with the request's secret (made by the actor the first time) */
    requestEmailChangeCodes: notProvided<{ secret: string; email: string; phoneLast4: string }, { secret: string | null; email: string }>('requestEmailChangeCodes'),
    /** POST /portal/customers/email with both codes */
    changeEmail: notProvided<CustomerProfile, { secret: string; emailCode: string; smsCode: string }>('changeEmail'),
    /** POST /portal/customers/sessions/code with the request's secret (made by the actor the first time) */
    requestSessionsCode: notProvided<{ secret: string; phoneLast4: string }, { secret: string | null }>('requestSessionsCode'),
    /** POST /portal/customers/sessions/end: one other session (its id) or every other one (null) */
    endSessions: notProvided<SessionsEnded, { secret: string; code: string; sessionId: string | null }>('endSessions'),
  },
  actions: {
    /** the customer changed (their name): the journey reloads the header and the side navigation */
    menuChanged: () => {},
    /** the journey goes to /pt/payment */
    goToPayment: () => {},
    /** the journey goes to /pt/customers-signature */
    goToContracts: () => {},
    /** opens the invoice's page in a new tab (spec §7): the tab the click opened, sent to it */
    openInvoice: (_, _params: { url: string }) => {},
    /** the invoice failed: the tab the click opened is closed */
    closeInvoiceTab: () => {},
    /** the journey logs out (the server already ended every session) */
    logOut: () => {},
    /** the account is gone: the page keeps showing 'Conta excluída' though every call now answers 401 */
    accountDeleted: () => {},
    notifySuccess: (_, _params: { key: MessageKey }) => {},
    notifyError: (_, _params: { key: MessageKey }) => {},
    rejectPersonal: assign({
      personalErrors: ({ context, event }) => {
        if (event.type !== 'personal.save' || !context.data) return {};
        const r = checkPersonalData(context.data.customer.type, event);
        return r.ok ? {} : r.errors;
      },
      personalNote: 'profile.personal.invalid' as const,
    }),
    keepPending: assign({
      pending: ({ context, event }) => {
        if (event.type !== 'personal.save' || !context.data) return null;
        const r = checkPersonalData(context.data.customer.type, event);
        return r.ok ? r.value : null;
      },
      personalErrors: {}, personalNote: null,
    }),
    savedPersonal: assign({
      data: ({ context, event }) => context.data && 'output' in event ? { ...context.data, customer: event.output as CustomerProfile } : context.data,
      pending: null,
    }),
    /** an e-mail another account has (1005) says so on the field; the rest in the toast */
    refusedPersonal: assign({
      personalErrors: ({ event }) => ('error' in event && failureField(event.error) === 'email' ? { email: failureOf(event.error, 'profile.update.error').key } : {}),
      personalNote: ({ event }) => ('error' in event && failureField(event.error) !== 'email' ? failureOf(event.error, 'profile.update.error').key : null),
      pending: null,
    }),
    openContract: assign({
      openId: ({ context, event }) => (event.type === 'contract.sign' && context.data ? contractOfType(context.data, event.contract)?.id ?? null : null),
    }),
    rememberRefusal: assign({
      refusal: ({ context, event }) => (event.type === 'contract.sign' && context.data
        ? signRefusal(context.data.customer.steps, context.data.contracts, event.contract) : null),
    }),
    markOpenSigned: assign({
      data: ({ context }) => context.data && {
        ...context.data, contracts: context.data.contracts.map((x) => (x.id === context.openId ? { ...x, is_client_signed: true } : x)),
      },
      openId: null,
    }),
    setCard: assign({
      data: ({ context, event }) => context.data && 'output' in event && context.data.billing.method === 'CARD'
        ? { ...context.data, billing: { method: 'CARD' as const, card: event.output as Card | null } } : context.data,
    }),
    forgetCard: assign({ card: null, token: null, flagged: [], cardError: null }),
    clearDeletion: assign({ deletionSecret: null, deletionCode: null, phoneLast4: null, deletionError: null }),
    clearEmailChange: assign({ emailChange: null, emailCodes: null, emailError: null }),
    /** the new address as it will be sent (trimmed, lower-cased), a new request (no secret yet) */
    keepNewEmail: assign({
      emailChange: ({ context, event }) => {
        if (event.type !== 'email.sendCodes' || !context.data) return context.emailChange;
        const r = checkNewEmail(context.data.customer.email, event.email);
        return r.ok ? { secret: null, email: r.email, phoneLast4: null } : context.emailChange;
      },
      emailError: null,
    }),
    rejectNewEmail: assign({
      emailError: ({ context, event }) => {
        if (event.type !== 'email.sendCodes' || !context.data) return null;
        const r = checkNewEmail(context.data.customer.email, event.email);
        return r.ok ? null : { key: r.error, field: 'email' as const };
      },
    }),
    codesSent: assign({
      emailChange: ({ event }) => ('output' in event ? event.output as { secret: string; email: string; phoneLast4: string } : null),
      emailError: null,
    }),
    /** a refusal says itself on its field (an e-mail in use, a wrong code) or above the fields */
    emailRefused: assign({
      emailError: ({ event }) => ('error' in event ? { key: failureOf(event.error, 'profile.email.codeError').key, field: emailFieldOf(event.error) } : null),
      emailCodes: null,
    }),
    confirmRefused: assign({
      emailError: ({ event }) => ('error' in event ? { key: failureOf(event.error, 'profile.email.error').key, field: emailFieldOf(event.error) } : null),
      emailCodes: null,
    }),
    clearSessionsEnd: assign({ sessionsEnd: null, sessionsCode: null, sessionsError: null }),
    startSessionsEnd: assign({
      sessionsEnd: ({ event }) => ({ sessionId: event.type === 'sessions.end' ? event.sessionId : null, secret: null, phoneLast4: null }),
      sessionsCode: null, sessionsError: null,
    }),
    sessionsCodeSent: assign({
      sessionsEnd: ({ context, event }) => ('output' in event && context.sessionsEnd
        ? { ...context.sessionsEnd, ...(event.output as { secret: string; phoneLast4: string }) } : context.sessionsEnd),
      sessionsError: null,
    }),
    sessionsCodeRefused: assign({ sessionsError: ({ event }) => ('error' in event ? failureOf(event.error, 'profile.sessions.codeError').key : null) }),
    /** the list as the server has it after the end */
    sessionsEnded: assign({
      data: ({ context, event }) => context.data && 'output' in event ? { ...context.data, sessions: (event.output as SessionsEnded).data } : context.data,
      sessionsEnd: null, sessionsCode: null, sessionsError: null,
    }),
    /** the session had ended already (404): it leaves the list */
    sessionGone: assign({
      data: ({ context }) => context.data && { ...context.data, sessions: context.data.sessions.filter((x) => x.id !== context.sessionsEnd?.sessionId) },
      sessionsEnd: null, sessionsCode: null, sessionsError: null,
    }),
    emailChanged: assign({
      data: ({ context, event }) => context.data && 'output' in event ? { ...context.data, customer: event.output as CustomerProfile } : context.data,
      emailChange: null, emailCodes: null, emailError: null,
    }),
  },
  guards: {
    personalInvalid: ({ context, event }) => event.type === 'personal.save' && context.data !== null
      && !checkPersonalData(context.data.customer.type, event).ok,
    personalUnchanged: ({ context, event }) => {
      if (event.type !== 'personal.save' || !context.data) return false;
      const r = checkPersonalData(context.data.customer.type, event);
      return r.ok && r.value.name === context.data.customer.name && r.value.email === context.data.customer.email;
    },
    /** a card on file to replace (a company's boleto has none) */
    hasCard: ({ context }) => context.data?.billing.method === 'CARD' && context.data.billing.card !== null,
    cardComplete: ({ event }) => event.type === 'card.submit' && complete(event.card),
    tokenRefused: ({ event }) => 'output' in event && typeof event.output === 'object' && event.output !== null && 'errors' in event.output,
    /** spec §2: the step block is a buyer's (LENDING); a subscriber has the contracts page */
    isBuyer: ({ context }) => context.data?.customer.subscription_lending === 'LENDING',
    /** a subscriber whose contracts exist goes to the contracts page to sign them */
    hasSubscriptionContracts: ({ context }) => context.data?.customer.subscription_lending === 'SUBSCRIPTION'
      && (context.data.contracts.length > 0 || context.data.customer.contracts.length > 0),
    /** spec §4: the button is enabled by the rule, and the frame opens at the CONTRACT step with the contract generated */
    signOpensFrame: ({ context, event }) => {
      if (event.type !== 'contract.sign' || !context.data || context.data.customer.subscription_lending !== 'LENDING') return false;
      const enabled = profileStepButtons(purchaseOf(context.data))[signButtonOf(event.contract)];
      return enabled && signRefusal(context.data.customer.steps, context.data.contracts, event.contract) === null;
    },
    signButtonEnabled: ({ context, event }) => event.type === 'contract.sign' && context.data?.customer.subscription_lending === 'LENDING'
      && profileStepButtons(purchaseOf(context.data))[signButtonOf(event.contract)],
    /** spec §4: after the contract and until the invoice exists; only a cash purchase has one */
    paymentEnabled: ({ context }) => context.data !== null && paysByInvoice(context.data.customer.payment_type)
      && profileStepButtons(purchaseOf(context.data)).payment,
    signedNow: ({ event }) => 'output' in event && event.output === true,
    codeComplete: ({ event }) => event.type === 'deletion.confirm' && isSixDigitCode(event.code),
    sessionsCodeComplete: ({ event }) => event.type === 'sessions.confirm' && isSixDigitCode(event.code),
    /** one of the listed sessions other than this one, or (null) every other one when there is any */
    endable: ({ context, event }) => event.type === 'sessions.end' && context.data !== null && isOtherSession(context.data.sessions, event.sessionId),
    /** the session asked for was not (any more) another live session: 404 */
    sessionAlreadyEnded: ({ event }) => 'error' in event && failureCode(event.error) === 4040,
    endedOne: ({ context }) => context.sessionsEnd?.sessionId != null,
    /** a valid address that is not the account's already */
    newEmailValid: ({ context, event }) => event.type === 'email.sendCodes' && context.data !== null && checkNewEmail(context.data.customer.email, event.email).ok,
    /** both codes, six digits each */
    emailCodesComplete: ({ event }) => event.type === 'email.confirm' && areEmailChangeCodes(event),
  },
}).createMachine({
  id: 'profile',
  description: "'Meu perfil': personal data, order summary, billing with the card update, documents and contracts, a buyer's step block, and the customer's data.",
  context: {
    data: null, pending: null, personalErrors: {}, personalNote: null, card: null, token: null, flagged: [], cardError: null, openId: null, refusal: null,
    deletionSecret: null, deletionCode: null, phoneLast4: null, deletionError: null, kept: [], emailChange: null, emailCodes: null, emailError: null,
    sessionsEnd: null, sessionsCode: null, sessionsError: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProfile',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { description: "'Não foi possível carregar seu perfil.' with a retry.", on: { 'page.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          description: 'The four blocks, the step block of a buyer (or the contracts of a subscriber), and the customer\'s data.',
          on: {
            'personal.save': [
              { guard: 'personalInvalid', actions: 'rejectPersonal' },
              { guard: 'personalUnchanged', actions: assign({ personalErrors: {}, personalNote: 'profile.personal.unchanged' }) },
              { target: 'saving', actions: 'keepPending' },
            ],
            'card.open': { guard: 'hasCard', target: 'card', actions: 'forgetCard' },
            'contract.sign': [
              { guard: 'signOpensFrame', target: 'framing', actions: 'openContract' },
              { guard: 'signButtonEnabled', target: 'notNow', actions: 'rememberRefusal' },
            ],
            'payment.start': { guard: 'paymentEnabled', target: 'paying' },
            'payment.go': { guard: 'isBuyer', actions: 'goToPayment' },
            'contracts.go': { guard: 'hasSubscriptionContracts', actions: 'goToContracts' },
            'export.request': 'exporting',
            'deletion.open': { target: 'deletion', actions: 'clearDeletion' },
            'email.open': { target: 'email', actions: 'clearEmailChange' },
            'sessions.end': { guard: 'endable', target: 'sessions', actions: 'startSessionsEnd' },
          },
        },
        email: {
          description: "'Trocar e-mail' (issue 29, F15): the new address, then a code to it and one by SMS; the e-mail changes only with both.",
          initial: 'asking',
          states: {
            asking: {
              description: 'The new address is typed; until the codes confirm it the e-mail stays as it is.',
              on: {
                'email.sendCodes': [
                  { guard: 'newEmailValid', target: 'sending', actions: 'keepNewEmail' },
                  { actions: 'rejectNewEmail' },
                ],
                'email.cancel': { target: '#profile.ready.idle', actions: 'clearEmailChange' },
              },
            },
            sending: {
              invoke: {
                src: 'requestEmailChangeCodes',
                input: ({ context }) => ({ secret: null, email: context.emailChange?.email ?? '' }),
                onDone: { target: 'entering', actions: 'codesSent' },
                onError: { target: 'asking', actions: 'emailRefused' },
              },
            },
            entering: {
              description: 'The code that came to the new address and the one that came by SMS.',
              on: {
                'email.confirm': [
                  { guard: 'emailCodesComplete', target: 'confirming', actions: assign({ emailCodes: ({ event }) => ({ emailCode: event.emailCode, smsCode: event.smsCode }), emailError: null }) },
                  { actions: assign({ emailError: { key: 'common.access.form.maxCode', field: null } }) },
                ],
                'email.resend': 'resending',
                'email.cancel': { target: '#profile.ready.idle', actions: 'clearEmailChange' },
              },
            },
            resending: {
              invoke: {
                src: 'requestEmailChangeCodes',
                input: ({ context }) => ({ secret: context.emailChange?.secret ?? null, email: context.emailChange?.email ?? '' }),
                onDone: { target: 'entering', actions: ['codesSent', { type: 'notifySuccess', params: { key: 'profile.email.resent' } }] },
                onError: { target: 'entering', actions: 'emailRefused' },
              },
            },
            confirming: {
              invoke: {
                src: 'changeEmail',
                input: ({ context }) => ({ secret: context.emailChange?.secret ?? '', emailCode: context.emailCodes?.emailCode ?? '', smsCode: context.emailCodes?.smsCode ?? '' }),
                onDone: { target: '#profile.ready.idle', actions: ['emailChanged', { type: 'notifySuccess', params: { key: 'profile.email.changed' } }] },
                onError: { target: 'entering', actions: 'confirmRefused' },
              },
            },
          },
        },
        sessions: {
          description: "Ending one other session, or every other one ('Sair de todos os dispositivos'): an SMS code to the account's phone proves it is the customer; then the list as it is now.",
          initial: 'sending',
          states: {
            sending: {
              invoke: {
                src: 'requestSessionsCode',
                input: ({ context }) => ({ secret: context.sessionsEnd?.secret ?? null }),
                onDone: { target: 'entering', actions: 'sessionsCodeSent' },
                onError: { target: 'entering', actions: 'sessionsCodeRefused' },
              },
            },
            entering: {
              description: 'The code that came by SMS (or why none came, with the resend).',
              on: {
                'sessions.confirm': [
                  { guard: 'sessionsCodeComplete', target: 'ending', actions: assign({ sessionsCode: ({ event }) => event.code, sessionsError: null }) },
                  { actions: assign({ sessionsError: 'common.access.form.maxCode' }) },
                ],
                'sessions.resend': 'resending',
                'sessions.cancel': { target: '#profile.ready.idle', actions: 'clearSessionsEnd' },
              },
            },
            resending: {
              invoke: {
                src: 'requestSessionsCode',
                input: ({ context }) => ({ secret: context.sessionsEnd?.secret ?? null }),
                onDone: { target: 'entering', actions: ['sessionsCodeSent', { type: 'notifySuccess', params: { key: 'access.code.resentSms' } }] },
                onError: { target: 'entering', actions: 'sessionsCodeRefused' },
              },
            },
            ending: {
              invoke: {
                src: 'endSessions',
                input: ({ context }) => ({ secret: context.sessionsEnd?.secret ?? '', code: context.sessionsCode ?? '', sessionId: context.sessionsEnd?.sessionId ?? null }),
                onDone: [
                  { guard: 'endedOne', target: '#profile.ready.idle', actions: [{ type: 'notifySuccess', params: { key: 'profile.sessions.doneOne' } }, 'sessionsEnded'] },
                  { target: '#profile.ready.idle', actions: [{ type: 'notifySuccess', params: { key: 'profile.sessions.done' } }, 'sessionsEnded'] },
                ],
                onError: [
                  { guard: 'sessionAlreadyEnded', target: '#profile.ready.idle', actions: [{ type: 'notifySuccess', params: { key: 'profile.sessions.gone' } }, 'sessionGone'] },
                  { target: 'entering', actions: assign({ sessionsError: ({ event }) => failureOf(event.error, 'profile.sessions.error').key, sessionsCode: null }) },
                ],
              },
            },
          },
        },
        saving: {
          description: 'PATCH /portal/customers with the checked name and e-mail.',
          invoke: {
            src: 'saveProfile',
            input: ({ context }) => context.pending ?? { name: '', email: '' },
            onDone: { target: 'idle', actions: ['savedPersonal', { type: 'notifySuccess', params: { key: 'profile.update.success' } }, 'menuChanged'] },
            onError: { target: 'idle', actions: ['refusedPersonal', { type: 'notifyError', params: { key: 'profile.update.error' } }] },
          },
        },
        card: {
          description: 'The card update dialog: the card form of the booking screen.',
          initial: 'editing',
          states: {
            editing: {
              on: {
                'card.submit': [
                  { guard: 'cardComplete', target: 'tokenizing', actions: assign({ card: ({ event }) => event.card, flagged: [], cardError: null }) },
                  // spec §5: 'Por favor, verifique se os dados preenchidos estão corretos'
                  { actions: assign({ cardError: 'checkout.input.error', flagged: [] }) },
                ],
                'card.close': { target: '#profile.ready.idle', actions: 'forgetCard' },
              },
            },
            tokenizing: {
              invoke: {
                src: 'tokenizeCard',
                input: ({ context }) => context.card!,
                onDone: [
                  {
                    guard: 'tokenRefused',
                    target: 'editing',
                    actions: assign({
                      flagged: ({ event }) => Object.keys((event.output as { errors: Record<string, string> }).errors) as CardField[],
                      cardError: 'checkout.input.error', card: null,
                    }),
                  },
                  { target: 'saving', actions: assign({ token: ({ event }) => (event.output as { id: string }).id, card: null }) },
                ],
                onError: { target: 'editing', actions: assign({ cardError: 'profile.card.error', card: null }) },
              },
            },
            saving: {
              invoke: {
                src: 'replaceCard',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: { target: '#profile.ready.reloadingCard', actions: ['setCard', 'forgetCard', { type: 'notifySuccess', params: { key: 'profile.card.updated' } }] },
                // spec §8 shows no handler for a failed card update: the dialog stays, saying why
                onError: { target: 'editing', actions: assign({ cardError: ({ event }) => cardFailure(event.error), token: null }) },
              },
            },
          },
        },
        reloadingCard: {
          description: 'spec §4 "Card update": the dialog closed, the card reloads (a failed reload keeps the answer of the update).',
          invoke: { src: 'loadCard', onDone: { target: 'idle', actions: 'setCard' }, onError: 'idle' },
        },
        framing: {
          description: 'The signing frame of the purchase contract or the power of attorney: its \'signed\' message or \'Sair\' closes it; either way the server is asked.',
          on: { 'frame.signed': 'checking', 'frame.close': 'checking' },
        },
        checking: {
          invoke: {
            src: 'checkSigner',
            input: ({ context }) => ({ key: opened(context)?.key ?? '' }),
            onDone: [
              { guard: 'signedNow', target: 'idle', actions: ['markOpenSigned', 'menuChanged'] },
              { target: 'idle', actions: assign({ openId: null }) },
            ],
            onError: { target: 'idle', actions: [assign({ openId: null }), { type: 'notifyError', params: { key: 'contract.check.error' } }] },
          },
        },
        notNow: {
          description: "Spec §4: the other dialog, saying why the contract cannot be signed now, with the way to the payment screen.",
          on: { 'notNow.close': { target: 'idle', actions: assign({ refusal: null }) }, 'payment.go': { actions: 'goToPayment' } },
        },
        paying: {
          description: 'The cash invoice is issued; its page opens in a new tab and the payment button turns off.',
          invoke: {
            src: 'createInvoice',
            input: ({ context }) => ({ profileId: context.data?.customer.id ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ data: ({ context, event }) => context.data && { ...context.data, invoice: event.output.invoice_status } }),
                { type: 'openInvoice', params: ({ event }) => ({ url: event.output.invoice_url }) },
              ],
            },
            // the server issues the invoice once the power of attorney is signed too: it says so
            onError: {
              target: 'idle',
              actions: ['closeInvoiceTab', { type: 'notifyError', params: ({ event }) => ({ key: failureCode(event.error) === 4090 ? 'profile.steps.invoice.refused' : 'profile.steps.invoice.error' }) }],
            },
          },
        },
        exporting: {
          description: "'Baixar meus dados': the ZIP is made and downloaded at once.",
          invoke: {
            src: 'exportData',
            onDone: { target: 'idle', actions: { type: 'notifySuccess', params: { key: 'profile.export.done' } } },
            onError: { target: 'idle', actions: { type: 'notifyError', params: { key: 'profile.export.error' } } },
          },
        },
        deletion: {
          description: "'Excluir minha conta': what is kept and why, then an SMS code to the account's phone, then the deletion with it.",
          initial: 'explaining',
          states: {
            explaining: {
              on: { 'deletion.sendCode': 'sending', 'deletion.cancel': { target: '#profile.ready.idle', actions: 'clearDeletion' } },
            },
            sending: {
              invoke: {
                src: 'requestDeletionCode',
                input: ({ context }) => ({ secret: context.deletionSecret }),
                onDone: { target: 'entering', actions: assign({ deletionSecret: ({ event }) => event.output.secret, phoneLast4: ({ event }) => event.output.phoneLast4, deletionError: null }) },
                onError: { target: 'explaining', actions: assign({ deletionError: ({ event }) => failureOf(event.error, 'profile.delete.codeError').key }) },
              },
            },
            entering: {
              on: {
                'deletion.confirm': [
                  { guard: 'codeComplete', target: 'deleting', actions: assign({ deletionCode: ({ event }) => event.code, deletionError: null }) },
                  { actions: assign({ deletionError: 'common.access.form.maxCode' }) },
                ],
                'deletion.resend': 'resending',
                'deletion.cancel': { target: '#profile.ready.idle', actions: 'clearDeletion' },
              },
            },
            resending: {
              invoke: {
                src: 'requestDeletionCode',
                input: ({ context }) => ({ secret: context.deletionSecret }),
                onDone: { target: 'entering', actions: [assign({ phoneLast4: ({ event }) => event.output.phoneLast4, deletionError: null }), { type: 'notifySuccess', params: { key: 'access.code.resentSms' } }] },
                onError: { target: 'entering', actions: assign({ deletionError: ({ event }) => failureOf(event.error, 'profile.delete.codeError').key }) },
              },
            },
            deleting: {
              invoke: {
                src: 'deleteAccount',
                input: ({ context }) => ({ secret: context.deletionSecret ?? '', code: context.deletionCode ?? '' }),
                onDone: { target: '#profile.deleted', actions: [assign({ kept: ({ event }) => event.output.kept, deletionCode: null, deletionSecret: null }), 'accountDeleted'] },
                onError: { target: 'entering', actions: assign({ deletionError: ({ event }) => failureOf(event.error, 'profile.delete.error').key, deletionCode: null }) },
              },
            },
          },
        },
      },
    },
    deleted: {
      description: "'Conta excluída': what was kept and why; every session already ended, 'Sair' leaves.",
      on: { 'deleted.leave': { target: 'left', actions: 'logOut' } },
    },
    left: { type: 'final', description: 'The journey logs out.' },
  },
});
