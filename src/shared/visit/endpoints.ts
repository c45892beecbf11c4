import { ANY_STAFF } from '../staff/roles';
import { endpoint, failure, staffFailures } from '../endpoint';
import {
  AgendaWeek, AgendaWeekQuery, BlockedDayRequest, BlockedDaysWithReasons, CalendarConfigResponse, CepResult, StaffVisitReschedule, StaffVisitResponse, StaffVisitUpdate,
  VisitCreated, VisitRequest, VisitResponse,
} from './payloads';

/** The technical visit: booking, rescheduling, cancelling, the calendar, the CEP lookup, and staff's side of it. */

const bookingErrors = {
  400: failure('a required field is missing or invalid (4000, with field); no day or slot: "Por favor selecione um dia e horario."'),
  401: failure('no valid session'),
  422: failure('the day or slot is not bookable by the calendar rules (4220, field date, reason past|too_far|sunday|cutoff|holiday|blocked|invalid_slot)'),
};
const tooClose = failure("within 24 hours of the visit: 'Sua visita está muito próxima, não é possível cancelar' (4095)");

export const visit = endpoint({
  method: 'get', path: '/portal/customers/scheduling', auth: 'customer', tag: 'visit',
  summary: "The customer's technical visit: the open one, else the last one concluded; data null when none, with `cancelled` the visit cancelled last (its day and address).",
  responses: { 200: { description: 'the visit or null', schema: VisitResponse }, 401: failure('no valid session') },
});

export const bookVisit = endpoint({
  method: 'post', path: '/portal/customers/scheduling', auth: 'customer', tag: 'visit', body: VisitRequest,
  summary: 'Book the technical visit (status UNCONFIRMED_APPOINTMENT); every calendar rule is checked again in the customer\'s time zone. The TECHNICAL_VISIT step becomes PENDING.',
  responses: {
    201: { description: 'booked', schema: VisitCreated }, ...bookingErrors,
    409: failure('a visit is already open (4093), or the visit step is not open (4090)'),
  },
});

export const rescheduleVisit = endpoint({
  method: 'put', path: '/portal/customers/scheduling/:id', auth: 'customer', tag: 'visit', body: VisitRequest,
  summary: 'Reschedule the open visit (day, slot, address); it goes back to UNCONFIRMED_APPOINTMENT. Refused within 24 hours of the visit.',
  responses: {
    200: { description: 'rescheduled', schema: VisitCreated }, ...bookingErrors, 404: failure('no such open visit of this customer (4043)'),
    409: tooClose,
  },
});

export const cancelVisit = endpoint({
  method: 'delete', path: '/portal/customers/scheduling/:id', auth: 'customer', tag: 'visit',
  summary: 'Cancel the open visit; the TECHNICAL_VISIT step opens again. Refused within 24 hours of the visit.',
  responses: {
    200: { description: 'cancelled', schema: VisitResponse }, 401: failure('no valid session'), 404: failure('no such open visit of this customer (4043)'),
    409: tooClose,
  },
});

export const blockedDays = endpoint({
  method: 'get', path: '/portal/config-calendar', auth: 'none', tag: 'visit',
  summary: 'Days the company blocked for visits (YYYY-MM-DD). National and state holidays are added by the calendar rules, not listed here.',
  responses: { 200: { description: 'blocked days', schema: CalendarConfigResponse } },
});

export const cep = endpoint({
  method: 'get', path: '/portal/cep/:cep', auth: 'customer', tag: 'visit',
  summary: 'Postal-code lookup (ViaCEP, then the fallback provider; cached), in ViaCEP\'s field names.',
  responses: {
    200: { description: 'the address', schema: CepResult }, 400: failure('not 8 digits (4000)'), 401: failure('no valid session'),
    404: failure('unknown CEP (4044)'), 429: failure('more than 30 lookups in 10 minutes by this customer (4293)'),
    503: failure('no provider answered (5030): the form asks for the address by hand'),
  },
});

// ---- staff --------------------------------------------------------------------------------------

export const customerVisit = endpoint({
  method: 'get', path: '/admin/customers/:id/visit', auth: 'staff', roles: ANY_STAFF, tag: 'admin', summary: "A customer's technical visit with the technician's notes (staff).",
  responses: { 200: { description: 'the visit or null', schema: StaffVisitResponse }, ...staffFailures },
});

export const moveVisit = endpoint({
  method: 'put', path: '/admin/customers/:id/visit', auth: 'staff', roles: ['scheduler'], tag: 'admin', body: StaffVisitUpdate,
  summary: "Move the customer's visit: CONFIRMED_SCHEDULE (from UNCONFIRMED_APPOINTMENT), ACCOMPLISHED_AND_APPROVED or DONE_AND_NOT_APPROVED (from CONFIRMED_SCHEDULE, from the visit's booked start on; before it only with early: true, staff confirming an early visit; with the technician's notes), or CANCELLED. Process event, notification and audit commit together.",
  responses: {
    200: { description: 'the visit after the move', schema: VisitCreated }, ...staffFailures, 404: failure('no visit (4043)'),
    409: failure('not allowed from the current status (4090), or an outcome before the booked start without early: true (4096, with the schedule); nothing changed'),
  },
});

export const calendar = endpoint({
  method: 'get', path: '/admin/config-calendar', auth: 'staff', roles: ANY_STAFF, tag: 'admin', summary: 'The days blocked for visits, with reasons.',
  responses: { 200: { description: 'blocked days', schema: BlockedDaysWithReasons }, ...staffFailures },
});

export const blockDay = endpoint({
  method: 'put', path: '/admin/config-calendar/:day', auth: 'staff', roles: ['admin'], tag: 'admin', body: BlockedDayRequest,
  summary: 'Block a day (YYYY-MM-DD) for visits (audited). Visits already booked on it are kept.',
  responses: { 200: { description: 'blocked' }, ...staffFailures, 400: failure('not a day (4000)') },
});

export const unblockDay = endpoint({
  method: 'delete', path: '/admin/config-calendar/:day', auth: 'staff', roles: ['admin'], tag: 'admin', summary: 'Open a blocked day again (audited).',
  responses: { 200: { description: 'open again' }, ...staffFailures },
});

export const agenda = endpoint({
  method: 'get', path: '/admin/visits', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: "The scheduler's agenda: the week's visits (not cancelled) Monday to Saturday with customer, city, day, slot, status and whether an outcome is due, and the week's blocked days.",
  query: { week: { schema: AgendaWeekQuery, description: 'any day of the week (YYYY-MM-DD), read as its Monday; this week in Brazil when left out' } },
  responses: { 200: { description: 'the week', schema: AgendaWeek }, ...staffFailures, 400: failure('week is not a day (4000)') },
});

export const staffRescheduleVisit = endpoint({
  method: 'put', path: '/admin/customers/:id/visit/date', auth: 'staff', roles: ['scheduler'], tag: 'admin', body: StaffVisitReschedule,
  summary: "Staff move the customer's open visit to another day and slot, keeping its status. Refused within 24 hours of the visit, for a new time within 24 hours, and for a day the customer's calendar would refuse (blocked, Sunday, holiday, cut-off). Audited before/after; the customer is told the new time.",
  responses: {
    200: { description: 'the visit at its new time', schema: VisitCreated }, ...staffFailures, 404: failure('no such visit of this customer (4043)'),
    409: failure("the visit is within 24 hours: 'Sua visita está muito próxima, não é possível cancelar' (4095); or it changed since staff saw it (4091); nothing changed"),
    422: failure('the new day or slot is not available (4220, field date, reason past|too_far|sunday|cutoff|holiday|blocked|invalid_slot|target_too_close|unchanged)'),
  },
});

export const visitEndpoints = [
  visit, bookVisit, rescheduleVisit, cancelVisit, blockedDays, cep, customerVisit, moveVisit, calendar, blockDay, unblockDay, agenda, staffRescheduleVisit,
];
