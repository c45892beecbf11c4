import { assign, setup } from 'xstate';
import { failureOf } from '#shared/failure';
import type { MessageKey } from '#shared/messages';
import type { DocumentRecord } from '#shared/document/payloads';
import { missingRequired, openSlots, type DocumentSlot } from '#shared/document/rules';
import type { ChosenFile } from '#shared/upload';
import { uploadProblem } from '#shared/upload';
import { notProvided } from '../notProvided';

/**
 * The documents card of the booking screen (spec §4 "Document upload", §5 "Files"): load the
 * customer's documents -> the slots still open (none sent, or denied: the upload area opens again
 * with the reason) take one file each, checked as chosen; a company sends only when all three are
 * chosen, an individual needs the front. Sending disables the button with a spinner until the
 * server answers, then 'Documento enviado com sucesso!'; its confirm reloads the documents. With
 * every document in review or approved, their statuses show.
 */

export interface DocumentsPageData {
  documentType: 'CPF' | 'CNPJ';
  documents: DocumentRecord[];
}

/** A chosen file: the browser's File travels as is (the machine reads only its name, size and type). */
export type Chosen = ChosenFile & Blob;

export interface DocumentContext {
  data: DocumentsPageData | null;
  chosen: Partial<Record<DocumentSlot['field'], Chosen>>;
  /** a chosen file's problem, by field */
  fileErrors: Partial<Record<DocumentSlot['field'], MessageKey>>;
  error: MessageKey | null;
}

export type DocumentEvent =
  | { type: 'page.retry' }
  | { type: 'file.choose'; field: DocumentSlot['field']; file: Chosen }
  | { type: 'file.remove'; field: DocumentSlot['field'] }
  | { type: 'documents.submit' }
  | { type: 'dialog.confirm' };

const slotsOf = (data: DocumentsPageData | null) => (data ? openSlots(data.documentType, data.documents) : []);

export const documentMachine = setup({
  types: { context: {} as DocumentContext, events: {} as DocumentEvent },
  actors: {
    /** GET /portal/customers (kind) and /portal/customers/documents */
    loadDocuments: notProvided<DocumentsPageData>('loadDocuments'),
    /** POST /portal/customers/documents */
    sendDocuments: notProvided<DocumentRecord[], { files: { field: string; file: Chosen; name: string }[] }>('sendDocuments'),
  },
  actions: {
    notifyError: (_, _params: { key: MessageKey }) => {},
    /** spec §4: the confirm of 'Documento enviado com sucesso!' reopens the holder-data flow */
    openHolderData: () => {},
  },
  guards: {
    slotsOpen: ({ context }) => slotsOf(context.data).length > 0,
    fileAcceptable: ({ event }) => event.type === 'file.choose' && uploadProblem(event.file) === null,
    requiredChosen: ({ context }) => missingRequired(slotsOf(context.data), new Set(Object.keys(context.chosen))).length === 0,
  },
}).createMachine({
  id: 'document',
  description: "The booking screen's documents: the open slots, one file each, sent together; then their statuses.",
  context: { data: null, chosen: {}, fileErrors: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadDocuments',
        onDone: { target: 'deciding', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { description: "'Não foi possível carregar seus documentos.' with a retry.", on: { 'page.retry': 'loading' } },
    deciding: {
      always: [{ guard: 'slotsOpen', target: 'choosing' }, { target: 'reviewing' }],
    },
    choosing: {
      description: 'The open slots; a denied document shows why and takes a new file.',
      on: {
        'file.choose': [
          {
            guard: 'fileAcceptable',
            actions: assign({
              chosen: ({ context, event }) => ({ ...context.chosen, [event.field]: event.file }),
              fileErrors: ({ context, event }) => ({ ...context.fileErrors, [event.field]: undefined }),
              error: null,
            }),
          },
          { actions: assign({ fileErrors: ({ context, event }) => ({ ...context.fileErrors, [event.field]: uploadProblem(event.file) ?? undefined }) }) },
        ],
        'file.remove': { actions: assign({ chosen: ({ context, event }) => ({ ...context.chosen, [event.field]: undefined }) }) },
        'documents.submit': [
          { guard: 'requiredChosen', target: 'sending', actions: assign({ error: null }) },
          // spec §8: 'Insira todos os documentos necessários!' (a company's three) / 'Insira o documento necessário!'
          { actions: assign({ error: ({ context }) => (context.data?.documentType === 'CNPJ' ? 'document.required.all' : 'document.required.one') }) },
        ],
      },
    },
    sending: {
      description: 'The button is disabled with a spinner until the server answers.',
      invoke: {
        src: 'sendDocuments',
        input: ({ context }) => ({
          files: slotsOf(context.data).flatMap((slot) => {
            const file = context.chosen[slot.field];
            return file ? [{ field: slot.field, file, name: file.name }] : [];
          }),
        }),
        onDone: {
          target: 'sent',
          actions: assign({ data: ({ context, event }) => context.data && { ...context.data, documents: event.output }, chosen: {} }),
        },
        onError: {
          target: 'choosing',
          // nothing is lost: the chosen files stay for another try
          actions: [
            assign({ error: ({ event }) => failureOf(event.error, 'bill.upload.error').key }),
            { type: 'notifyError', params: { key: 'bill.upload.error' } },
          ],
        },
      },
    },
    sent: {
      description: "'Documento enviado com sucesso!': it will be analysed and the customer told by e-mail.",
      on: { 'dialog.confirm': { target: 'loading', actions: 'openHolderData' } },
    },
    reviewing: {
      description: "Every document in review ('Em análise') or approved ('Aprovado').",
      on: { 'page.retry': 'loading' },
    },
  },
});
