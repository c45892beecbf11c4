import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { Proposal } from '../../../shared/proposal';
import { ErrorCode } from '../../../shared/errors';
import { sha256 } from '../../auth/crypto';
import { requireSession, type SessionVars } from '../../auth/sessions';
import type { AppDeps } from '../../config';
import { staff } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { applyProcessEvent, applyProcessEventIn, customerSteps } from '../../process/service';
import { proposalsOf } from '../../proposals/service';
import { audit } from '../../staff/service';
import { err } from '../common';
import type { RouteDoc } from '../registry';

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
  return app;
}
