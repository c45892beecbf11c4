import { definePathModel, sample } from './engine';
import {
  projectMachine, type PickedFile, type ProjectPageData, type ProjectContext,
} from '../../machines/project/projectMachine';
import { MAX_UPLOAD_BYTES } from '#shared/bill/rules';
import type { CustomerSuccessCase, UploadAnswer } from '#shared/project/payloads';
import { FAQ_ENTRIES } from '#shared/faq/rules';
import { apiErrors } from './samples';

/**
 * Path model of the project-status screen (spec §2, §4, §8): a customer whose case is opened by
 * this visit, one whose project is with the distributor (and past its deadline) with the upload
 * open, and one whose upload is closed; files that fit and files that do not; the server storing
 * a file, refusing it by its content, or out of reach; the FAQ read, or not.
 */
const file = (name: string, size: number, type: string): PickedFile => ({ name, size, type });

const baseCase = (over: Partial<CustomerSuccessCase> = {}): CustomerSuccessCase => ({
  id: 31, client_id: 7, status: 'OPEN', upload_available: false, project_status: null, messages: [], dealership: null, files: [], ...over,
});
const page = (caseView: CustomerSuccessCase, opened = false): ProjectPageData => ({ customerId: 7, caseView, whatsapp: '5511900000000', opened });

/** At the distributor, overdue, two mural messages, the upload open. */
const withDistributor = baseCase({
  upload_available: true, project_status: 'PROJECT_SUBMITTED_TO_DEALERSHIP',
  messages: [
    { id: 2, message: 'Precisamos de uma foto do padrão de entrada.', created_at: '2026-03-20T12:00:00.000Z' },
    { id: 1, message: 'Projeto protocolado na distribuidora.', created_at: '2026-03-02T15:00:00.000Z' },
  ],
  dealership: {
    stage: 'PROJECT_SUBMITTED_TO_DEALERSHIP', current: true, protocol: 'OC-2026-000123', distributor: 'Enel SP', filed_on: '2026-03-02',
    deadline_days: 15, deadline_unit: 'CALENDAR', due_on: '2026-03-17', days_elapsed: 19, overdue: true,
  },
});
const sent: UploadAnswer = {
  file: { id: 5, name: 'padrao.png', created_at: '2026-03-21T10:00:00.000Z' },
  case: { ...withDistributor, files: [{ id: 5, name: 'padrao.png', created_at: '2026-03-21T10:00:00.000Z' }] },
};

export const projectPaths = definePathModel({
  name: 'project',
  machine: projectMachine,
  events: {
    // a file is chosen only where the page shows the upload (staff opened it), and removed only once chosen
    'file.choose': (snapshot) => ((snapshot.context as ProjectContext).data?.caseView.upload_available ? [
      sample('photo', { type: 'file.choose' as const, file: file('padrao.png', 62_696, 'image/png') }),
      sample('tooLarge', { type: 'file.choose' as const, file: file('video.png', MAX_UPLOAD_BYTES + 1, 'image/png') }),
      sample('spreadsheet', { type: 'file.choose' as const, file: file('planilha.xlsx', 20_000, 'application/vnd.ms-excel') }),
    ] : []),
    'file.remove': (snapshot) => ((snapshot.context as ProjectContext).file ? [sample('remove', { type: 'file.remove' as const })] : []),
  },
  actors: {
    loadProject: {
      done: [
        sample('justOpened', page(baseCase(), true)),
        sample('withDistributor', page(withDistributor)),
        sample('uploadClosed', page(baseCase({ project_status: 'EQUIPMENT_DISPATCHED', messages: [{ id: 9, message: 'Equipamentos despachados.', created_at: '2026-04-01T09:00:00.000Z' }] }))),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    uploadFile: {
      done: [sample('stored', sent)],
      error: [sample('offline', apiErrors.offline), sample('refusedByContent', { messageKey: 'upload.file.unsupported' as const })],
    },
    loadFaq: { done: [sample('questions', [...FAQ_ENTRIES])], error: [sample('offline', apiErrors.offline)] },
  },
  context: (c: ProjectContext) => ({
    status: c.data?.caseView.project_status ?? null, upload: c.data?.caseView.upload_available ?? null, files: c.data?.caseView.files.length ?? null,
    file: c.file?.name ?? null, fileError: c.fileError, faq: c.faq !== null, faqFailed: c.faqFailed,
  }),
  checks: {
    // nothing is sent while staff keep the upload closed, nor without a file that fits
    'project.ready.uploading': (s) => {
      const c = s.context as ProjectContext;
      return c.data?.caseView.upload_available && c.file ? undefined : 'sending without an open upload or a file';
    },
    'project.ready': (s) => {
      const c = s.context as ProjectContext;
      return c.file && !c.data?.caseView.upload_available ? 'a file chosen while the upload is closed' : undefined;
    },
  },
});
