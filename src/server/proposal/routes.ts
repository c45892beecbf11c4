import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { PROPOSAL_FILE_NAME, Proposal } from '#shared/proposal/rules';
import { ApprovalResponse, FinalApprovalRequest, FinalProposalPublished, FinalProposalRequest } from '#shared/proposal/payloads';
import { ErrorCode } from '#shared/errors';
import { sha256 } from '../auth/crypto';
import { requireSession, type SessionVars } from '../auth/sessions';
import type { AppDeps } from '../config';
import { staff } from '../platform/db/schema';
import { ApiError, jsonBody, validationError } from '../http/errors';
import { applyProcessEvent, applyProcessEventIn, customerSteps } from '../process/host';
import { approveFinalProposal, proposalOf, proposalsOf, publishFinalProposal } from './service';
import { proposalPdf } from '../engines/pdf/proposalPdf';
import { audit, requireStaff, type StaffVars } from '../staff/service';
import { err } from '../http/common';
import type { RouteDoc } from '../http/registry';

export const proposalsRoutes: RouteDoc[] = [
  {
    method: 'get', path: '/portal/customers/:id/proposal', tag: 'proposals', auth: true,
    summary: "The customer's proposals, oldest first (id is the signed-in customer's own id).",
    responses: { 200: { description: 'proposals', schema: v.object({ data: v.array(Proposal) }) }, 401: err('no valid session'), 404: err('not this customer') },
  },
  {
    method: 'put', path: '/admin/customers/:id/approve/proposal', tag: 'proposals', auth: true,
    summary: "Approve the initial proposal: the customer's own token for their own id (the browser calls it), or a staff token for any id (audited).",
    responses: {
      200: { description: 'steps after the approval' }, 401: err('no valid token'), 404: err('not this customer'),
      409: err('no initial proposal waiting for approval (4090)'),
    },
  },
  {
    method: 'get', path: '/portal/customers/:id/proposal/:proposalId/pdf', tag: 'proposals', auth: true,
    summary: "A proposal as a PDF (the proposal's pdf_link), saved as 'Proposta Inicial.pdf' or 'Proposta Final.pdf'; only the owning customer's token.",
    responses: { 200: { description: 'application/pdf' }, 401: err('no valid session'), 404: err('not this customer or no such proposal') },
  },
  {
    method: 'put', path: '/portal/customers/approve/proposal_final', tag: 'proposals', auth: true, body: FinalApprovalRequest,
    summary: 'Approve the FINAL proposal paying cash or financing: the payment type is recorded and the customer becomes LENDING.',
    responses: {
      200: { description: 'steps after the approval', schema: ApprovalResponse }, 400: err('unknown payment type (4000)'), 401: err('no valid session'),
      409: err('no final proposal published, or not at the final proposal (4090)'),
    },
  },
  {
    method: 'post', path: '/admin/customers/:id/proposal/final', tag: 'admin', auth: true, body: FinalProposalRequest,
    summary: 'Publish the FINAL proposal (staff): sized from the bill, with the size, price and equipment staff give; only after the visit is accomplished and approved. Notifies the customer; audited.',
    responses: {
      201: { description: 'published', schema: FinalProposalPublished }, 400: err('invalid figures (4000)'), 401: err('no valid staff token (4010)'),
      403: err('a customer token (4030)'), 404: err('no such customer'),
      409: err('the visit is not accomplished and approved yet (4090)'), 422: err('no system can be sized with these figures'),
    },
  },
];

const idOf = (raw: string): number => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(404, ErrorCode.NOT_FOUND);
  return id;
};

/** Mounted on /api/v1 before the staff-only /admin routes, so the approval answers customers too. */
export function proposalsApi(deps: AppDeps): Hono<SessionVars> {
  const app = new Hono<SessionVars>();
  const session = requireSession(deps);
  app.get('/portal/customers/:id/proposal', session, async (c) => {
    const id = idOf(c.req.param('id'));
    if (id !== c.get('customerId')) throw new ApiError(404, ErrorCode.NOT_FOUND);
    return c.json({ data: await proposalsOf(deps.db, id) });
  });
  app.put('/admin/customers/:id/approve/proposal', async (c) => {
    const id = idOf(c.req.param('id'));
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    const [member] = token
      ? await deps.db.select({ id: staff.id }).from(staff).where(and(eq(staff.tokenHash, sha256(token)), isNull(staff.revokedAt)))
      : [];
    if (member) {
      await deps.db.transaction(async (tx) => {
        const move = await applyProcessEventIn(tx, deps.clock, id, { type: 'proposal.initialApproved' });
        await audit(tx, deps.clock, {
          staffId: member.id, action: 'process:proposal.initialApproved', customerId: id,
          before: { state: move.before, version: move.version - 1 }, after: { state: move.after, version: move.version },
        });
      });
      return c.json({ data: await customerSteps(deps.db, id) });
    }
    let answer: Response | undefined;
    await session(c, async () => {
      if (id !== c.get('customerId')) throw new ApiError(404, ErrorCode.NOT_FOUND);
      await applyProcessEvent(deps.db, deps.clock, id, { type: 'proposal.initialApproved' });
      answer = c.json({ data: await customerSteps(deps.db, id) });
    });
    if (!answer) throw new ApiError(401, ErrorCode.UNAUTHORIZED);
    return answer;
  });
  app.get('/portal/customers/:id/proposal/:proposalId/pdf', session, async (c) => {
    const id = idOf(c.req.param('id'));
    if (id !== c.get('customerId')) throw new ApiError(404, ErrorCode.NOT_FOUND);
    const found = await proposalOf(deps.db, id, idOf(c.req.param('proposalId')));
    if (!found) throw new ApiError(404, ErrorCode.NOT_FOUND);
    const proposal = v.parse(Proposal, found.proposal);
    const bytes = await proposalPdf(proposal, { customerName: found.customerName });
    const name = `${PROPOSAL_FILE_NAME[proposal.type]}.pdf`;
    return new Response(Buffer.from(bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });
  app.put('/portal/customers/approve/proposal_final', session, async (c) => {
    // the spec's call has no payload: an empty body means the default payment type
    const raw: unknown = await c.req.json().catch(() => ({}));
    const body = v.safeParse(FinalApprovalRequest, raw ?? {});
    if (!body.success) throw validationError(body.issues);
    const move = await approveFinalProposal(deps.db, deps.clock, c.get('customerId'), body.output.payment_type);
    return c.json({ data: move.steps });
  });
  const staffOnly = new Hono<StaffVars>();
  staffOnly.post('/admin/customers/:id/proposal/final', requireStaff(deps), jsonBody(FinalProposalRequest), async (c) => {
    const id = idOf(c.req.param('id'));
    const body = c.req.valid('json');
    const published = await deps.db.transaction((tx) => publishFinalProposal(tx, deps.clock, id, c.get('staffId'), body));
    return c.json(published, 201);
  });
  app.route('/', staffOnly as unknown as Hono<SessionVars>);
  return app;
}
