import { fromPromise } from 'xstate';
import type { Chosen, DocumentsPageData } from '#machines/document/documentMachine';
import type { DocumentRecord } from '#shared/document/payloads';
import type { Api } from '../../api/client';

/** The document machine's side effects against the API (spec §7 documents). */
export function documentActors(getApi: () => Promise<Api>) {
  return {
    loadDocuments: fromPromise<DocumentsPageData>(async () => {
      const api = await getApi();
      const [customer, documents] = await Promise.all([api.getCustomer(), api.getDocuments()]);
      return { documentType: customer.type, documents };
    }),
    sendDocuments: fromPromise<DocumentRecord[], { files: { field: string; file: Chosen; name: string }[] }>(
      async ({ input }) => (await getApi()).sendDocuments(input.files),
    ),
  };
}
