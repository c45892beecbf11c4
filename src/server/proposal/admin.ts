import type { Hono } from 'hono';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { previewFinalProposal, previewFinalProposalPdf, publishFinalProposal, staffProposalPdf, staffProposals } from '#shared/proposal/endpoints';
import { PROPOSAL_FILE_NAME, Proposal } from '#shared/proposal/rules';
import type { AppDeps } from '../config';
import { proposalPdf as renderProposalPdf } from '../engines/pdf/proposalPdf';
import { attachment } from '../http/attachment';
import { DomainError } from '../errors';
import { endpointApp, idParam } from '../http/route';
import { customers } from '../platform/db/schema';
import { auditRead } from '../staff/audit';
import { draftFinalProposal, proposalOf, proposalsOf, publishFinalProposal as publish } from './service';

/**
 * Staff and the proposals: reading a customer's (and their PDFs), previewing the FINAL proposal
 * the form's figures would publish (figures and PDF, nothing stored), and publishing it.
 */
export function proposalAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  /** The customer's name, or 404 when there is no such customer (the preview speaks to them by name too). */
  const customerName = async (id: number): Promise<string | null> => {
    const [c] = await deps.db.select({ name: customers.name }).from(customers).where(eq(customers.id, id));
    if (!c) throw new DomainError('NOT_FOUND');
    return c.name;
  };

  route(publishFinalProposal, async (c) => {
    const id = idParam(c.req.param('id'));
    const body = c.req.valid('json');
    const published = await deps.db.transaction((tx) => publish(tx, deps, id, c.get('staffId'), body));
    return c.json(published, 201);
  });

  route(staffProposals, async (c) => {
    const id = idParam(c.req.param('id'));
    await customerName(id);
    return c.json({ data: await proposalsOf(deps.db, id) });
  });

  route(staffProposalPdf, async (c) => {
    const found = await proposalOf(deps.db, idParam(c.req.param('id')), idParam(c.req.param('proposalId')));
    if (!found) throw new DomainError('NOT_FOUND');
    const proposal = v.parse(Proposal, found.proposal);
    const pdf = await renderProposalPdf(proposal, { customerName: found.customerName });
    await auditRead(deps, c.get('staffId'), 'proposal', idParam(c.req.param('id')), { proposal_id: idParam(c.req.param('proposalId')) });
    return attachment(pdf, 'pdf', `${PROPOSAL_FILE_NAME[proposal.type]}.pdf`);
  });

  route(previewFinalProposal, async (c) => {
    const id = idParam(c.req.param('id'));
    await customerName(id);
    return c.json({ data: await draftFinalProposal(deps.db, deps.clock, id, c.req.valid('json')) });
  });

  route(previewFinalProposalPdf, async (c) => {
    const id = idParam(c.req.param('id'));
    const name = await customerName(id);
    const draft = v.parse(Proposal, { ...(await draftFinalProposal(deps.db, deps.clock, id, c.req.valid('json'))), created_at: deps.clock.now().toISOString() });
    return attachment(await renderProposalPdf(draft, { customerName: name }), 'pdf', `${PROPOSAL_FILE_NAME.FINAL}.pdf`);
  });

  return app;
}
