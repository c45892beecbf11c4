import { assign, setup } from 'xstate';
import type { MessageKey } from '#shared/messages';
import type { ContractItem, ContractsResponse } from '#shared/contract/payloads';
import { canSign, installationCanFollow, signingStep } from '#shared/contract/rules';
import { notProvided } from '../notProvided';

/**
 * The contracts page (spec §2 "Contracts page", §4 "Signing", "Terms of use", "'Acompanhe sua
 * instalação'"): load the contracts -> none yet: back to the booking screen; otherwise the cards.
 * Step 0: the adhesion term (or the unified contract) opens in the signing frame; step 1: the power
 * of attorney; step 2: the terms of use, whose accept waits until their text is scrolled to the
 * end (declining closes and unchecks). The frame's 'signed' message is only a hint: the frame
 * closes and the signature is re-checked on the server (check_signers). 'Sair' only closes the
 * frame. With everything signed, 'Acompanhe sua instalação' shows the intermediate view, whose
 * 'Acompanhar meu projeto' opens the customer-success case when there is none and goes to the
 * project status.
 */

export interface ContractPageData {
  customerId: number;
  hasCustomerSuccess: boolean;
  contracts: ContractItem[];
  termsAcceptedAt: string | null;
  termsContractId: string | null;
  /** the origin whose 'signed' message the page listens to */
  frameOrigin: string;
}

export interface ContractContext {
  data: ContractPageData | null;
  /** the contract in the frame */
  openId: string | null;
  /** the terms' text was scrolled to its end */
  termsRead: boolean;
  error: MessageKey | null;
}

export type ContractEvent =
  | { type: 'page.retry' }
  | { type: 'contract.open'; contractId: string }
  | { type: 'frame.signed' }
  | { type: 'frame.close' }
  | { type: 'terms.open' }
  | { type: 'terms.scrolledToEnd' }
  | { type: 'terms.accept' }
  | { type: 'terms.decline' }
  | { type: 'installation.follow' }
  | { type: 'project.follow' }
  | { type: 'steps.back' }
  | { type: 'steps.next' };

const withResponse = (data: ContractPageData, r: ContractsResponse): ContractPageData => ({
  ...data, contracts: r.contracts, termsAcceptedAt: r.terms_of_use.accepted_at, termsContractId: r.terms_of_use.contract_id, frameOrigin: r.frame_origin,
});

const opened = (c: ContractContext): ContractItem | undefined => c.data?.contracts.find((x) => x.id === c.openId);
/** The contracts with the one in the frame signed (what the server just confirmed). */
const withOpenSigned = (c: ContractContext): ContractItem[] =>
  (c.data?.contracts ?? []).map((x) => (x.id === c.openId ? { ...x, is_client_signed: true } : x));

export const contractMachine = setup({
  types: { context: {} as ContractContext, events: {} as ContractEvent },
  actors: {
    /** GET /portal/customers and /portal/customers/contracts */
    loadContracts: notProvided<ContractPageData>('loadContracts'),
    /** GET portal/check_signers/{key} */
    checkSigner: notProvided<boolean, { key: string }>('checkSigner'),
    /** PUT /portal/customers/contracts/{id}/terms-of-use */
    acceptTerms: notProvided<ContractsResponse, { contractId: string }>('acceptTerms'),
    /** POST portal/customers_success/create {client_id} */
    openFollowUp: notProvided<unknown, { clientId: number }>('openFollowUp'),
  },
  actions: {
    /** the process moved (a signature, the terms of use): the side navigation reloads its steps */
    menuChanged: () => {},
    /** the journey goes to /pt/booking-payment (no contracts yet, or 'Voltar') */
    goToBooking: () => {},
    /** the journey goes to /pt/project-status */
    goToProjectStatus: () => {},
    notifySuccess: (_, _params: { key: MessageKey }) => {},
    notifyError: (_, _params: { key: MessageKey }) => {},
    markOpenSigned: assign({ data: ({ context }) => context.data && { ...context.data, contracts: withOpenSigned(context) }, openId: null }),
  },
  guards: {
    noContracts: ({ context }) => (context.data?.contracts.length ?? 0) === 0,
    /** spec §4: the power of attorney only after the adhesion term; a signed one does not open again */
    canOpen: ({ context, event }) => {
      if (event.type !== 'contract.open' || !context.data) return false;
      const target = context.data.contracts.find((x) => x.id === event.contractId);
      return target !== undefined && canSign(context.data.contracts, target.type);
    },
    /** spec §4: the terms of use come at step 2 (both contracts signed), once */
    termsOpen: ({ context }) => context.data !== null && signingStep(context.data.contracts) === 2 && context.data.termsAcceptedAt === null && context.data.termsContractId !== null,
    termsRead: ({ context }) => context.termsRead,
    canFollow: ({ context }) => context.data !== null && installationCanFollow(context.data.contracts, context.data.termsAcceptedAt !== null),
    hasFollowUp: ({ context }) => context.data?.hasCustomerSuccess ?? false,
    /** the re-check found the contract signed and with it both contracts are */
    bothSignedNow: ({ context, event }) => {
      if (!('output' in event) || event.output !== true || !context.data) return false;
      return signingStep(context.data.contracts) < 2 && signingStep(withOpenSigned(context)) === 2;
    },
    signedNow: ({ event }) => 'output' in event && event.output === true,
  },
}).createMachine({
  id: 'contract',
  description: 'The contracts page: the adhesion term, then the power of attorney, then the terms of use; then the way to the project.',
  context: { data: null, openId: null, termsRead: false, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadContracts',
        onDone: { target: 'deciding', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { description: "'Não foi possível carregar seus contratos.' with a retry.", on: { 'page.retry': 'loading' } },
    deciding: { always: [{ guard: 'noContracts', target: 'leaving', actions: 'goToBooking' }, { target: 'contracts' }] },
    contracts: {
      description: "The cards: 'Assinado' on a signed one; the next one to sign enabled; the terms of use at step 2; 'Acompanhe sua instalação' once all is signed.",
      on: {
        'contract.open': { guard: 'canOpen', target: 'framing', actions: assign({ openId: ({ event }) => event.contractId, error: null }) },
        'terms.open': { guard: 'termsOpen', target: 'terms', actions: assign({ termsRead: false, error: null }) },
        'installation.follow': { guard: 'canFollow', target: 'followView' },
        'steps.back': { actions: 'goToBooking' },
        'steps.next': { guard: 'canFollow', target: 'followView' },
      },
    },
    framing: {
      description: "The signing frame (580 px high): 'Sair' only closes it; its 'signed' message closes it too; either way the server is asked.",
      on: { 'frame.signed': 'checking', 'frame.close': 'checking' },
    },
    checking: {
      description: 'check_signers: the server says whether the contract is signed.',
      invoke: {
        src: 'checkSigner',
        input: ({ context }) => ({ key: opened(context)?.key ?? '' }),
        onDone: [
          {
            guard: 'bothSignedNow',
            target: 'contracts',
            actions: ['markOpenSigned', { type: 'notifySuccess', params: { key: 'contract.allSigned' } }, 'menuChanged'],
          },
          {
            guard: 'signedNow',
            target: 'contracts',
            actions: ['markOpenSigned', 'menuChanged'],
          },
          { target: 'contracts', actions: assign({ openId: null }) },
        ],
        onError: { target: 'contracts', actions: [assign({ openId: null, error: 'contract.check.error' }), { type: 'notifyError', params: { key: 'contract.check.error' } }] },
      },
    },
    terms: {
      description: 'The terms of use: accept stays disabled until the text is scrolled to its end; declining closes and unchecks.',
      on: {
        'terms.scrolledToEnd': { actions: assign({ termsRead: true }) },
        'terms.accept': { guard: 'termsRead', target: 'accepting' },
        'terms.decline': { target: 'contracts', actions: assign({ termsRead: false }) },
      },
    },
    accepting: {
      invoke: {
        src: 'acceptTerms',
        input: ({ context }) => ({ contractId: context.data?.termsContractId ?? '' }),
        onDone: { target: 'contracts', actions: [assign({ data: ({ context, event }) => context.data && withResponse(context.data, event.output) }), 'menuChanged'] },
        onError: { target: 'terms', actions: [assign({ error: 'terms.error' }), { type: 'notifyError', params: { key: 'terms.error' } }] },
      },
    },
    followView: {
      description: "The intermediate view: 'Acompanhar meu projeto'.",
      on: {
        'project.follow': [
          { guard: 'hasFollowUp', target: 'leaving', actions: 'goToProjectStatus' },
          { target: 'following', actions: assign({ error: null }) },
        ],
      },
    },
    following: {
      description: 'The customer-success case is opened (none yet).',
      invoke: {
        src: 'openFollowUp',
        input: ({ context }) => ({ clientId: context.data?.customerId ?? 0 }),
        onDone: { target: 'leaving', actions: ['menuChanged', 'goToProjectStatus'] },
        onError: {
          target: 'followView',
          actions: [assign({ error: 'contract.followUp.error' }), { type: 'notifyError', params: { key: 'contract.followUp.error' } }],
        },
      },
    },
    leaving: { type: 'final', description: 'On to the booking screen or the project status.' },
  },
});
