import * as v from 'valibot';
import { messages, type MessageKey } from '../messages';
import { onlyDigits } from '../phone';
import { isMenuItemEnabled, MENU_ITEMS, type NavStep } from '../menu';
import type { CustomerKind } from '../steps';
import { isIsoDay } from '../calendar';
import { TIME_ZONE_BY_UF, VISIT_TIME_SLOTS, parseCalendarDay } from './rules';

const UF_CODES = Object.keys(TIME_ZONE_BY_UF);

/**
 * The technical visit's payloads (spec §3 "Technical visit schedule", §5 "Technical visit form",
 * §7 Visit): one schema per payload, used by the form, the server and the client's parsing.
 */

export const VISIT_STATUSES = ['UNCONFIRMED_APPOINTMENT', 'CONFIRMED_SCHEDULE', 'ACCOMPLISHED_AND_APPROVED', 'DONE_AND_NOT_APPROVED'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
/** Statuses a visit can still be cancelled or rescheduled in (the company has not been there yet). */
export const OPEN_VISIT_STATUSES: readonly VisitStatus[] = ['UNCONFIRMED_APPOINTMENT', 'CONFIRMED_SCHEDULE'];
export const isOpenVisit = (status: VisitStatus): boolean => OPEN_VISIT_STATUSES.includes(status);

const required = messages['common.form.required'];
const text = (max: number) => v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max));

/** Phone as the form sends it: digits only, DDD (first digit 1–9) and a 9-digit number (spec §5). */
export const VisitPhone = v.pipe(
  v.string(required), v.transform(onlyDigits), v.nonEmpty(required),
  v.check((d) => !d.startsWith('0'), messages['visit.phone.areaCode']),
  v.regex(/^[1-9]\d9\d{8}$/, messages['visit.phone.invalid']),
);

/**
 * What is wrong with the visit phone while it is typed or once it is left (issue 10: a DDD starting
 * with 0 went unsaid until submit). While typing only what more digits cannot fix (a DDD starting
 * with 0, a cell not starting with 9); once left, also a number too short. Empty is the submit's
 * 'required', not a typing error.
 */
export function visitPhoneProblem(typed: string, moment: 'typing' | 'left'): MessageKey | null {
  const digits = onlyDigits(typed);
  if (digits === '') return null;
  if (digits.startsWith('0')) return 'visit.phone.areaCode';
  if (digits.length >= 3 && digits[2] !== '9') return 'visit.phone.invalid';
  if (moment === 'left' && !v.is(VisitPhone, digits)) return 'visit.phone.invalid';
  return null;
}
/** CEP: 8 digits, sent without the hyphen. */
export const Cep = v.pipe(v.string(required), v.transform(onlyDigits), v.nonEmpty(required), v.regex(/^\d{8}$/, messages['visit.cep.invalid']));
/** A state's two letters, one of the 26 states and the Federal District. */
export const Uf = v.pipe(
  v.string(required), v.trim(), v.toUpperCase(), v.nonEmpty(required),
  v.check((uf) => (UF_CODES as readonly string[]).includes(uf), messages['visit.state.invalid']),
);

/** The address part of the form (every field but complement required). */
export const VisitAddress = v.object({
  phone: VisitPhone,
  cep: Cep,
  address: text(200),
  number: text(20),
  complement: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100), v.transform((s) => s || null))), null),
  neighborhood: text(100),
  city: text(100),
  state: Uf,
});

/** POST /portal/customers/scheduling and PUT .../scheduling/{id}: the day and slot plus the address. */
export const VisitRequest = v.object({
  date: v.pipe(
    v.string(messages['visit.dayAndTime.required']),
    v.check((s) => parseCalendarDay(s) !== null, messages['visit.dayAndTime.required']),
  ),
  time: v.picklist(VISIT_TIME_SLOTS, messages['visit.dayAndTime.required']),
  ...VisitAddress.entries,
});
export type VisitRequest = v.InferInput<typeof VisitRequest>;

/** A booked visit (spec §3): `schedule` is the start as ISO 8601 with the customer's offset. */
export const Visit = v.object({
  id: v.number(),
  schedule: v.string(),
  date: v.string(),
  time: v.string(),
  status: v.picklist(VISIT_STATUSES),
  phone: v.string(),
  cep: v.string(),
  address: v.string(),
  number: v.string(),
  complement: v.nullable(v.string()),
  neighborhood: v.string(),
  city: v.string(),
  state: v.string(),
});
export type Visit = v.InferOutput<typeof Visit>;

/** A visit the customer or staff cancelled (kept for its day and address). */
export const CancelledVisit = v.object({ ...Visit.entries, status: v.literal('CANCELLED') });
export type CancelledVisit = v.InferOutput<typeof CancelledVisit>;

/**
 * GET /portal/customers/scheduling: the customer's visit (open, or the last one done), or null;
 * with null, `cancelled` is the visit cancelled last (the page says so and reuses its address).
 */
export const VisitResponse = v.object({ data: v.nullable(Visit), cancelled: v.optional(v.nullable(CancelledVisit), null) });

/** A booked, rescheduled or staff-moved visit. */
export const VisitCreated = v.object({ data: Visit });

/** GET /portal/config-calendar: the days staff blocked ('YYYY-MM-DD'); the client reads an empty list on failure. */
export const CalendarConfigResponse = v.object({ data: v.array(v.string()) });

/** GET /portal/cep/{cep}: the postal-code lookup result, in ViaCEP's field names (spec §3). */
export const CepResult = v.object({
  cep: v.string(),
  logradouro: v.string(),
  bairro: v.string(),
  complemento: v.string(),
  localidade: v.string(),
  uf: v.string(),
});
export type CepResult = v.InferOutput<typeof CepResult>;

/** Staff: move a visit on (spec §4 statuses) or cancel it. */
export const STAFF_VISIT_STATUSES = ['CONFIRMED_SCHEDULE', 'ACCOMPLISHED_AND_APPROVED', 'DONE_AND_NOT_APPROVED', 'CANCELLED'] as const;
export const StaffVisitUpdate = v.object({
  status: v.picklist(STAFF_VISIT_STATUSES),
  /** staff confirm the company went before the booked time: an outcome may then be recorded early */
  early: v.optional(v.boolean(), false),
  /** with an outcome: what the technician saw (roof, shading, the meter), kept for the team's final proposal */
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'Até 2.000 caracteres.'))),
});
/** GET admin/customers/{id}/visit: the visit as the customer sees it, and the technician's notes (the team's only). */
export const StaffVisitResponse = v.object({
  data: v.nullable(v.object({ ...Visit.entries, notes: v.nullable(v.string()) })),
  cancelled: v.optional(v.nullable(CancelledVisit), null),
});
export const BlockedDayRequest = v.object({ reason: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))) });
/** GET admin/config-calendar (staff): the blocked days with their reasons. */
export const BlockedDaysWithReasons = v.object({ data: v.array(v.object({ day: v.string(), reason: v.nullable(v.string()) })) });

/** The banner of each status (spec §4). */
export const VISIT_STATUS_LABEL: Record<VisitStatus, string> = {
  UNCONFIRMED_APPOINTMENT: messages['visit.status.UNCONFIRMED_APPOINTMENT'],
  CONFIRMED_SCHEDULE: messages['visit.status.CONFIRMED_SCHEDULE'],
  ACCOMPLISHED_AND_APPROVED: messages['visit.status.ACCOMPLISHED_AND_APPROVED'],
  DONE_AND_NOT_APPROVED: messages['visit.status.DONE_AND_NOT_APPROVED'],
};

/** 'YYYY-MM-DD' + 'HH:MM' -> 'DD/MM/AAAA às HH:MM' (the confirmed banner's day and hour). */
export function visitWhen(date: string, time: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y} às ${time}`;
}

/** CEP as typed: digits only, '01310-100' once past 5 digits. */
export function maskCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** Visit phone as typed: '(11) 98765-4321' (the sign-up cell mask, spec §5). */
export { maskCellPhone as maskVisitPhone } from '../phone';

/**
 * The next-step bar of the visit page (spec §2): only subscription customers see it. The spec says
 * 'Escolha seu plano' "is enabled unless the visit is accomplished and approved", which read literally
 * gives a button that does nothing before the approval (the journey refuses the plan route) and is
 * dead after it. Resolved (docs/decisions/0013-technical-visit.md): it is enabled exactly when the plan screen is open to
 * the customer by the menu's rule, which is after the visit is accomplished and approved.
 */
export function visitStepBar(kind: CustomerKind, steps: readonly NavStep[] | undefined): { shown: boolean; nextEnabled: boolean } {
  const plan = MENU_ITEMS.find((item) => item.key === 'plan');
  const shown = kind === 'SUBSCRIPTION';
  return { shown, nextEnabled: shown && plan !== undefined && isMenuItemEnabled(plan, steps, kind) };
}

// ---- the scheduler's agenda (back-office) ---------------------------------------------------------

/** GET admin/visits?week=YYYY-MM-DD: any day of the week wanted (read as its Monday); this week when left out. */
export const AgendaWeekQuery = v.pipe(v.string(), v.check(isIsoDay, 'Informe a semana como AAAA-MM-DD.'));

/** One visit of the week as the agenda lists it. */
export const AgendaVisit = v.object({
  id: v.number(),
  customer_id: v.number(),
  customer_name: v.string(),
  /** the customer's state: their time zone and holidays (the calendar rules) */
  uf: v.string(),
  city: v.string(),
  state: v.string(),
  date: v.string(),
  time: v.string(),
  schedule: v.string(),
  status: v.picklist(VISIT_STATUSES),
  /** confirmed and its booked start has come: the scheduler records what was seen */
  outcome_due: v.boolean(),
  /** open and 24 hours away or more: it may still be rescheduled */
  changeable: v.boolean(),
});
export type AgendaVisit = v.InferOutput<typeof AgendaVisit>;

/** GET admin/visits: the week (Monday), its days Monday to Saturday, its blocked days and its visits by day and slot. */
export const AgendaWeek = v.object({
  data: v.object({
    week: v.string(),
    days: v.array(v.string()),
    blocked: v.array(v.object({ day: v.string(), reason: v.nullable(v.string()) })),
    visits: v.array(AgendaVisit),
  }),
});
export type AgendaWeek = v.InferOutput<typeof AgendaWeek>['data'];

/**
 * PUT admin/customers/{id}/visit/date: staff move the open visit to another day and slot. `visit_id`
 * and `seen` are the visit as the staff member saw it: when it changed meanwhile the move is refused
 * (4091) rather than applied to a visit they did not see.
 */
export const StaffVisitReschedule = v.object({
  visit_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  seen: v.object({ date: v.string(), time: v.string() }),
  ...v.pick(VisitRequest, ['date', 'time']).entries,
});
export type StaffVisitReschedule = v.InferInput<typeof StaffVisitReschedule>;
