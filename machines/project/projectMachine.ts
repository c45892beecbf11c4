import { assign, setup } from 'xstate';
import type { FaqEntry } from '#shared/faq/rules';
import type { MessageKey } from '#shared/messages';
import type { CustomerSuccessCase, UploadAnswer } from '#shared/project/payloads';
import { uploadProblem, type ChosenFile } from '#shared/upload';
import { notProvided } from '../notProvided';

/**
 * The project-status screen (spec §2 "Project-status screen", §4 "Project status order", §8): load
 * the customer's customer-success case (opened here when the customer has none yet) with the
 * project's status, the mural and the distributor's request -> the page; a failed read says 'Houve
 * erro na verificação de acompanhamento do processo' with a retry. While staff keep the upload
 * open: a file is chosen (checked as chosen: 10 MB, PDF/JPG/PNG), sent, and 'Arquivo enviado com
 * sucesso!' or 'Não foi possível enviar o arquivo'. 'Preciso de atendimento' opens the FAQ dialog,
 * whose questions (GET /faq) are read the first time it opens.
 */

/** A chosen file: the browser's File travels along untouched; the machine reads only these fields. */
export type PickedFile = ChosenFile & { blob?: unknown };

export interface ProjectPageData {
  customerId: number;
  caseView: CustomerSuccessCase;
  /** the team's WhatsApp (the company's settings): 'Preciso de atendimento' opens a chat with it */
  whatsapp: string;
  /** the case was opened by this read (the side navigation's steps change) */
  opened: boolean;
}

export interface ProjectContext {
  data: ProjectPageData | null;
  file: PickedFile | null;
  /** under the upload area: why a file cannot be (or was not) sent */
  fileError: MessageKey | null;
  faq: FaqEntry[] | null;
  faqFailed: boolean;
}

export type ProjectEvent =
  | { type: 'page.retry' }
  | { type: 'file.choose'; file: PickedFile }
  | { type: 'file.remove' }
  | { type: 'upload.send' }
  | { type: 'faq.open' }
  | { type: 'faq.close' };

export interface UploadInput { caseId: number; file: PickedFile }

/** What a refused upload says: the server's reason for that file (type, size), or nothing for a failed connection. */
export interface UploadFailure { messageKey?: MessageKey }

const refusal = (error: unknown): MessageKey | null => (error && typeof error === 'object' && 'messageKey' in error ? (error as UploadFailure).messageKey ?? null : null);

export const projectMachine = setup({
  types: { context: {} as ProjectContext, events: {} as ProjectEvent },
  actors: {
    /** GET /portal/customers, POST portal/customers_success/create when there is no case, GET .../get_messages */
    loadProject: notProvided<ProjectPageData>('loadProject'),
    /** POST portal/customers_success/{id}/upload (field file) */
    uploadFile: notProvided<UploadAnswer, UploadInput>('uploadFile'),
    /** GET /faq */
    loadFaq: notProvided<FaqEntry[]>('loadFaq'),
  },
  actions: {
    /** the case was opened: the side navigation reloads its steps (PROJECT_STATUS appears) */
    menuChanged: () => {},
    notifySuccess: (_, _params: { key: MessageKey }) => {},
    notifyError: (_, _params: { key: MessageKey }) => {},
    takeFile: assign(({ event }) => (event.type === 'file.choose' ? { file: event.file, fileError: null } : {})),
    refuseFile: assign(({ event }) => (event.type === 'file.choose' ? { fileError: uploadProblem(event.file) } : {})),
    /** the server stored it: the case as it now stands (its files), the area empty again */
    showSent: assign(({ context, event }) => {
      const answer = (event as unknown as { output: UploadAnswer }).output;
      return { data: context.data && { ...context.data, caseView: answer.case }, file: null, fileError: null };
    }),
    /** the server refused the file itself: its reason under the area, the file taken away; otherwise it stays to be sent again */
    showNotSent: assign(({ context, event }) => {
      const reason = refusal((event as unknown as { error: unknown }).error);
      return reason ? { file: null, fileError: reason } : { file: context.file, fileError: 'project.upload.error' as const };
    }),
  },
  guards: {
    /** staff opened the upload (spec §2: shown only when upload is available) */
    uploadAvailable: ({ context }) => context.data?.caseView.upload_available ?? false,
    fileAcceptable: ({ context, event }) => (context.data?.caseView.upload_available ?? false) && event.type === 'file.choose' && uploadProblem(event.file) === null,
    hasFile: ({ context }) => context.file !== null && (context.data?.caseView.upload_available ?? false),
    caseJustOpened: ({ event }) => (event as unknown as { output?: ProjectPageData }).output?.opened === true,
    faqLoaded: ({ context }) => context.faq !== null,
  },
}).createMachine({
  id: 'project',
  description: "The project-status screen: the seven steps, the mural, the upload staff ask for, and 'Preciso de atendimento'.",
  context: { data: null, file: null, fileError: null, faq: null, faqFailed: false },
  initial: 'loading',
  states: {
    loading: {
      description: "The customer, their case (opened when there is none) and the project's status.",
      invoke: {
        src: 'loadProject',
        onDone: [
          { guard: 'caseJustOpened', target: 'ready', actions: [assign({ data: ({ event }) => event.output }), 'menuChanged'] },
          { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: "'Houve erro na verificação de acompanhamento do processo' with a retry.",
      on: { 'page.retry': 'loading' },
    },
    ready: {
      description: "'Status do Projeto': the steps, the distributor's request, the 'Mural de Status', the upload while open.",
      initial: 'idle',
      states: {
        idle: {
          on: {
            'file.choose': [
              { guard: 'fileAcceptable', actions: 'takeFile' },
              { guard: 'uploadAvailable', actions: 'refuseFile' },
            ],
            'file.remove': { actions: assign({ file: null, fileError: null }) },
            'upload.send': { guard: 'hasFile', target: 'uploading' },
            'faq.open': [{ guard: 'faqLoaded', target: '#project.faq' }, { target: '#project.faqLoading' }],
          },
        },
        uploading: {
          description: 'The file goes to the server, which checks it by its content.',
          invoke: {
            src: 'uploadFile',
            input: ({ context }) => ({ caseId: context.data?.caseView.id ?? 0, file: context.file! }),
            onDone: { target: 'idle', actions: ['showSent', { type: 'notifySuccess', params: { key: 'upload.file.sent' } }] },
            onError: { target: 'idle', actions: ['showNotSent', { type: 'notifyError', params: { key: 'project.upload.error' } }] },
          },
        },
      },
    },
    faqLoading: {
      description: 'The FAQ dialog opens while its questions are read.',
      invoke: {
        src: 'loadFaq',
        onDone: { target: 'faq', actions: assign({ faq: ({ event }) => event.output, faqFailed: false }) },
        onError: { target: 'faq', actions: assign({ faqFailed: true }) },
      },
    },
    faq: {
      description: "The FAQ dialog: search 'Qual a sua pergunta?', the answers, and the team on WhatsApp.",
      on: { 'faq.close': 'ready' },
    },
  },
});
