import type { Hono } from 'hono';
import * as v from 'valibot';
import { approveFinalProposal, approveInitialProposal, proposalPdf, proposals } from '#shared/proposal/endpoints';
import { PROPOSAL_FILE_NAME, Proposal } from '#shared/proposal/rules';
import type { AppDeps } from '../config';
import { proposalPdf as renderProposalPdf } from '../engines/pdf/proposalPdf';
import { attachment } from '../http/attachment';
import { DomainError } from '../errors';
import { endpointApp, idParam } from '../http/route';
import { byCustomer, byStaff } from '../process/host';
import { approveFinalProposal as approveFinal, approveInitialProposal as approveInitial, proposalOf, proposalsOf } from './service';

/** The customer's proposals, their PDFs and the approvals (the initial one also by staff). */
export function proposalRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  /** A customer reaches only their own id; anyone else's is simply not found. */
  const ownId = (raw: string, customerId: number | undefined): number => {
    const id = idParam(raw);
    if (id !== customerId) throw new DomainError('NOT_FOUND');
    return id;
  };

  route(proposals, async (c) => {
    const id = ownId(c.req.param('id'), c.get('customerId'));
    return c.json({ data: await proposalsOf(deps.db, id) });
  });

  route(approveInitialProposal, async (c) => {
    const staffId = c.get('staffId');
    const id = staffId === undefined ? ownId(c.req.param('id'), c.get('customerId')) : idParam(c.req.param('id'));
    const steps = await approveInitial(deps, id, staffId === undefined ? byCustomer : byStaff(staffId));
    return c.json({ data: steps });
  });

  route(proposalPdf, async (c) => {
    const id = ownId(c.req.param('id'), c.get('customerId'));
    const found = await proposalOf(deps.db, id, idParam(c.req.param('proposalId')));
    if (!found) throw new DomainError('NOT_FOUND');
    const proposal = v.parse(Proposal, found.proposal);
    const bytes = await renderProposalPdf(proposal, { customerName: found.customerName });
    return attachment(bytes, 'pdf', `${PROPOSAL_FILE_NAME[proposal.type]}.pdf`);
  });

  route(approveFinalProposal, async (c) => {
    // the spec's call has no payload: without one the default payment type applies
    const move = await approveFinal(deps, c.get('customerId'), c.req.valid('json').payment_type);
    return c.json({ data: move.steps });
  });

  return app;
}
