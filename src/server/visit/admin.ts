import type { Hono } from 'hono';
import { agenda, blockDay, calendar, customerVisit, moveVisit, staffRescheduleVisit, unblockDay } from '#shared/visit/endpoints';
import type { AppDeps } from '../config';
import { DomainError } from '../errors';
import { endpointApp, idParam } from '../http/route';
import { loadProcess } from '../process/host';
import { staffRescheduleVisit as reschedule, weekAgenda } from './agenda';
import { blockDay as block, blockedDaysWithReasons, currentVisitWithNotes, staffMoveVisit, unblockDay as unblock } from './service';

/** Staff on technical visits: a customer's visit and its moves, the week's agenda, and the days blocked for visits. */
export function visitAdmin(deps: AppDeps): Hono {
  const { db, clock } = deps;
  const { app, route } = endpointApp(deps);
  const customerId = (raw: string) => idParam(raw, 'VISIT_NOT_FOUND');

  route(customerVisit, async (c) => {
    return c.json({ data: await currentVisitWithNotes(db, customerId(c.req.param('id'))) });
  });
  route(moveVisit, async (c) => {
    const id = customerId(c.req.param('id'));
    if (!(await loadProcess(db, id))) throw new DomainError('NOT_FOUND');
    const { status, early, notes } = c.req.valid('json');
    const { visit } = await staffMoveVisit(deps, c.get('staffId'), id, status, { early, notes });
    return c.json({ data: visit });
  });
  route(staffRescheduleVisit, async (c) => {
    const id = customerId(c.req.param('id'));
    return c.json({ data: await reschedule(db, clock, c.get('staffId'), id, c.req.valid('json')) });
  });
  route(agenda, async (c) => c.json({ data: await weekAgenda(db, clock, c.req.valid('query').week as string | undefined) }));
  route(calendar, async (c) => c.json({ data: await blockedDaysWithReasons(db) }));
  route(blockDay, async (c) => {
    const day = c.req.param('day');
    const reason = c.req.valid('json').reason ?? null;
    await block(db, clock, c.get('staffId'), day, reason);
    return c.json({ day, reason });
  });
  route(unblockDay, async (c) => {
    const day = c.req.param('day');
    await unblock(db, clock, c.get('staffId'), day);
    return c.json({ day, blocked: false });
  });

  return app;
}
