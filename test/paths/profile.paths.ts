import type { AnyMachineSnapshot } from 'xstate';
import { definePathModel, sample } from './engine';
import { profileMachine, type ProfileContext, type ProfileData } from '../../machines/profile/profileMachine';
import type { ContractItem } from '#shared/contract/payloads';
import type { CustomerProfile } from '#shared/customer/payloads';
import type { Invoice } from '#shared/payment/payloads';
import type { Card, SessionItem } from '#shared/profile/payloads';
import type { StepStatus, StepType } from '../../src/shared/steps';
import { apiErrors, companyCustomer, customerAt, lendingCustomer, subscriptionCustomer } from './samples';

/**
 * Path model of 'Meu perfil' (spec §2 "Profile page", §4 "Contract step (profile)", "Card update"):
 * who opens it (a subscriber with a card, a new customer, a company on boleto, buyers before and
 * after their signatures, a financing buyer), what they do (personal data valid, invalid or
 * unchanged; a card complete or not; a sign button; the payment button; the copy; the deletion with
 * a code; the e-mail's change with its two codes; another session or all of them ended with an SMS
 * code) and what the provider and the server answer.
 */

const visaCard: Card = { brand: 'VISA', brand_name: 'Visa', number: '•••• •••• •••• 1111', last4: '1111', holder: 'Ana Souza', due: '12/2030' };
const masterCard: Card = { brand: 'MASTER', brand_name: 'Mastercard', number: '•••• •••• •••• 4444', last4: '4444', holder: 'Bruna Costa', due: '08/2031' };
const contract = (type: ContractItem['type'], signed: boolean, id: string): ContractItem => ({
  id, type, name: type === 'POWER_OF_ATTORNEY' ? 'Procuração' : type === 'PURCHASE_CONTRACT' ? 'Contrato de compra' : 'Termo de Adesão',
  key: `key-${id}-0123456789abcdef`, url: `/sign/key-${id}?embedded=true&origin=http%3A%2F%2Fportal.test`, is_client_signed: signed,
  signed_at: signed ? '2026-11-25T10:00:00.000Z' : null, file_url: `/api/v1/portal/customers/contracts/${id}/file`,
});
const PURCHASE = '33333333-3333-4333-8333-333333333333';
const PROCURATION = '44444444-4444-4444-8444-444444444444';
const purchasePair = (a: boolean, p: boolean) => [contract('PURCHASE_CONTRACT', a, PURCHASE), contract('POWER_OF_ATTORNEY', p, PROCURATION)];

const buyerAt = (step: StepType, status: StepStatus = 'NOT_DONE', paymentType: 'CASH_PURCHASE' | 'FINANCING' = 'CASH_PURCHASE'): CustomerProfile =>
  ({ ...customerAt(lendingCustomer.id, lendingCustomer.name, 'LENDING', step, status), payment_type: paymentType });

/** This browser's session, and one from a phone (the subscriber signed in there too). */
const THIS_SESSION: SessionItem = { id: '55555555-5555-4555-8555-555555555555', browser: 'Chrome', os: 'Linux', created_at: '2026-11-20T12:00:00.000Z', last_used_at: '2026-11-28T12:00:00.000Z', current: true };
export const PHONE_SESSION: SessionItem = { id: '66666666-6666-4666-8666-666666666666', browser: 'Chrome', os: 'Android', created_at: '2026-11-21T12:00:00.000Z', last_used_at: '2026-11-27T12:00:00.000Z', current: false };

const page = (customer: CustomerProfile, over: Partial<ProfileData> = {}): ProfileData => ({
  customer, visit: null, plan: null, purchase: null, billing: { method: 'CARD', card: null }, documents: [], contracts: [], frameOrigin: 'http://portal.test',
  invoice: null, sessions: [THIS_SESSION], ...over,
});
const subscriber = page({ ...subscriptionCustomer, selected_client_plan: { plan: { name: 'Plano 20 anos' }, price: 206.54 } }, {
  billing: { method: 'CARD', card: visaCard }, sessions: [THIS_SESSION, PHONE_SESSION],
  contracts: [contract('ADHESION_TERM', true, '11111111-1111-4111-8111-111111111111'), contract('POWER_OF_ATTORNEY', true, '22222222-2222-4222-8222-222222222222')],
});
const invoice: Invoice = {
  invoice_status: 'PENDING', invoice_url: '/api/v1/payments-sandbox/invoices/abc', total: 24990, due_date: '2026-12-02', digitable_line: null, pix_code: null, paid_at: null,
};

const saved = { ...subscriptionCustomer, name: 'Ana Souza Lima' };
const emailChanged = { ...subscriptionCustomer, email: 'ana.nova@example.com.br' };
const unchanged = (s: AnyMachineSnapshot) => {
  const customer = (s.context as ProfileContext).data?.customer;
  return customer ? [sample('unchanged', { type: 'personal.save' as const, name: customer.name, email: customer.email })] : [];
};

export const profilePaths = definePathModel({
  name: 'profile',
  machine: profileMachine,
  events: {
    'personal.save': (s) => [
      // the form sends the e-mail as it is: it changes only through 'Trocar e-mail'
      ...((s.context as ProfileContext).data ? [
        sample('newName', { type: 'personal.save' as const, name: 'Ana Souza Lima', email: (s.context as ProfileContext).data!.customer.email }),
        sample('tooShort', { type: 'personal.save' as const, name: 'A', email: (s.context as ProfileContext).data!.customer.email }),
      ] : []),
      ...unchanged(s),
    ],
    'email.sendCodes': [sample('newEmail', { type: 'email.sendCodes', email: 'ANA.NOVA@example.com.br' }), sample('notAnEmail', { type: 'email.sendCodes', email: 'ana@' })],
    'email.confirm': [
      sample('bothCodes', { type: 'email.confirm', emailCode: '123456', smsCode: '654321' }),
      sample('smsMissing', { type: 'email.confirm', emailCode: '123456', smsCode: '' }),
    ],
    'card.submit': [
      sample('newCard', { type: 'card.submit', card: { number: '5555 5555 5555 4444', holder: 'Bruna Costa', month: '08', year: '2031', cvv: '321' } }),
      sample('withoutCvv', { type: 'card.submit', card: { number: '5555 5555 5555 4444', holder: 'Bruna Costa', month: '08', year: '2031', cvv: '' } }),
    ],
    'contract.sign': [sample('purchaseContract', { type: 'contract.sign', contract: 'PURCHASE_CONTRACT' }), sample('procuration', { type: 'contract.sign', contract: 'POWER_OF_ATTORNEY' })],
    'deletion.confirm': [sample('smsCode', { type: 'deletion.confirm', code: '123456' }), sample('fourDigits', { type: 'deletion.confirm', code: '1234' })],
    'sessions.end': [sample('phone', { type: 'sessions.end', sessionId: PHONE_SESSION.id }), sample('allOthers', { type: 'sessions.end', sessionId: null })],
    'sessions.confirm': [sample('smsCode', { type: 'sessions.confirm', code: '123456' }), sample('fourDigits', { type: 'sessions.confirm', code: '1234' })],
  },
  actors: {
    loadProfile: {
      done: [
        sample('subscriber', subscriber),
        sample('company', page({ ...companyCustomer, selected_client_plan: { plan: { name: 'Plano 20 anos' }, price: 980 } }, { billing: { method: 'BOLETO', day: 15 } })),
        sample('buyer', page(buyerAt('CONTRACT'), { billing: { method: 'PURCHASE' }, contracts: purchasePair(false, false) })),
        sample('buyerSigned', page(buyerAt('CONTRACT'), { billing: { method: 'PURCHASE' }, contracts: purchasePair(true, true) })),
        sample('buyerContractSigned', page(buyerAt('CONTRACT'), { billing: { method: 'PURCHASE' }, contracts: purchasePair(true, false) })),
        sample('buyerBeforeContracts', page(buyerAt('CONTRACT'), { billing: { method: 'PURCHASE' } })),
        sample('buyerNotAtContract', page(buyerAt('PROPOSAL_FINAL', 'PENDING'), { billing: { method: 'PURCHASE' }, contracts: purchasePair(false, false) })),
        sample('financingSigned', page(buyerAt('CONTRACT', 'NOT_DONE', 'FINANCING'), { billing: { method: 'PURCHASE' }, contracts: purchasePair(true, true) })),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    saveProfile: {
      done: [sample('saved', saved)],
      error: [sample('offline', apiErrors.offline)],
    },
    requestEmailChangeCodes: {
      done: [sample('sent', { secret: 'email-secret-0123456789abcdef', email: 'ana.nova@example.com.br', phoneLast4: '4321' })],
      error: [sample('emailInUse', { status: 409, body: { code: 1005, message: 'Esse email já está associado a outra conta.', field: 'email' } })],
    },
    changeEmail: {
      done: [sample('changed', emailChanged)],
      error: [sample('wrongSmsCode', { status: 400, body: { code: 3000, message: 'Código inválido', field: 'sms_code' } })],
    },
    requestSessionsCode: {
      done: [sample('sent', { secret: 'sessions-secret-0123456789abcdef', phoneLast4: '4321' })],
      error: [sample('offline', apiErrors.offline)],
    },
    endSessions: {
      done: [sample('ended', { ended: 1, data: [THIS_SESSION] })],
      error: [sample('wrongCode', apiErrors.wrongCode), sample('alreadyEnded', { status: 404, body: { code: 4040, message: 'x' } })],
    },
    tokenizeCard: {
      done: [
        sample('token', { id: 'tok_sample', method: 'credit_card' as const, test: true, extra_info: { brand: 'MASTER', holder_name: 'Bruna Costa', display_number: 'XXXX-XXXX-XXXX-4444', month: 8, year: 2031 } }),
        sample('numberFlagged', { errors: { number: 'is_invalid' as const } }),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    replaceCard: {
      done: [sample('replaced', masterCard)],
      error: [
        sample('declined', { status: 422, body: { code: 4222, message: 'O cartão foi recusado pela operadora. Confira os dados ou use outro cartão.' } }),
        sample('providerDown', { status: 502, body: { code: 5020, message: 'x' } }),
        sample('offline', apiErrors.offline),
      ],
    },
    loadCard: { done: [sample('reloaded', masterCard)], error: [sample('offline', apiErrors.offline)] },
    checkSigner: { done: [sample('signed', true), sample('notSigned', false)], error: [sample('offline', apiErrors.offline)] },
    createInvoice: {
      done: [sample('issued', invoice)],
      error: [sample('procurationMissing', { status: 409, body: { code: 4090, message: 'x' } }), sample('offline', apiErrors.offline)],
    },
    exportData: { done: [sample('downloaded', {})], error: [sample('offline', apiErrors.offline)] },
    requestDeletionCode: {
      done: [sample('sent', { secret: 'deletion-secret-0123456789abcdef', phoneLast4: '4321' })],
      error: [sample('tooSoon', { status: 429, body: { code: 4290, message: 'x', retry_after_s: 30 } })],
    },
    deleteAccount: {
      done: [sample('deleted', { deleted: true as const, kept: ['contracts' as const, 'payments' as const, 'deletion' as const] })],
      error: [sample('wrongCode', apiErrors.wrongCode)],
    },
  },
  context: (c: ProfileContext) => ({
    data: c.data && {
      id: c.data.customer.id, payment: c.data.customer.payment_type, name: c.data.customer.name, card: c.data.billing.method === 'CARD' ? c.data.billing.card?.last4 ?? null : c.data.billing.method,
      contracts: c.data.contracts.map((x) => `${x.type}:${x.is_client_signed}`), invoice: c.data.invoice, steps: c.data.customer.steps.length,
    },
    pending: c.pending !== null, personalErrors: Object.keys(c.personalErrors).length > 0, personalNote: c.personalNote !== null,
    card: c.card !== null, token: c.token !== null, flagged: c.flagged.length > 0, cardError: c.cardError,
    openId: c.openId, refusal: c.refusal, deletion: [c.deletionSecret !== null, c.deletionCode !== null, c.phoneLast4 !== null, c.deletionError !== null], kept: c.kept.length,
    email: c.data?.customer.email ?? null, emailChange: c.emailChange && [c.emailChange.secret !== null, c.emailChange.email], emailCodes: c.emailCodes !== null,
    emailError: c.emailError,
    sessions: c.data?.sessions.length ?? 0, sessionsEnd: c.sessionsEnd && [c.sessionsEnd.sessionId, c.sessionsEnd.secret !== null], sessionsCode: c.sessionsCode !== null,
    sessionsError: c.sessionsError,
  }),
  checks: {
    'profile.ready.framing': (s) => ((s.context as ProfileContext).openId ? undefined : 'a frame without a contract'),
    'profile.ready.notNow': (s) => ((s.context as ProfileContext).refusal ? undefined : 'the dialog says no reason'),
    'profile.ready.card.saving': (s) => ((s.context as ProfileContext).card === null ? undefined : 'the card is still held once tokenized'),
    'profile.ready.idle': (s) => ((s.context as ProfileContext).card === null && (s.context as ProfileContext).token === null ? undefined : 'a card or token held outside the dialog'),
    'profile.ready.email.entering': (s) => ((s.context as ProfileContext).emailCodes === null ? undefined : 'the codes are kept once checked'),
    'profile.ready.email.confirming': (s) => {
      const c = s.context as ProfileContext;
      return c.emailChange?.secret && c.emailCodes ? undefined : 'confirming without the request\'s secret or its codes';
    },
    'profile.ready.sessions.ending': (s) => {
      const c = s.context as ProfileContext;
      return c.sessionsEnd?.secret && c.sessionsCode ? undefined : 'ending sessions without the request\'s secret or its code';
    },
    'profile.ready.sessions.entering': (s) => ((s.context as ProfileContext).sessionsCode === null ? undefined : 'the code is kept once checked'),
    'profile.deleted': (s) => ((s.context as ProfileContext).kept.includes('deletion') && (s.context as ProfileContext).deletionCode === null ? undefined : 'deleted without its record, or with the code kept'),
  },
});
