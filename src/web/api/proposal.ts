import { approveFinalProposal, approveInitialProposal, proposals } from '#shared/proposal/endpoints';
import type { PaymentType } from '#shared/proposal/payloads';
import type { Proposal } from '#shared/proposal/rules';
import type { MenuStep } from '#shared/steps';
import type { Transport } from './transport';

/** The proposals, their approvals and PDFs. */
export const proposalCalls = (t: Transport) => ({
  /** GET portal/customers/{id}/proposal: the customer's proposals, oldest first */
  async getProposals(customerId: number): Promise<Proposal[]> {
    const { data } = await t.call(proposals, { params: { id: customerId }, fallback: 'proposal.load.error' });
    return data.data;
  },

  /** PUT admin/customers/{id}/approve/proposal with the customer's own token (ARCHITECTURE) */
  async approveInitialProposal(customerId: number): Promise<MenuStep[]> {
    const { data } = await t.call(approveInitialProposal, { params: { id: customerId }, fallback: 'proposal.approve.error' });
    return data.data;
  },

  /** PUT portal/customers/approve/proposal_final, with the payment type the screen stored */
  async approveFinalProposal(paymentType: PaymentType): Promise<MenuStep[]> {
    const { data } = await t.call(approveFinalProposal, { json: { payment_type: paymentType }, fallback: 'proposal.approve.error' });
    return data.data;
  },

  /** GET the proposal's PDF (its pdf_link, same origin, with the session token) as a Blob */
  async downloadProposalPdf(link: string): Promise<Blob> {
    return t.download(link, 'application/pdf', 'proposal.download.error');
  },
});
