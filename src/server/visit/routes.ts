import { Hono } from 'hono';
import * as v from 'valibot';
import {
  BlockedDayRequest, CalendarConfigResponse, CepResult, StaffVisitUpdate, Visit, VisitRequest, VisitResponse,
} from '#shared/visit/payloads';
import { ErrorCode } from '#shared/errors';
import { messages } from '#shared/messages';
import { requireSession, type SessionVars } from '../auth/sessions';
import { cepLookupFromEnv, CepUnavailable, type CepLookup } from '../providers/cep/index';
import type { AppDeps } from '../config';
import { calendarBlockedDays } from '../platform/db/schema';
import { ApiError, jsonBody } from '../http/errors';
import { loadProcess } from '../process/host';
import { requireStaff, type StaffVars } from '../staff/service';
import {
  blockDay, blockedDays, bookVisit, cancelVisit, currentVisit, rescheduleVisit, staffMoveVisit, unblockDay, visitPage,
} from './service';
import { err } from '../http/common';
import type { RouteDoc } from '../http/registry';

const VisitCreated = v.object({ data: Visit });
const staffErrors = { 401: err('no valid staff token (4010)'), 403: err('a customer token (4030)') };
const bookingErrors = {
  400: err('a required field is missing or invalid (4000, with field); no day or slot: "Por favor selecione um dia e horario."'),
  401: err('no valid session'),
  422: err('the day or slot is not bookable by the calendar rules (4220, field date, reason past|too_far|sunday|cutoff|holiday|blocked|invalid_slot)'),
};

export const visitsRoutes: RouteDoc[] = [
  {
    method: 'get', path: '/portal/customers/scheduling', tag: 'visit', auth: true,
    summary: "The customer's technical visit: the open one, else the last one concluded; data null when none, with `cancelled` the visit cancelled last (its day and address).",
    responses: { 200: { description: 'the visit or null', schema: VisitResponse }, 401: err('no valid session') },
  },
  {
    method: 'post', path: '/portal/customers/scheduling', tag: 'visit', auth: true, body: VisitRequest,
    summary: 'Book the technical visit (status UNCONFIRMED_APPOINTMENT); every calendar rule is checked again in the customer\'s time zone. The TECHNICAL_VISIT step becomes PENDING.',
    responses: {
      201: { description: 'booked', schema: VisitCreated }, ...bookingErrors,
      409: err('a visit is already open (4093), or the visit step is not open (4090)'),
    },
  },
  {
    method: 'put', path: '/portal/customers/scheduling/:id', tag: 'visit', auth: true, body: VisitRequest,
    summary: 'Reschedule the open visit (day, slot, address); it goes back to UNCONFIRMED_APPOINTMENT. Refused within 24 hours of the visit.',
    responses: {
      200: { description: 'rescheduled', schema: VisitCreated }, ...bookingErrors, 404: err('no such open visit of this customer (4043)'),
      409: err("within 24 hours of the visit: 'Sua visita está muito próxima, não é possível cancelar' (4095)"),
    },
  },
  {
    method: 'delete', path: '/portal/customers/scheduling/:id', tag: 'visit', auth: true,
    summary: 'Cancel the open visit; the TECHNICAL_VISIT step opens again. Refused within 24 hours of the visit.',
    responses: {
      200: { description: 'cancelled', schema: VisitResponse }, 401: err('no valid session'), 404: err('no such open visit of this customer (4043)'),
      409: err("within 24 hours of the visit: 'Sua visita está muito próxima, não é possível cancelar' (4095)"),
    },
  },
  {
    method: 'get', path: '/portal/config-calendar', tag: 'visit',
    summary: 'Days the company blocked for visits (YYYY-MM-DD). National and state holidays are added by the calendar rules, not listed here.',
    responses: { 200: { description: 'blocked days', schema: CalendarConfigResponse } },
  },
  {
    method: 'get', path: '/portal/cep/:cep', tag: 'visit', auth: true,
    summary: 'Postal-code lookup (ViaCEP, then the fallback provider; cached), in ViaCEP\'s field names.',
    responses: {
      200: { description: 'the address', schema: CepResult }, 400: err('not 8 digits (4000)'), 401: err('no valid session'),
      404: err('unknown CEP (4044)'), 429: err('more than 30 lookups in 10 minutes by this customer (4293)'),
      503: err('no provider answered (5030): the form asks for the address by hand'),
    },
  },
  {
    method: 'get', path: '/admin/customers/:id/visit', tag: 'admin', auth: true, summary: "A customer's technical visit (staff).",
    responses: { 200: { description: 'the visit or null', schema: VisitResponse }, ...staffErrors },
  },
  {
    method: 'put', path: '/admin/customers/:id/visit', tag: 'admin', auth: true, body: StaffVisitUpdate,
    summary: "Move the customer's visit: CONFIRMED_SCHEDULE (from UNCONFIRMED_APPOINTMENT), ACCOMPLISHED_AND_APPROVED or DONE_AND_NOT_APPROVED (from CONFIRMED_SCHEDULE), or CANCELLED. Process event, notification and audit commit together.",
    responses: {
      200: { description: 'the visit after the move', schema: VisitCreated }, ...staffErrors, 404: err('no visit (4043)'),
      409: err('not allowed from the current status (4090); nothing changed'),
    },
  },
  {
    method: 'get', path: '/admin/config-calendar', tag: 'admin', auth: true, summary: 'The days blocked for visits, with reasons.',
    responses: { 200: { description: 'blocked days', schema: v.object({ data: v.array(v.object({ day: v.string(), reason: v.nullable(v.string()) })) }) }, ...staffErrors },
  },
  {
    method: 'put', path: '/admin/config-calendar/:day', tag: 'admin', auth: true, body: BlockedDayRequest,
    summary: 'Block a day (YYYY-MM-DD) for visits (audited). Visits already booked on it are kept.',
    responses: { 200: { description: 'blocked' }, ...staffErrors, 400: err('not a day (4000)') },
  },
  {
    method: 'delete', path: '/admin/config-calendar/:day', tag: 'admin', auth: true, summary: 'Open a blocked day again (audited).',
    responses: { 200: { description: 'open again' }, ...staffErrors },
  },
];

export const CEP_LOOKUPS_PER_WINDOW = 30;
const CEP_LOOKUP_WINDOW_MS = 10 * 60_000;

const idOf = (raw: string | undefined): number => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(404, ErrorCode.VISIT_NOT_FOUND);
  return id;
};

/** Mounted on /api/v1/portal. */
export function visitsApi(deps: AppDeps): Hono<SessionVars> {
  const { db, clock } = deps;
  const app = new Hono<SessionVars>();
  const session = requireSession(deps);
  let envLookup: CepLookup | undefined;
  // a signed-in customer's lookups per 10 minutes: the endpoint must not become a free proxy to ViaCEP
  const lookups = new Map<number, number[]>();
  const withinLimit = (customerId: number): boolean => {
    const now = clock.now().getTime();
    const recent = (lookups.get(customerId) ?? []).filter((t) => t > now - CEP_LOOKUP_WINDOW_MS);
    if (recent.length >= CEP_LOOKUPS_PER_WINDOW) { lookups.set(customerId, recent); return false; }
    recent.push(now);
    lookups.set(customerId, recent);
    if (lookups.size > 10_000) lookups.delete(lookups.keys().next().value as number);
    return true;
  };
  const cep = () => deps.cep ?? (envLookup ??= cepLookupFromEnv(process.env, clock));

  app.get('/customers/scheduling', session, async (c) => c.json(await visitPage(db, c.get('customerId'))));
  app.post('/customers/scheduling', session, jsonBody(VisitRequest), async (c) =>
    c.json({ data: await bookVisit(db, clock, c.get('customerId'), c.req.valid('json')) }, 201));
  app.put('/customers/scheduling/:id', session, jsonBody(VisitRequest), async (c) =>
    c.json({ data: await rescheduleVisit(db, clock, c.get('customerId'), idOf(c.req.param('id')), c.req.valid('json')) }));
  app.delete('/customers/scheduling/:id', session, async (c) => {
    await cancelVisit(db, clock, c.get('customerId'), idOf(c.req.param('id')));
    return c.json(await visitPage(db, c.get('customerId')));
  });
  app.get('/config-calendar', async (c) => c.json({ data: await blockedDays(db) }));
  app.get('/cep/:cep', session, async (c) => {
    const raw = c.req.param('cep').replace(/\D+/g, '');
    if (!/^\d{8}$/.test(raw)) throw new ApiError(400, ErrorCode.VALIDATION, { field: 'cep' }, messages['visit.cep.invalid']);
    if (!withinLimit(c.get('customerId'))) throw new ApiError(429, ErrorCode.CEP_RATE_LIMIT, { retry_after_s: CEP_LOOKUP_WINDOW_MS / 1000 });
    try {
      const r = await cep().lookup(raw);
      if (!r.found) throw new ApiError(404, ErrorCode.CEP_NOT_FOUND);
      c.header('Cache-Control', 'private, max-age=3600');
      return c.json(r.address);
    } catch (e) {
      if (e instanceof CepUnavailable) {
        console.warn(e.message);
        throw new ApiError(503, ErrorCode.CEP_UNAVAILABLE);
      }
      throw e;
    }
  });
  return app;
}

/** Mounted on /api/v1/admin (staff token). */
export function visitsAdminApi(deps: AppDeps): Hono<StaffVars> {
  const { db, clock } = deps;
  const app = new Hono<StaffVars>();
  app.use('*', requireStaff(deps));
  app.get('/customers/:id/visit', async (c) => c.json({ data: await currentVisit(db, idOf(c.req.param('id'))) }));
  app.put('/customers/:id/visit', jsonBody(StaffVisitUpdate), async (c) => {
    const id = idOf(c.req.param('id'));
    if (!(await loadProcess(db, id))) throw new ApiError(404, ErrorCode.NOT_FOUND);
    const { visit } = await staffMoveVisit(db, clock, c.get('staffId'), id, c.req.valid('json').status);
    return c.json({ data: visit });
  });
  app.get('/config-calendar', async (c) => {
    const rows = await db.select().from(calendarBlockedDays).orderBy(calendarBlockedDays.day);
    return c.json({ data: rows.map((r) => ({ day: r.day, reason: r.reason })) });
  });
  app.put('/config-calendar/:day', jsonBody(BlockedDayRequest), async (c) => {
    const day = c.req.param('day');
    const reason = c.req.valid('json').reason ?? null;
    await blockDay(db, clock, c.get('staffId'), day, reason);
    return c.json({ day, reason });
  });
  app.delete('/config-calendar/:day', async (c) => {
    const day = c.req.param('day');
    await unblockDay(db, clock, c.get('staffId'), day);
    return c.json({ day, blocked: false });
  });
  return app;
}
