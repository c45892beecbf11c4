import { getHolidays, type StateCode } from '@brazilian-utils/brazilian-utils';
import type { MenuStep } from '../steps';
import { dateTimeFormat } from '../intl';

/**
 * The technical-visit calendar rules (spec §5 "Technical visit form", §9 "Visit calendar"), as pure
 * functions of the customer's local clock. The browser's Calendar (`isDateUnavailable`) and the
 * server's booking re-check both call these; the clock always comes in as input.
 *
 * Earliest bookable day, which the noon cut-off and the Friday/Saturday/weekend rules amount to:
 *
 * | today     | before 12:00 | from 12:00 |
 * |-----------|--------------|------------|
 * | Mon – Thu | tomorrow     | day after  |
 * | Friday    | Saturday     | Tuesday    |
 * | Saturday  | Tuesday      | Tuesday    |
 * | Sunday    | Tuesday      | Tuesday    |
 *
 * Today itself is never bookable (the cut-off gives the company at least an afternoon's notice).
 * Sundays, national holidays (plus the state's when given), the server's list, and every day from
 * 31 days ahead are blocked too.
 */

/** A calendar day; month 1–12 (the shape of @internationalized/date's CalendarDate). */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The customer's local wall clock (state time zone). */
export interface LocalClock extends CalendarDay {
  readonly hour: number;
  readonly minute: number;
}

export const NOON_CUTOFF_HOUR = 12;
/** Days from today on which the calendar stops offering dates (spec: "from 31 days ahead"). */
export const FIRST_DAY_TOO_FAR = 31;
/** Spec §9: installation time slots 09:00 to 17:00 without 13:00 (lunch). */
export const VISIT_TIME_SLOTS = ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00'] as const;
export type VisitTimeSlot = (typeof VISIT_TIME_SLOTS)[number];
/** A visit cannot be cancelled or rescheduled within this many hours of it (spec §4, §9). */
export const CHANGE_LIMIT_HOURS = 24;

export type UnavailableReason =
  | 'past' // today or before
  | 'too_far' // 31 days ahead or more
  | 'sunday'
  | 'cutoff' // the noon cut-off or the Friday/Saturday/weekend rules
  | 'holiday' // the base blocked list
  | 'blocked'; // the server's calendar config

const DAY_MS = 86_400_000;
const SUNDAY = 0;
const FRIDAY = 5;
const SATURDAY = 6;

const dayNumber = (d: CalendarDay) => Math.round(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);
/** 0 = Sunday … 6 = Saturday */
export const weekdayOf = (d: CalendarDay): number => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD' */
export const isoDay = (d: CalendarDay): string => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

/**
 * The server's list may come as 'YYYY-MM-DD', a full ISO date-time (its date part is taken) or
 * 'DD/MM/YYYY'; anything else is ignored.
 */
export function parseBlockedDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (br) return `${br[3]}-${br[2]}-${br[1]}`;
  return null;
}

const holidayCache = new Map<string, ReadonlySet<string>>();
/** The base blocked list: national holidays of the year, plus the state's own when a state is given. */
export function baseBlockedDays(year: number, uf?: string): ReadonlySet<string> {
  const key = `${year}:${uf ?? ''}`;
  let days = holidayCache.get(key);
  if (!days) {
    const holidays = uf ? getHolidays({ year, stateCode: uf as StateCode }) : getHolidays(year);
    days = new Set(
      holidays
        .filter((h) => h.type === 'national' || h.type === 'state')
        // getHolidays builds each date at local midnight, so its local getters give the calendar day.
        .map((h) => isoDay({ year: h.date.getFullYear(), month: h.date.getMonth() + 1, day: h.date.getDate() })),
    );
    holidayCache.set(key, days);
  }
  return days;
}

/** Days after today of the earliest bookable day (see the table above). */
export function earliestBookableOffset(now: LocalClock): number {
  const weekday = weekdayOf(now);
  const afternoon = now.hour >= NOON_CUTOFF_HOUR;
  if (weekday === FRIDAY) return afternoon ? 4 : 1;
  if (weekday === SATURDAY) return 3;
  if (weekday === SUNDAY) return 2;
  return afternoon ? 2 : 1;
}

export interface VisitCalendarOptions {
  /** the server's `GET /portal/config-calendar` list (an empty list when that call failed) */
  readonly blocked?: readonly string[];
  /** the customer's state, to add its holidays to the base list */
  readonly uf?: string;
}

/** Why a day cannot be booked, or null when it can. */
export function visitDateUnavailableReason(date: CalendarDay, now: LocalClock, options: VisitCalendarOptions = {}): UnavailableReason | null {
  const offset = dayNumber(date) - dayNumber(now);
  if (offset <= 0) return 'past';
  if (offset >= FIRST_DAY_TOO_FAR) return 'too_far';
  const weekday = weekdayOf(date);
  if (weekday === SUNDAY) return 'sunday';
  if (offset < earliestBookableOffset(now)) return 'cutoff';
  const iso = isoDay(date);
  if (baseBlockedDays(date.year, options.uf).has(iso)) return 'holiday';
  if (options.blocked?.some((b) => parseBlockedDate(b) === iso)) return 'blocked';
  return null;
}

export function isVisitDateUnavailable(date: CalendarDay, now: LocalClock, options: VisitCalendarOptions = {}): boolean {
  return visitDateUnavailableReason(date, now, options) !== null;
}

/**
 * The first day the calendar lets the customer book, or null when none within the bookable window
 * (every day blocked). The calendar opens on it, so a keyboard user does not land on an unavailable
 * today and a screen reader's "first available date" is true.
 */
export function firstBookableDay(now: LocalClock, options: VisitCalendarOptions = {}): CalendarDay | null {
  for (let offset = 1; offset < FIRST_DAY_TOO_FAR; offset++) {
    const at = new Date(Date.UTC(now.year, now.month - 1, now.day + offset));
    const day = { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
    if (!isVisitDateUnavailable(day, now, options)) return day;
  }
  return null;
}

/** The last day the calendar lets the customer book (its maxValue: no paging into months with no day to choose). */
export function lastBookableDay(now: LocalClock, options: VisitCalendarOptions = {}): CalendarDay | null {
  for (let offset = FIRST_DAY_TOO_FAR - 1; offset > 0; offset--) {
    const at = new Date(Date.UTC(now.year, now.month - 1, now.day + offset));
    const day = { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
    if (!isVisitDateUnavailable(day, now, options)) return day;
  }
  return null;
}

export function isVisitTimeSlot(time: string): time is VisitTimeSlot {
  return (VISIT_TIME_SLOTS as readonly string[]).includes(time);
}

/** A real calendar day (no 30 February). */
export function isCalendarDay(d: CalendarDay): boolean {
  if (![d.year, d.month, d.day].every(Number.isInteger)) return false;
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day));
  return t.getUTCFullYear() === d.year && t.getUTCMonth() === d.month - 1 && t.getUTCDate() === d.day;
}

/** 'YYYY-MM-DD' -> a calendar day, or null when it is not one. */
export function parseCalendarDay(text: string): CalendarDay | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isCalendarDay(d) ? d : null;
}

export type VisitBookingProblem = UnavailableReason | 'invalid_date' | 'invalid_slot';

/**
 * The server's re-check of a booking (ARCHITECTURE.md: every calendar rule again): the day must
 * be a real, bookable day and the time one of the slots. Null when the booking is acceptable.
 */
export function visitBookingProblem(date: CalendarDay, time: string, now: LocalClock, options: VisitCalendarOptions = {}): VisitBookingProblem | null {
  if (!isCalendarDay(date)) return 'invalid_date';
  if (!isVisitTimeSlot(time)) return 'invalid_slot';
  return visitDateUnavailableReason(date, now, options);
}

/** Minutes from `now` until `at`, both on the same local wall clock (Brazil has no DST since 2019). */
export function minutesUntil(at: LocalClock, now: LocalClock): number {
  const ms = (c: LocalClock) => Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  return Math.round((ms(at) - ms(now)) / 60_000);
}

/**
 * A visit can be cancelled or rescheduled only while it is at least 24 hours away; otherwise the
 * customer sees 'Sua visita está muito próxima, não é possível cancelar'.
 */
export function canChangeVisit(visitAt: LocalClock, now: LocalClock): boolean {
  return minutesUntil(visitAt, now) >= CHANGE_LIMIT_HOURS * 60;
}

/** A visit's slot 'HH:MM' on a day -> the local clock of its start. */
export function visitStart(date: CalendarDay, time: VisitTimeSlot): LocalClock {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { year: date.year, month: date.month, day: date.day, hour, minute };
}

/**
 * The time zone of each state's capital (IANA). The customer's local clock is read in it, as
 * ARCHITECTURE.md resolves for the noon cut-off; a few western municipalities of AM and PA differ.
 */
export const TIME_ZONE_BY_UF: Readonly<Record<string, string>> = {
  AC: 'America/Rio_Branco', AL: 'America/Maceio', AM: 'America/Manaus', AP: 'America/Belem', BA: 'America/Bahia',
  CE: 'America/Fortaleza', DF: 'America/Sao_Paulo', ES: 'America/Sao_Paulo', GO: 'America/Sao_Paulo',
  MA: 'America/Fortaleza', MG: 'America/Sao_Paulo', MS: 'America/Campo_Grande', MT: 'America/Cuiaba',
  PA: 'America/Belem', PB: 'America/Fortaleza', PE: 'America/Recife', PI: 'America/Fortaleza',
  PR: 'America/Sao_Paulo', RJ: 'America/Sao_Paulo', RN: 'America/Fortaleza', RO: 'America/Porto_Velho',
  RR: 'America/Boa_Vista', RS: 'America/Sao_Paulo', SC: 'America/Sao_Paulo', SE: 'America/Maceio',
  SP: 'America/Sao_Paulo', TO: 'America/Araguaina',
};

/** The wall clock in `timeZone` at the instant `at` (the caller passes the instant; no clock here). */
export function localClockAt(at: Date, timeZone: string): LocalClock {
  const parts = dateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/**
 * The customer asked for a visit the company has not concluded yet (the TECHNICAL_VISIT step is
 * PENDING): no other booking meanwhile (spec §2), and the approved bill says the visit is on its way.
 */
export const visitAwaitingCompany = (steps: readonly Pick<MenuStep, 'type' | 'status'>[] | undefined): boolean =>
  steps?.some((s) => s.type === 'TECHNICAL_VISIT' && s.status === 'PENDING') ?? false;

/** The outcomes that say the company has been to the property (spec §4 statuses). */
export const VISIT_OUTCOMES = ['ACCOMPLISHED_AND_APPROVED', 'DONE_AND_NOT_APPROVED'] as const;
export const isVisitOutcome = (status: string): boolean => (VISIT_OUTCOMES as readonly string[]).includes(status);

/**
 * Staff record what was seen at the visit (accomplished and approved, or done and not approved)
 * only once the visit's booked start has come, on the customer's local clock; before it, only
 * when staff confirm the company went early (`early`). Otherwise the outcome would read as past
 * for a visit that has not happened. Other moves (confirm, cancel) are not outcomes.
 */
export function visitOutcomeTooEarly(status: string, visitAt: LocalClock, now: LocalClock, early: boolean): boolean {
  return isVisitOutcome(status) && !early && minutesUntil(visitAt, now) > 0;
}
