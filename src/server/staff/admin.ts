import { asc, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ProcessEvent } from '#machines/process/processMachine';
import { ErrorCode } from '#shared/errors';
import { StepsResponse } from '#shared/process/payloads';
import { decideBillIn } from '../bill/service';
import type { AppDeps } from '../config';
import { bills, customers, franchiseeCoverage, states } from '../platform/db/schema';
import { ApiError, jsonBody } from '../http/errors';
import { notify } from '../notification/service';
import { applyProcessEventIn, customerSteps, loadProcess } from '../process/host';
import { audit, auditTrail, requireStaff, type StaffVars } from './service';
import { setPartnership } from '../customer/partnership';
import { billFile } from '../bill/service';
import { attachment } from '../bill/routes';
import { err } from '../http/common';
import type { RouteDoc } from '../http/registry';

/** Process events staff send directly; bill decisions go through PUT .../bill so the bill row moves with them. */
export const STAFF_EVENTS = [
  'simulation.done', 'proposal.initialSent', 'proposal.initialApproved', 'visit.requested', 'visit.confirmed', 'visit.cancelled',
  'visit.approved', 'visit.notApproved', 'plan.signed', 'proposal.finalApproved', 'checkout.completed', 'contract.signed',
  'supply.delivered', 'installation.completed',
] as const;

const Version = v.pipe(v.number(), v.integer(), v.minValue(1));
export const StaffEventRequest = v.object({
  type: v.picklist(STAFF_EVENTS),
  payment_type: v.optional(v.picklist(['CASH_PURCHASE', 'FINANCING'])),
  /** the process version the staff member saw; refused (4091) when the customer moved on */
  version: Version,
});
export const StaffBillDecision = v.pipe(
  v.object({
    status: v.picklist(['APPROVED', 'DISAPPROVED', 'DENIED', 'APP']),
    justification: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(500)))),
    version: Version,
  }),
  v.check((d) => (d.status !== 'DISAPPROVED' && d.status !== 'DENIED') || !!d.justification, 'Informe o motivo da reprovação.'),
);
export const StaffNotification = v.object({ message: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(1000)) });
export const CoverageEntry = v.object({ franchisee_id: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)) });
export const PartnershipEntry = v.object({ has_partnership: v.boolean() });

const ProcessView = v.object({ state: v.unknown(), version: v.number(), steps: StepsResponse.entries.data });
const staffErrors = { 401: err('no valid staff token (4010)'), 403: err('a customer token (4030)') };

export const adminRoutes: RouteDoc[] = [
  {
    method: 'get', path: '/admin/customers/:id/process', tag: 'admin', auth: true, summary: "A customer's process: state, version and steps.",
    responses: { 200: { description: 'process', schema: ProcessView }, ...staffErrors, 404: err('no such customer') },
  },
  {
    method: 'post', path: '/admin/customers/:id/events', tag: 'admin', auth: true, body: StaffEventRequest,
    summary: "Send a staff event to a customer's process (audited).",
    responses: {
      200: { description: 'the process after the event', schema: ProcessView }, ...staffErrors,
      409: err('event not allowed in the current state (4090) or stale version (4091); nothing changed'),
    },
  },
  {
    method: 'put', path: '/admin/customers/:id/bill', tag: 'admin', auth: true, body: StaffBillDecision,
    summary: "Decide the customer's latest bill (PENDING or WAITING): APPROVED, DISAPPROVED or DENIED with a reason, or APP. Notifies the customer; audited.",
    responses: {
      200: { description: 'the process after the decision', schema: ProcessView }, ...staffErrors, 404: err('no bill'),
      409: err('the bill is already decided, or stale version (4091)'),
    },
  },
  {
    method: 'get', path: '/admin/bills/:billId/file', tag: 'admin', auth: true, summary: 'Download any bill file (staff review).',
    responses: { 200: { description: 'the file' }, ...staffErrors, 404: err('no such bill') },
  },
  {
    method: 'post', path: '/admin/customers/:id/notifications', tag: 'admin', auth: true, body: StaffNotification,
    summary: 'Send the customer a notification (audited).',
    responses: { 201: { description: 'sent', schema: v.object({ id: v.number() }) }, ...staffErrors, 404: err('no such customer') },
  },
  {
    method: 'put', path: '/admin/customers/:id/partnership', tag: 'admin', auth: true, body: PartnershipEntry,
    summary: "Confirm or withdraw an individual customer's employer partnership (the bill page then asks for the employee badge); audited.",
    responses: {
      200: { description: 'saved', schema: v.object({ id: v.number(), has_partnership: v.boolean() }) }, ...staffErrors,
      404: err('no such customer'), 409: err('a company (CNPJ) has no employer partnership (4090)'),
    },
  },
  {
    method: 'get', path: '/admin/coverage', tag: 'admin', auth: true, summary: 'The franchisee coverage table (state -> franchisee).',
    responses: { 200: { description: 'coverage', schema: v.object({ data: v.array(v.object({ state: v.string(), franchisee_id: v.string() })) }) }, ...staffErrors },
  },
  {
    method: 'put', path: '/admin/coverage/:state', tag: 'admin', auth: true, body: CoverageEntry, summary: 'Serve a state by a franchisee (audited).',
    responses: { 200: { description: 'saved' }, ...staffErrors, 404: err('no such state') },
  },
  {
    method: 'delete', path: '/admin/coverage/:state', tag: 'admin', auth: true, summary: 'Stop serving a state (audited).',
    responses: { 200: { description: 'removed' }, ...staffErrors },
  },
  {
    method: 'get', path: '/admin/audit', tag: 'admin', auth: true,
    query: { customer_id: { schema: v.string(), description: 'only actions on this customer' } },
    summary: 'The staff audit trail, newest first (who, when, what, before, after).',
    responses: { 200: { description: 'audit entries' }, ...staffErrors },
  },
];

const idParam = (raw: string | undefined): number => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(404, ErrorCode.NOT_FOUND);
  return id;
};

export function adminApi(deps: AppDeps): Hono<StaffVars> {
  const { db, clock } = deps;
  const app = new Hono<StaffVars>();
  app.use('*', requireStaff(deps));

  const view = async (id: number) => {
    const p = await loadProcess(db, id);
    if (!p) throw new ApiError(404, ErrorCode.NOT_FOUND);
    return { state: p.snapshot.value, version: p.version, steps: await customerSteps(db, id) };
  };

  app.get('/customers/:id/process', async (c) => c.json(await view(idParam(c.req.param('id')))));

  app.post('/customers/:id/events', jsonBody(StaffEventRequest), async (c) => {
    const id = idParam(c.req.param('id'));
    const body = c.req.valid('json');
    if (!(await loadProcess(db, id))) throw new ApiError(404, ErrorCode.NOT_FOUND);
    const event = (body.type === 'proposal.finalApproved'
      ? { type: body.type, paymentType: body.payment_type ?? 'CASH_PURCHASE' }
      : { type: body.type }) as ProcessEvent;
    await db.transaction(async (tx) => {
      const move = await applyProcessEventIn(tx, clock, id, event, body.version);
      if (event.type === 'proposal.finalApproved') {
        await tx.update(customers).set({ subscriptionLending: 'LENDING', paymentType: event.paymentType, updatedAt: clock.now() }).where(eq(customers.id, id));
      }
      await audit(tx, clock, {
        staffId: c.get('staffId'), action: `process:${event.type}`, customerId: id,
        before: { state: move.before, version: body.version }, after: { state: move.after, version: move.version },
      });
    });
    return c.json(await view(id));
  });

  app.put('/customers/:id/bill', jsonBody(StaffBillDecision), async (c) => {
    const id = idParam(c.req.param('id'));
    const body = c.req.valid('json');
    await db.transaction(async (tx) => {
      const [bill] = await tx.select().from(bills).where(eq(bills.customerId, id)).orderBy(desc(bills.id)).limit(1).for('update');
      if (!bill) throw new ApiError(404, ErrorCode.FILE_NOT_FOUND);
      if (bill.status !== 'PENDING' && bill.status !== 'WAITING') throw new ApiError(409, ErrorCode.PROCESS_REFUSED);
      const { bill: after, move } = await decideBillIn(tx, deps, bill, {
        status: body.status, justification: body.justification ?? null, expectedVersion: body.version,
      });
      const now = await loadProcess(tx, id); // an approval may also have sent the initial proposal
      await audit(tx, clock, {
        staffId: c.get('staffId'), action: `bill:${body.status}`, customerId: id,
        before: { bill_id: bill.id, status: bill.status, justification: bill.justificationDisapproved, process: move?.before, version: body.version },
        after: { bill_id: after.id, status: after.status, justification: after.justificationDisapproved, process: now?.snapshot.value, version: now?.version },
      });
    });
    return c.json(await view(id));
  });

  app.get('/bills/:billId/file', async (c) => {
    const f = await billFile(deps, null, idParam(c.req.param('billId')));
    return attachment(f.bytes, f.kind, f.name);
  });

  app.post('/customers/:id/notifications', jsonBody(StaffNotification), async (c) => {
    const id = idParam(c.req.param('id'));
    const { message } = c.req.valid('json');
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
    if (!customer) throw new ApiError(404, ErrorCode.NOT_FOUND);
    const created = await db.transaction(async (tx) => {
      const nid = await notify(tx, clock, id, message);
      await audit(tx, clock, { staffId: c.get('staffId'), action: 'notification:send', customerId: id, before: null, after: { notification_id: nid, message } });
      return nid;
    });
    return c.json({ id: created }, 201);
  });

  app.put('/customers/:id/partnership', jsonBody(PartnershipEntry), async (c) => {
    const { has_partnership } = c.req.valid('json');
    const r = await setPartnership(db, clock, c.get('staffId'), idParam(c.req.param('id')), has_partnership);
    return c.json({ id: r.id, has_partnership: r.has_partnership });
  });

  app.get('/coverage', async (c) => {
    const rows = await db.select().from(franchiseeCoverage).orderBy(asc(franchiseeCoverage.stateCode));
    return c.json({ data: rows.map((r) => ({ state: r.stateCode, franchisee_id: r.franchiseeId })) });
  });
  app.put('/coverage/:state', jsonBody(CoverageEntry), async (c) => {
    const state = c.req.param('state').toUpperCase();
    const { franchisee_id } = c.req.valid('json');
    const [known] = await db.select({ code: states.code }).from(states).where(eq(states.code, state));
    if (!known) throw new ApiError(404, ErrorCode.NOT_FOUND);
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(franchiseeCoverage).where(eq(franchiseeCoverage.stateCode, state));
      await tx.insert(franchiseeCoverage).values({ stateCode: state, franchiseeId: franchisee_id })
        .onConflictDoUpdate({ target: franchiseeCoverage.stateCode, set: { franchiseeId: franchisee_id } });
      await audit(tx, clock, {
        staffId: c.get('staffId'), action: 'coverage:set', customerId: null,
        before: before ? { state, franchisee_id: before.franchiseeId } : null, after: { state, franchisee_id },
      });
    });
    return c.json({ state, franchisee_id });
  });
  app.delete('/coverage/:state', async (c) => {
    const state = c.req.param('state').toUpperCase();
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(franchiseeCoverage).where(eq(franchiseeCoverage.stateCode, state)).returning();
      if (before) {
        await audit(tx, clock, { staffId: c.get('staffId'), action: 'coverage:remove', customerId: null, before: { state, franchisee_id: before.franchiseeId }, after: null });
      }
    });
    return c.json({ state, franchisee_id: null });
  });

  app.get('/audit', async (c) => {
    const raw = c.req.query('customer_id');
    return c.json({ data: await auditTrail(db, raw ? idParam(raw) : undefined) });
  });
  return app;
}
