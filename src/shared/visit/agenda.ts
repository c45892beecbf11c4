import { dayNumber, dayOf, type IsoDay } from '../calendar';
import { OPEN_VISIT_STATUSES } from './payloads';
import {
  canChangeVisit, minutesUntil, parseCalendarDay, TIME_ZONE_BY_UF, VISIT_TIME_SLOTS, visitBookingProblem, visitStart,
  type LocalClock, type VisitBookingProblem, type VisitCalendarOptions, type VisitTimeSlot,
} from './rules';

/**
 * The scheduler's agenda (back-office): the week of visits it shows, and the rules of a staff
 * reschedule. The screen's date picker and the server's re-check both call these; the clock
 * always comes in as input, read in the customer's time zone.
 */

/** Monday to Saturday: Sundays are never bookable (spec §5), so the agenda has no column for them. */
export const AGENDA_DAYS = 6;

const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
/** The customer's time zone: their state's capital (rules.ts TIME_ZONE_BY_UF), São Paulo's when unknown. */
export const visitTimeZone = (uf: string | null | undefined): string => (uf && TIME_ZONE_BY_UF[uf.toUpperCase()]) || DEFAULT_TIME_ZONE;

/** The Monday of the week `day` is in (a Sunday belongs to the week before it). */
export function mondayOf(day: IsoDay): IsoDay {
  const n = dayNumber(day);
  // day 0 (1970-01-01) was a Thursday: (n + 3) mod 7 is 0 on Mondays
  return dayOf(n - (((n + 3) % 7) + 7) % 7);
}

/** The week `weeks` after the one starting `monday` (negative: before). */
export const weekAfter = (monday: IsoDay, weeks: number): IsoDay => dayOf(dayNumber(monday) + 7 * weeks);

/** The agenda's days of the week starting `monday`, Monday to Saturday. */
export const agendaDays = (monday: IsoDay): IsoDay[] => Array.from({ length: AGENDA_DAYS }, (_, i) => dayOf(dayNumber(monday) + i));

/**
 * A visit's outcome is due once it is confirmed and its booked start has come on the customer's
 * clock (before it, an outcome needs staff to confirm an early visit: rules.ts visitOutcomeTooEarly).
 */
export const visitOutcomeDue = (status: string, start: LocalClock, now: LocalClock): boolean =>
  status === 'CONFIRMED_SCHEDULE' && minutesUntil(start, now) <= 0;

/** A visit still to happen (payloads.ts OPEN_VISIT_STATUSES): staff may confirm, reschedule or cancel it. */
export const isOpenVisitStatus = (status: string): boolean => (OPEN_VISIT_STATUSES as readonly string[]).includes(status);

export interface VisitSlot { readonly date: string; readonly time: string }

/**
 * Why staff may not move a visit from `current` to `target`, or null when they may:
 * - 'too_close': the visit is within 24 hours (spec §4: it cannot be rescheduled then);
 * - any reason the customer's own calendar gives for the new day or slot (past, cut-off, Sunday,
 *   holiday, staff-blocked day, 31 days ahead or more, not a slot);
 * - 'target_too_close': the new time is within 24 hours, so it could not be changed again;
 * - 'unchanged': the same day and slot.
 */
export type StaffRescheduleProblem = 'too_close' | 'target_too_close' | 'unchanged' | VisitBookingProblem;

export function staffRescheduleProblem(current: VisitSlot, target: VisitSlot, now: LocalClock, options: VisitCalendarOptions = {}): StaffRescheduleProblem | null {
  const currentDay = parseCalendarDay(current.date);
  if (currentDay && !canChangeVisit(visitStart(currentDay, current.time as VisitTimeSlot), now)) return 'too_close';
  if (current.date === target.date && current.time === target.time) return 'unchanged';
  const day = parseCalendarDay(target.date);
  if (!day) return 'invalid_date';
  const problem = visitBookingProblem(day, target.time, now, options);
  if (problem) return problem;
  return canChangeVisit(visitStart(day, target.time as VisitTimeSlot), now) ? null : 'target_too_close';
}

/**
 * The visit's booked start has not come yet on the customer's clock: an outcome recorded now says
 * the company went early (the server's visitOutcomeTooEarly asks for `early` then).
 */
export function visitNotStartedYet(visit: VisitSlot, now: LocalClock): boolean {
  const day = parseCalendarDay(visit.date);
  return day !== null && minutesUntil(visitStart(day, visit.time as VisitTimeSlot), now) > 0;
}

/** An open visit 24 hours away or more: staff may still move it (spec §4). */
export function visitChangeable(visit: VisitSlot & { readonly status: string }, now: LocalClock): boolean {
  const day = parseCalendarDay(visit.date);
  return day !== null && isOpenVisitStatus(visit.status) && canChangeVisit(visitStart(day, visit.time as VisitTimeSlot), now);
}

/** The slots of `date` staff may move the visit at `current` to (none: the day is unavailable to the picker). */
export const staffRescheduleSlots = (current: VisitSlot, date: string, now: LocalClock, options: VisitCalendarOptions = {}): VisitTimeSlot[] =>
  VISIT_TIME_SLOTS.filter((time) => staffRescheduleProblem(current, { date, time }, now, options) === null);
