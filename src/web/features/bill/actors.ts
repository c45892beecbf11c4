import { fromCallback, fromPromise } from 'xstate';
import { billNotReceived, type BillPageData, type PickedFile, type UploadInput } from '#machines/bill/billMachine';
import { ErrorCode } from '#shared/errors';
import type { MessageKey } from '#shared/messages';
import { CallError, type Api } from '../../api/client';

/**
 * Why an upload failed, as a catalogue key. When the server refused the file itself (413 too
 * large, 415 not a PDF/JPG/PNG by its content, 4005 empty, 4131 too many pixels, 4294 quota), `refused` names it so the machine shows
 * the message under that file; otherwise (connection, server trouble) the fallback under the form.
 */
function uploadFailure(error: unknown, fallback: MessageKey, file: 'bill' | 'badge'): { type: 'upload.failed'; message: MessageKey; refused?: 'bill' | 'badge' } {
  // the server's own reason first: an image over the pixel limit, the customer's upload quota, no partnership
  if (error instanceof CallError && error.body?.code === ErrorCode.UPLOAD_IMAGE_TOO_LARGE) return { type: 'upload.failed', message: 'upload.image.tooLarge', refused: file };
  if (error instanceof CallError && error.body?.code === ErrorCode.UPLOAD_QUOTA) return { type: 'upload.failed', message: 'upload.quota', refused: file };
  if (error instanceof CallError && error.body?.code === ErrorCode.PARTNERSHIP_REQUIRED) return { type: 'upload.failed', message: 'partnership.badge.notPartner', refused: file };
  if (error instanceof CallError && error.status === 413) return { type: 'upload.failed', message: 'upload.file.tooLarge', refused: file };
  if (error instanceof CallError && error.status === 415) return { type: 'upload.failed', message: 'upload.file.unsupported', refused: file };
  if (error instanceof CallError && error.body?.code === ErrorCode.UPLOAD_EMPTY) return { type: 'upload.failed', message: 'upload.file.empty', refused: file };
  return { type: 'upload.failed', message: fallback };
}

/** The bill machine's side effects against the API (spec §7 bill, simulation, partnership calls). */
export function billActors(getApi: () => Promise<Api>) {
  return {
    loadBillPage: fromPromise<BillPageData>(async () => {
      const api = await getApi();
      // both at once; a failed customer read names the page, a failed bill read the bill (spec §8)
      const [customerRead, billsRead] = await Promise.allSettled([api.getCustomer(), api.getBills()]);
      if (customerRead.status === 'rejected') throw customerRead.reason;
      if (billsRead.status === 'rejected') throw billNotReceived(billsRead.reason);
      const customer = customerRead.value;
      const bills = billsRead.value;
      const partnership = customer.has_partnership ? await api.getPartnership(customer.id) : null;
      return { customer, bills, badgeSent: Boolean(partnership?.url) };
    }),
    loadBills: fromPromise(async () => (await getApi()).getBills()),
    requestSimulation: fromPromise(async ({ input }: { input: { bill_value: number; deadline_years: number; nivel: 'MAX' } }) =>
      (await getApi()).simulatePlan(input)),
    createCustomerSuccess: fromPromise<unknown, { client_id: number }>(async ({ input }) => (await getApi()).createCustomerSuccess(input.client_id)),
    uploadBadge: fromPromise<unknown, { customerId: number; badge: PickedFile }>(async ({ input }) => {
      try {
        return await (await getApi()).uploadEmployeeBadge(input.customerId, input.badge.blob as Blob, input.badge.name);
      } catch (e) {
        throw { messageKey: uploadFailure(e, 'partnership.badge.error', 'badge').message };
      }
    }),
    uploadBill: fromCallback<{ type: string }, UploadInput>(({ sendBack, input }) => {
      let live = true;
      const send = (e: Parameters<typeof sendBack>[0]) => { if (live) sendBack(e); };
      void (async () => {
        const api = await getApi();
        // the badge takes the first fifth of the bar when both are sent
        const share = input.badge ? 0.2 : 0;
        if (input.badge) {
          try {
            await api.uploadEmployeeBadge(input.customerId, input.badge.blob as Blob, input.badge.name, (r) => send({ type: 'upload.progress', ratio: r * share }));
          } catch (e) {
            send(uploadFailure(e, 'partnership.badge.error', 'badge'));
            return;
          }
        }
        try {
          await api.uploadBill(input.bill.blob as Blob, input.bill.name, input.isHolder, (r) => send({ type: 'upload.progress', ratio: share + r * (1 - share) }));
          send({ type: 'upload.done' });
        } catch (e) {
          send(uploadFailure(e, 'bill.upload.error', 'bill'));
        }
      })();
      return () => { live = false; };
    }),
  };
}
