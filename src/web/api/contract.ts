import { billOwner, saveBillOwner } from '#shared/bill/endpoints';
import { acceptTermsOfUse, checkSigners, contracts, createContracts, saveLegitimate } from '#shared/contract/endpoints';
import type { ConsumerResponse, ConsumerSubmission, ContractsResponse, CreateContractsRequest } from '#shared/contract/payloads';
import type { Transport } from './transport';

/** The holder data, the contracts and their signatures. */
export const contractCalls = (t: Transport) => ({
  /** GET /portal/customers/bills/owners: the holder data given so far and whether the bill is the customer's */
  async getConsumer(): Promise<ConsumerResponse> {
    return (await t.call(billOwner, {})).data;
  },

  /** spec §4 "Consumer data save": PATCH the owner, then POST the legitimate for a company */
  async saveConsumer(submission: ConsumerSubmission): Promise<ConsumerResponse> {
    const { data } = await t.call(saveBillOwner, { json: submission.consumer });
    if (submission.legitimate) await t.call(saveLegitimate, { json: submission.legitimate });
    return data;
  },

  /** POST portal/customers/create_contracts */
  async createContracts(input: CreateContractsRequest): Promise<ContractsResponse> {
    return (await t.call(createContracts, { json: input })).data;
  },

  /** GET /portal/customers/contracts */
  async getContracts(): Promise<ContractsResponse> {
    return (await t.call(contracts, {})).data;
  },

  /** GET portal/check_signers/{key}: the server's word on a signature */
  async checkSigner(key: string): Promise<boolean> {
    return (await t.call(checkSigners, { params: { key } })).data.is_sign;
  },

  /** PUT /portal/customers/contracts/{id}/terms-of-use */
  async acceptTermsOfUse(contractId: string): Promise<ContractsResponse> {
    return (await t.call(acceptTermsOfUse, { params: { contractId }, json: { accepted: true } })).data;
  },
});
