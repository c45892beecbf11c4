import { fromPromise } from 'xstate';
import type { PaymentType, ProposalPageData } from '#machines/proposal/proposalMachine';
import { latestProposal, PROPOSAL_FILE_NAME, type ProposalType } from '#shared/proposal/rules';
import { featuredPlan } from '#shared/plan/rules';
import { purchaseSignaturesOf } from '#shared/payment/rules';
import type { Api } from '../../api/client';
import type { SaveFile } from '../../ui/download/saveFile';

/** The proposal machine's side effects against the API (spec §7 proposal calls) and the download. */
export function proposalActors(getApi: () => Promise<Api>, saveFile: SaveFile) {
  return {
    loadProposal: fromPromise<ProposalPageData, { type: ProposalType }>(async ({ input }) => {
      const api = await getApi();
      const customer = await api.getCustomer();
      const subscriber = customer.subscription_lending === 'SUBSCRIPTION';
      // the plans are extra: a proposal shows without them
      const [list, offers] = await Promise.all([api.getProposals(customer.id), subscriber ? api.getPlanOffers().catch(() => []) : Promise.resolve([])]);
      return {
        customer: {
          id: customer.id, kind: customer.subscription_lending, steps: customer.steps,
          purchaseContractSigned: purchaseSignaturesOf(customer.contracts).contractSigned,
        },
        proposal: latestProposal(list, input.type),
        hasFinalProposal: list.some((p) => p.type === 'FINAL'),
        subscription: featuredPlan(offers),
      };
    }),
    approveInitialProposal: fromPromise<unknown, { customerId: number }>(async ({ input }) => (await getApi()).approveInitialProposal(input.customerId)),
    approveFinalProposal: fromPromise<unknown, { paymentType: PaymentType }>(async ({ input }) => (await getApi()).approveFinalProposal(input.paymentType)),
    downloadPdf: fromPromise<unknown, { link: string; type: ProposalType }>(async ({ input }) => {
      const pdf = await (await getApi()).downloadProposalPdf(input.link);
      saveFile(pdf, `${PROPOSAL_FILE_NAME[input.type]}.pdf`);
    }),
  };
}
