import { fromPromise } from 'xstate';
import type { SubmitInput, VisitPageData } from '#machines/visit/visitMachine';
import type { Visit } from '#shared/visit/payloads';
import type { Api } from '../../api/client';

/** The visit machine's side effects against the API (spec §7 scheduling, calendar and CEP calls). */
export function visitActors(getApi: () => Promise<Api>) {
  return {
    loadVisitPage: fromPromise<VisitPageData>(async () => {
      const api = await getApi();
      const [customer, { visit, cancelled }, blocked] = await Promise.all([
        api.getCustomer(),
        api.getVisit(),
        // spec §7: a failed calendar config is an empty list
        api.getBlockedDays().catch(() => [] as string[]),
      ]);
      return { customer, visit, cancelled, blocked };
    }),
    lookupCep: fromPromise<Awaited<ReturnType<Api['lookupCep']>>, { cep: string }>(async ({ input }) => (await getApi()).lookupCep(input.cep)),
    submitVisit: fromPromise<Visit, SubmitInput>(async ({ input }) => {
      const api = await getApi();
      return input.mode === 'reschedule' && input.visitId !== null ? api.rescheduleVisit(input.visitId, input.request) : api.bookVisit(input.request);
    }),
    cancelVisit: fromPromise<unknown, { visitId: number }>(async ({ input }) => (await getApi()).cancelVisit(input.visitId)),
  };
}
