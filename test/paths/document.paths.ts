import { definePathModel, sample } from './engine';
import { documentMachine, type Chosen, type DocumentContext, type DocumentsPageData } from '../../machines/document/documentMachine';
import type { DocumentRecord } from '#shared/document/payloads';
import { apiErrors } from './samples';

/**
 * Path model of the booking screen's documents (spec §4 "Document upload", §5 "Files"): an
 * individual or a company with nothing sent, one whose ID was denied, one whose documents are in
 * review; the files chosen (a fine one, one too large); sending answered or failing.
 */

/** what the machine reads of a chosen file: its name, size and type */
const file = (name: string, size: number, type: string): Chosen => ({ name, size, type }) as unknown as Chosen;
const record = (over: Partial<DocumentRecord>): DocumentRecord => ({
  id: 5, name: 'Documento de identidade', type: 'DOCUMENT', status: 'PENDING', file_name: 'rg.png', has_back: false, justification: null,
  created_at: '2026-11-20T13:00:00.000Z', ...over,
});
const page = (documentType: 'CPF' | 'CNPJ', documents: DocumentRecord[] = []): DocumentsPageData => ({ documentType, documents });

export const documentPaths = definePathModel({
  name: 'document',
  machine: documentMachine,
  events: {
    'file.choose': [
      sample('idFront', { type: 'file.choose', field: 'document' as const, file: file('rg.png', 900_000, 'image/png') }),
      sample('tooLarge', { type: 'file.choose', field: 'document' as const, file: file('rg.png', 12_000_000, 'image/png') }),
    ],
    'file.remove': [sample('idFront', { type: 'file.remove', field: 'document' as const })],
  },
  actors: {
    loadDocuments: {
      done: [
        sample('individualNothingSent', page('CPF')),
        sample('companyNothingSent', page('CNPJ')),
        sample('idDenied', page('CPF', [record({ status: 'DENIED', justification: 'A foto está ilegível.' })])),
        sample('inReview', page('CPF', [record({})])),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    sendDocuments: { done: [sample('sent', [record({})])], error: [sample('offline', apiErrors.offline)] },
  },
  context: (c: DocumentContext) => ({
    data: c.data && { kind: c.data.documentType, documents: c.data.documents.map((d) => `${d.type}:${d.status}`) },
    chosen: Object.keys(c.chosen).filter((k) => c.chosen[k as keyof typeof c.chosen]),
    fileErrors: c.fileErrors, error: c.error,
  }),
  checks: {
    'document.sending': (s) => (Object.values((s.context as DocumentContext).chosen).some(Boolean) ? undefined : 'sending without a file'),
  },
});
