import * as v from 'valibot';
import { endpoint, failure, staffFailures } from '../endpoint';
import { ANY_STAFF } from '../staff/roles';
import { Proposal } from './rules';
import { ApprovalResponse, FinalApprovalRequest, FinalProposalPublished, FinalProposalRequest, ProposalsResponse } from './payloads';

/** The proposals: reading them, their PDF, the customer's approvals, and staff publishing the final one. */

export const proposals = endpoint({
  method: 'get', path: '/portal/customers/:id/proposal', auth: 'customer', tag: 'proposals',
  summary: "The customer's proposals, oldest first (id is the signed-in customer's own id).",
  responses: { 200: { description: 'proposals', schema: ProposalsResponse }, 401: failure('no valid session'), 404: failure('not this customer') },
});

/** Under /admin but called by the customer's browser (ARCHITECTURE): either token, the customer's for their own id only. */
export const approveInitialProposal = endpoint({
  method: 'put', path: '/admin/customers/:id/approve/proposal', auth: 'either', roles: ['sales'], tag: 'proposals',
  summary: "Approve the initial proposal: the customer's own token for their own id (the browser calls it), or a staff token for any id (audited).",
  responses: {
    200: { description: 'steps after the approval', schema: ApprovalResponse }, 401: failure('no valid token'), 404: failure('not this customer'),
    409: failure('no initial proposal waiting for approval (4090)'),
  },
});

export const proposalPdf = endpoint({
  method: 'get', path: '/portal/customers/:id/proposal/:proposalId/pdf', auth: 'customer', tag: 'proposals',
  summary: "A proposal as a PDF (the proposal's pdf_link), saved as 'Proposta Inicial.pdf' or 'Proposta Final.pdf'; only the owning customer's token.",
  responses: { 200: { description: 'application/pdf' }, 401: failure('no valid session'), 404: failure('not this customer or no such proposal') },
});

export const approveFinalProposal = endpoint({
  method: 'put', path: '/portal/customers/approve/proposal_final', auth: 'customer', tag: 'proposals',
  body: FinalApprovalRequest, bodyOptional: true,
  summary: 'Approve the FINAL proposal paying cash or financing: the payment type is recorded and the customer becomes LENDING.',
  responses: {
    200: { description: 'steps after the approval', schema: ApprovalResponse }, 400: failure('unknown payment type (4000)'), 401: failure('no valid session'),
    409: failure('no final proposal published, or not at the final proposal (4090)'),
  },
});

// ---- staff --------------------------------------------------------------------------------------

export const publishFinalProposal = endpoint({
  method: 'post', path: '/admin/customers/:id/proposal/final', auth: 'staff', roles: ['sales'], tag: 'admin', body: FinalProposalRequest,
  summary: 'Publish the FINAL proposal (staff): sized from the bill, with the size, price and equipment staff give; only after the visit is accomplished and approved. Notifies the customer; audited.',
  responses: {
    201: { description: 'published', schema: FinalProposalPublished }, 400: failure('invalid figures (4000)'), ...staffFailures,
    404: failure('no such customer'),
    409: failure('the visit is not accomplished and approved yet (4090)'), 422: failure('no system can be sized with these figures'),
  },
});

export const staffProposals = endpoint({
  method: 'get', path: '/admin/customers/:id/proposals', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: "The customer's proposals as they read them, oldest first (staff): the initial one beside the final proposal's form.",
  responses: { 200: { description: 'proposals', schema: ProposalsResponse }, ...staffFailures, 404: failure('no such customer') },
});

export const staffProposalPdf = endpoint({
  method: 'get', path: '/admin/customers/:id/proposals/:proposalId/pdf', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: "One of the customer's proposals as the PDF they download (staff).",
  responses: { 200: { description: 'application/pdf' }, ...staffFailures, 404: failure('no such customer or proposal') },
});

export const previewFinalProposal = endpoint({
  method: 'post', path: '/admin/customers/:id/proposal/final/preview', auth: 'staff', roles: ['sales'], tag: 'admin', body: FinalProposalRequest,
  summary: 'The FINAL proposal these figures would publish, as the customer would read it: sized the same way, nothing stored, nothing sent (staff).',
  responses: {
    200: { description: 'the proposal as it would be published', schema: v.object({ data: Proposal }) }, 400: failure('invalid figures (4000)'), ...staffFailures,
    404: failure('no such customer, or no bill or sign-up value to size from'), 422: failure('no system can be sized with these figures'),
  },
});

export const previewFinalProposalPdf = endpoint({
  method: 'post', path: '/admin/customers/:id/proposal/final/preview/pdf', auth: 'staff', roles: ['sales'], tag: 'admin', body: FinalProposalRequest,
  summary: 'The PDF the customer would download for the FINAL proposal these figures would publish; nothing stored (staff).',
  responses: { 200: { description: 'application/pdf' }, 400: failure('invalid figures (4000)'), ...staffFailures, 404: failure('no such customer'), 422: failure('no system can be sized with these figures') },
});

export const proposalEndpoints = [proposals, approveInitialProposal, proposalPdf, approveFinalProposal, publishFinalProposal, staffProposals, staffProposalPdf, previewFinalProposal, previewFinalProposalPdf];
