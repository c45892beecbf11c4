import { fromPromise } from 'xstate';
import { initialValues, type HolderPageData } from '#machines/holder/holderMachine';
import type { ConsumerSubmission } from '#shared/contract/payloads';
import { consumerFormOf } from '#shared/contract/rules';
import type { Api } from '../../api/client';

/** The consumer machine's side effects: the holder data and the contracts (spec §7). */
export function holderActors(getApi: () => Promise<Api>) {
  return {
    loadConsumer: fromPromise<HolderPageData>(async () => {
      const api = await getApi();
      const [customer, consumer, contracts] = await Promise.all([api.getCustomer(), api.getConsumer(), api.getContracts()]);
      return {
        form: consumerFormOf(customer.type, consumer.is_holder),
        initial: initialValues(consumer.owner),
        generated: contracts.contracts.length > 0,
      };
    }),
    saveConsumer: fromPromise<unknown, ConsumerSubmission>(async ({ input }) => (await getApi()).saveConsumer(input)),
    createContracts: fromPromise<unknown, ConsumerSubmission>(async ({ input }) => {
      const { date_of_birth, occupation, marital_status } = input.consumer;
      return (await getApi()).createContracts({ date_of_birth, occupation, marital_status });
    }),
  };
}
