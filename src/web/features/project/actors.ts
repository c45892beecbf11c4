import { fromPromise } from 'xstate';
import type { PickedFile, ProjectPageData, UploadFailure, UploadInput } from '#machines/project/projectMachine';
import { ErrorCode } from '#shared/errors';
import type { FaqEntry } from '#shared/faq/rules';
import type { MessageKey } from '#shared/messages';
import type { UploadAnswer } from '#shared/project/payloads';
import { CallError, type Api } from '../../api/client';

/**
 * Why the server refused the file itself (413 too large, 415 not a PDF/JPG/PNG by its content, 4005
 * empty, 4131 too many pixels, 4294 quota), as the key shown under the upload area; nothing for a
 * failed connection or server trouble (the file stays, to be sent again).
 */
function refusedFile(error: unknown): MessageKey | undefined {
  if (!(error instanceof CallError)) return undefined;
  if (error.body?.code === ErrorCode.UPLOAD_IMAGE_TOO_LARGE) return 'upload.image.tooLarge';
  if (error.body?.code === ErrorCode.UPLOAD_QUOTA) return 'upload.quota';
  if (error.body?.code === ErrorCode.UPLOAD_EMPTY) return 'upload.file.empty';
  if (error.status === 413) return 'upload.file.tooLarge';
  if (error.status === 415) return 'upload.file.unsupported';
  return undefined;
}

/** The project-status machine's side effects against the API (spec §7 customer success, GET /faq). */
export function projectActors(getApi: () => Promise<Api>) {
  return {
    loadProject: fromPromise<ProjectPageData>(async () => {
      const api = await getApi();
      const [customer, contact] = await Promise.all([api.getCustomer(), api.getSupportContact()]);
      // a customer who reaches the screen without 'Acompanhar meu projeto' has their case opened here (spec §4)
      const known = customer.customer_success?.id ?? null;
      const id = known ?? (await api.createCustomerSuccess(customer.id)).id;
      return { customerId: customer.id, caseView: await api.getCustomerSuccess(id), whatsapp: contact.whatsapp, opened: known === null };
    }),
    uploadFile: fromPromise<UploadAnswer, UploadInput>(async ({ input }) => {
      try {
        return await (await getApi()).uploadProjectFile(input.caseId, (input.file as PickedFile).blob as Blob, input.file.name);
      } catch (e) {
        throw { messageKey: refusedFile(e) } satisfies UploadFailure;
      }
    }),
    loadFaq: fromPromise<FaqEntry[]>(async () => (await getApi()).getFaq()),
  };
}
