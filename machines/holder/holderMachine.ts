import { assign, setup } from 'xstate';
import { failureOf } from '#shared/failure';
import type { MessageKey } from '#shared/messages';
import type { ConsumerFormValues, ConsumerSubmission } from '#shared/contract/payloads';
import type { ConsumerForm } from '#shared/contract/rules';
import { notProvided } from '../notProvided';

/**
 * The holder data and the contracts' generation on the booking screen (spec §4 "Consumer data
 * save", §5 "Holder form", §7 create_contracts): load whether the contracts exist and the data
 * given so far -> closed (or 'generated', contracts ready) -> opened by the documents' confirm or
 * the customer -> the form (holder, someone else's bill, or a company's representative) -> save
 * the owner (and the legitimate) -> generate the contracts ('Contratos gerados!') -> the signature
 * screen. A failure keeps the form as typed with 'Erro ao salvar' or 'Erro ao gerar contratos!'.
 */

export interface HolderPageData {
  form: ConsumerForm;
  initial: Partial<ConsumerFormValues>;
  /** the contracts are already generated: the data is fixed, the next stop is the signature screen */
  generated: boolean;
}

export interface HolderContext {
  data: HolderPageData | null;
  submission: ConsumerSubmission | null;
  error: MessageKey | null;
}

export type HolderEvent =
  | { type: 'page.retry' }
  | { type: 'consumer.open' }
  | { type: 'consumer.cancel' }
  | { type: 'consumer.submit'; submission: ConsumerSubmission }
  | { type: 'contracts.open' };

/** The data given before (the form puts its masks on, and the date back to day/month/year). */
export function initialValues(owner: Partial<Record<keyof ConsumerFormValues, string | null | undefined>> | null): Partial<ConsumerFormValues> {
  if (!owner) return {};
  const values: Partial<ConsumerFormValues> = {};
  for (const key of ['name', 'document_value', 'email', 'phone', 'date_of_birth', 'occupation', 'marital_status'] as const) {
    const value = owner[key];
    if (value) values[key] = value;
  }
  return values;
}

export const holderMachine = setup({
  types: { context: {} as HolderContext, events: {} as HolderEvent },
  actors: {
    /** GET /portal/customers (kind), /portal/customers/bills/owners and /portal/customers/contracts */
    loadConsumer: notProvided<HolderPageData>('loadConsumer'),
    /** PATCH /portal/customers/bills/owners, then POST portal/customers/legitimates for a company */
    saveConsumer: notProvided<unknown, ConsumerSubmission>('saveConsumer'),
    /** POST portal/customers/create_contracts */
    createContracts: notProvided<unknown, ConsumerSubmission>('createContracts'),
  },
  actions: {
    /** the contracts moved the process to CONTRACT: the side navigation reloads its steps */
    menuChanged: () => {},
    /** the journey goes to /pt/customers-signature */
    goToSignature: () => {},
    notifySuccess: (_, _params: { key: MessageKey }) => {},
    notifyError: (_, _params: { key: MessageKey }) => {},
  },
  guards: {
    generated: ({ context }) => context.data?.generated ?? false,
  },
}).createMachine({
  id: 'holder',
  description: "The holder data on the booking screen, then the contracts' generation and the way to the signature screen.",
  context: { data: null, submission: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadConsumer',
        onDone: { target: 'deciding', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { description: 'The data could not be read: a retry.', on: { 'page.retry': 'loading' } },
    deciding: { always: [{ guard: 'generated', target: 'generated' }, { target: 'closed' }] },
    closed: {
      description: "The form waits for the documents' confirm, or the customer's 'Preencher dados do titular'.",
      on: { 'consumer.open': { target: 'editing', actions: assign({ error: null }) } },
    },
    editing: {
      description: 'The holder form in its modal: Continuar once the terms are ticked.',
      on: {
        'consumer.cancel': 'closed',
        'consumer.submit': { target: 'saving', actions: assign({ submission: ({ event }) => event.submission, error: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'saveConsumer',
        input: ({ context }) => context.submission!,
        onDone: { target: 'generating', actions: { type: 'notifySuccess', params: { key: 'consumer.save.success' } } },
        // the toast says 'Erro ao salvar'; the form says why when the server said it (a CPF it refused), else 'Algo deu errado.' (spec §5)
        onError: { target: 'editing', actions: [assign({ error: ({ event }) => failureOf(event.error, 'consumer.error.generic').key }), { type: 'notifyError', params: { key: 'consumer.save.error' } }] },
      },
    },
    generating: {
      invoke: {
        src: 'createContracts',
        input: ({ context }) => context.submission!,
        onDone: { target: 'generated', actions: [{ type: 'notifySuccess', params: { key: 'contract.generated' } }, 'menuChanged', 'goToSignature'] },
        onError: { target: 'editing', actions: [assign({ error: 'contract.generate.error' }), { type: 'notifyError', params: { key: 'contract.generate.error' } }] },
      },
    },
    generated: {
      description: 'The contracts are ready: the way to the signature screen.',
      on: { 'contracts.open': { actions: 'goToSignature' } },
    },
  },
});
