import { fromPromise } from 'xstate';
import type { ContractPageData } from '#machines/contract/contractMachine';
import type { ContractsResponse } from '#shared/contract/payloads';
import type { Api } from '../../api/client';

/** The signing machine's side effects against the API (spec §7 contracts, customer success). */
export function contractActors(getApi: () => Promise<Api>) {
  return {
    loadContracts: fromPromise<ContractPageData>(async () => {
      const api = await getApi();
      const [customer, r] = await Promise.all([api.getCustomer(), api.getContracts()]);
      return {
        customerId: customer.id, hasCustomerSuccess: customer.customer_success !== null,
        contracts: r.contracts, termsAcceptedAt: r.terms_of_use.accepted_at, termsContractId: r.terms_of_use.contract_id, frameOrigin: r.frame_origin,
      };
    }),
    checkSigner: fromPromise<boolean, { key: string }>(async ({ input }) => (await getApi()).checkSigner(input.key)),
    acceptTerms: fromPromise<ContractsResponse, { contractId: string }>(async ({ input }) => (await getApi()).acceptTermsOfUse(input.contractId)),
    openFollowUp: fromPromise<unknown, { clientId: number }>(async ({ input }) => (await getApi()).createCustomerSuccess(input.clientId)),
  };
}
