import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TIME_ZONE_BY_UF, VISIT_TIME_SLOTS, baseBlockedDays, firstBookableDay, lastBookableDay, isCalendarDay, parseCalendarDay, visitBookingProblem, canChangeVisit, isVisitDateUnavailable, isVisitTimeSlot, isoDay, localClockAt,
  minutesUntil, parseBlockedDate, visitDateUnavailableReason, visitStart, weekdayOf, type CalendarDay, type LocalClock,
} from '#shared/visit/rules';

const DAY_MS = 86_400_000;
const SUN = 0, MON = 1, FRI = 5, SAT = 6;

/** The day `offset` days after `d` (UTC arithmetic on calendar days). */
function addDays(d: CalendarDay, offset: number): CalendarDay {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + offset * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}
const clock = (d: CalendarDay, hour: number, minute = 0): LocalClock => ({ ...d, hour, minute });
const isHoliday = (d: CalendarDay, uf?: string) => baseBlockedDays(d.year, uf).has(isoDay(d));

/**
 * The spec's sentences, one by one (spec §5), as the oracle: the implementation is written as an
 * "earliest bookable day" table instead, so the two formulations check each other.
 */
function specSaysUnavailable(date: CalendarDay, now: LocalClock, blocked: readonly string[]): boolean {
  const offset = Math.round((Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(now.year, now.month - 1, now.day)) / DAY_MS);
  const today = weekdayOf(now);
  const target = weekdayOf(date);
  const afternoon = now.hour >= 12;
  if (target === SUN) return true; // Sundays
  if (offset <= 0) return true; // past days (and today: the next-day cut-off implies no same-day visit)
  if (offset >= 31) return true; // from 31 days ahead
  if (isHoliday(date)) return true; // base blocked list
  if (blocked.includes(isoDay(date))) return true; // server's calendar config
  if (afternoon && offset === 1) return true; // after 12:00 the next day is blocked
  if (today === FRI && afternoon && offset <= 3) return true; // Friday after noon: Sat, Sun, Mon
  if (today === SAT && afternoon && offset <= 2) return true; // Saturday after noon: Sun, Mon
  if ((today === SAT || today === SUN) && !afternoon && target === MON && offset <= 2) return true; // weekend before noon: Monday
  return false;
}

/** any day from 2024 to 2031, so month ends, year ends and leap days all occur */
const anyDay = fc.integer({ min: 0, max: 8 * 366 }).map((n) => addDays({ year: 2024, month: 1, day: 1 }, n));
/** days at the edge of a month or a year */
const edgeDay = fc.record({ year: fc.integer({ min: 2024, max: 2031 }), month: fc.integer({ min: 1, max: 12 }), back: fc.integer({ min: 0, max: 4 }) })
  .map(({ year, month, back }) => addDays({ year: month === 12 ? year + 1 : year, month: month === 12 ? 1 : month + 1, day: 1 }, -1 - back));
const anyClock = fc.record({ day: fc.oneof(anyDay, edgeDay), hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) })
  .map(({ day, hour, minute }) => clock(day, hour, minute));

describe('visit calendar: unavailable dates (spec §5)', () => {
  it('every weekday × every hour × every offset from -3 to 40 days matches the spec, across a month and a year boundary', () => {
    // 2026-12-26 is a Saturday: the week from it crosses 31 Dec -> 1 Jan; 2027-02-22.. crosses Feb -> Mar.
    for (const start of [{ year: 2026, month: 12, day: 26 }, { year: 2027, month: 2, day: 22 }]) {
      for (let w = 0; w < 7; w++) {
        const today = addDays(start, w);
        for (let hour = 0; hour < 24; hour++) {
          for (const minute of [0, 59]) {
            const now = clock(today, hour, minute);
            for (let offset = -3; offset <= 40; offset++) {
              const date = addDays(today, offset);
              expect(isVisitDateUnavailable(date, now), `${isoDay(today)} ${hour}:${minute} -> ${isoDay(date)}`).toBe(specSaysUnavailable(date, now, []));
            }
          }
        }
      }
    }
  });

  it('matches the spec for any clock and any day, with any server list', () => {
    fc.assert(
      fc.property(anyClock, fc.integer({ min: -40, max: 60 }), fc.array(fc.integer({ min: 0, max: 35 }), { maxLength: 6 }), (now, offset, blockedOffsets) => {
        const date = addDays(now, offset);
        const blocked = blockedOffsets.map((o) => isoDay(addDays(now, o)));
        expect(isVisitDateUnavailable(date, now, { blocked })).toBe(specSaysUnavailable(date, now, blocked));
      }),
      { numRuns: 3000 },
    );
  });

  it('a bookable day exists within the window whatever the clock (the calendar is never empty)', () => {
    fc.assert(
      fc.property(anyClock, (now) => {
        const offsets = Array.from({ length: 30 }, (_, i) => i + 1);
        expect(offsets.some((o) => !isVisitDateUnavailable(addDays(now, o), now))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the first bookable day (where the calendar opens) is bookable and no earlier day is, with any server list', () => {
    fc.assert(
      fc.property(anyClock, fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 8 }), (now, offsets) => {
        const blocked = offsets.map((o) => isoDay(addDays(now, o)));
        const first = firstBookableDay(now, { blocked, uf: 'SP' });
        const bookable = Array.from({ length: 30 }, (_, i) => addDays(now, i + 1)).filter((d) => !isVisitDateUnavailable(d, now, { blocked, uf: 'SP' }));
        expect(first).toEqual(bookable[0] ?? null);
      }),
      { numRuns: 300 },
    );
  });

  it('no first bookable day when the server blocks every day of the window', () => {
    const now = clock({ year: 2026, month: 11, day: 22 }, 9);
    const blocked = Array.from({ length: 30 }, (_, i) => isoDay(addDays(now, i + 1)));
    expect(firstBookableDay(now, { blocked })).toBeNull();
    expect(firstBookableDay(now)).toEqual({ year: 2026, month: 11, day: 24 });
    expect(lastBookableDay(now, { blocked })).toBeNull();
  });

  it('the last bookable day is the last one before the 31-day limit that the rules leave open', () => {
    // Sunday 22 Nov: day 30 ahead is Tuesday 22 Dec; from a Monday, day 30 ahead is Wednesday 23 Dec
    expect(lastBookableDay(clock({ year: 2026, month: 11, day: 22 }, 9))).toEqual({ year: 2026, month: 12, day: 22 });
    expect(lastBookableDay(clock({ year: 2026, month: 11, day: 23 }, 9))).toEqual({ year: 2026, month: 12, day: 23 });
    expect(lastBookableDay(clock({ year: 2026, month: 11, day: 27 }, 9))).toEqual({ year: 2026, month: 12, day: 26 });
    // day 30 ahead of 26 Nov is Saturday 26 Dec, of 27 Nov Sunday 27 Dec (skipped: the Saturday again)
    fc.assert(fc.property(anyClock, fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 8 }), (now, offsets) => {
      const blocked = offsets.map((o) => isoDay(addDays(now, o)));
      const bookable = Array.from({ length: 30 }, (_, i) => addDays(now, i + 1)).filter((d) => !isVisitDateUnavailable(d, now, { blocked, uf: 'SP' }));
      expect(lastBookableDay(now, { blocked, uf: 'SP' })).toEqual(bookable[bookable.length - 1] ?? null);
    }), { numRuns: 300 });
  });

  it('every day on the server list is unavailable, and the list blocks nothing else', () => {
    fc.assert(
      fc.property(anyClock, fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 8 }), (now, offsets) => {
        const blocked = offsets.map((o) => isoDay(addDays(now, o)));
        for (let o = 1; o <= 30; o++) {
          const date = addDays(now, o);
          const withList = isVisitDateUnavailable(date, now, { blocked });
          const withoutList = isVisitDateUnavailable(date, now, { blocked: [] });
          expect(withList).toBe(withoutList || blocked.includes(isoDay(date)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('an empty server list (the call failed) leaves the base rules', () => {
    const now = clock({ year: 2026, month: 3, day: 2 }, 9); // Monday morning
    expect(isVisitDateUnavailable({ year: 2026, month: 3, day: 3 }, now, { blocked: [] })).toBe(false);
    expect(isVisitDateUnavailable({ year: 2026, month: 3, day: 3 }, now)).toBe(false);
  });

  it('reads the server list as YYYY-MM-DD, ISO date-time or DD/MM/YYYY and ignores anything else', () => {
    expect(parseBlockedDate('2026-03-10')).toBe('2026-03-10');
    expect(parseBlockedDate('2026-03-10T00:00:00.000Z')).toBe('2026-03-10');
    expect(parseBlockedDate('10/03/2026')).toBe('2026-03-10');
    expect(parseBlockedDate('amanhã')).toBeNull();
    const now = clock({ year: 2026, month: 3, day: 2 }, 9);
    expect(visitDateUnavailableReason({ year: 2026, month: 3, day: 10 }, now, { blocked: ['10/03/2026'] })).toBe('blocked');
    expect(visitDateUnavailableReason({ year: 2026, month: 3, day: 10 }, now, { blocked: ['lixo'] })).toBeNull();
  });

  it('blocks national holidays (base list) and, given the state, its holidays', () => {
    const now = clock({ year: 2026, month: 11, day: 16 }, 9); // Monday
    expect(visitDateUnavailableReason({ year: 2026, month: 11, day: 20 }, now)).toBe('holiday'); // Consciência Negra
    expect(visitDateUnavailableReason({ year: 2026, month: 12, day: 25 }, clock({ year: 2026, month: 12, day: 21 }, 9))).toBe('holiday'); // Natal
    const before = clock({ year: 2026, month: 12, day: 28 }, 9);
    expect(visitDateUnavailableReason({ year: 2027, month: 1, day: 1 }, before)).toBe('holiday'); // Ano novo, next year
    expect(visitDateUnavailableReason({ year: 2026, month: 4, day: 3 }, clock({ year: 2026, month: 3, day: 30 }, 9))).toBe('holiday'); // Sexta-feira Santa
    // 9 July (Revolução Constitucionalista) is a São Paulo holiday only
    const july = clock({ year: 2026, month: 7, day: 6 }, 9);
    expect(visitDateUnavailableReason({ year: 2026, month: 7, day: 9 }, july)).toBeNull();
    expect(visitDateUnavailableReason({ year: 2026, month: 7, day: 9 }, july, { uf: 'SP' })).toBe('holiday');
  });

  it('names the reason: past, too far, Sunday, cut-off', () => {
    const fridayAfternoon = clock({ year: 2026, month: 3, day: 6 }, 12, 0);
    expect(visitDateUnavailableReason({ year: 2026, month: 3, day: 6 }, fridayAfternoon)).toBe('past');
    expect(visitDateUnavailableReason({ year: 2026, month: 3, day: 7 }, fridayAfternoon)).toBe('cutoff'); // Saturday
    expect(visitDateUnavailableReason({ year: 2026, month: 3, day: 8 }, fridayAfternoon)).toBe('sunday');
    expect(visitDateUnavailableReason({ year: 2026, month: 3, day: 9 }, fridayAfternoon)).toBe('cutoff'); // Monday
    expect(visitDateUnavailableReason({ year: 2026, month: 3, day: 10 }, fridayAfternoon)).toBeNull(); // Tuesday
    expect(visitDateUnavailableReason({ year: 2026, month: 4, day: 6 }, fridayAfternoon)).toBe('too_far'); // 31 days
    expect(visitDateUnavailableReason({ year: 2026, month: 4, day: 4 }, fridayAfternoon)).toBeNull(); // 29 days, Saturday
    // 11:59 on Friday is still the morning: Saturday is bookable
    expect(visitDateUnavailableReason({ year: 2026, month: 3, day: 7 }, clock({ year: 2026, month: 3, day: 6 }, 11, 59))).toBeNull();
  });
});

describe('visit time slots (spec §9)', () => {
  it('are 09:00 to 17:00 on the hour without 13:00', () => {
    expect(VISIT_TIME_SLOTS).toEqual(['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00']);
    expect(isVisitTimeSlot('13:00')).toBe(false);
    expect(isVisitTimeSlot('08:00')).toBe(false);
    expect(isVisitTimeSlot('17:00')).toBe(true);
    expect(visitStart({ year: 2026, month: 3, day: 10 }, '14:00')).toEqual({ year: 2026, month: 3, day: 10, hour: 14, minute: 0 });
  });
});

describe("the server's re-check of a booking", () => {
  const mondayMorning = clock({ year: 2026, month: 3, day: 2 }, 9);
  it('accepts a bookable day and slot, and names what is wrong otherwise', () => {
    expect(visitBookingProblem({ year: 2026, month: 3, day: 3 }, '09:00', mondayMorning)).toBeNull();
    expect(visitBookingProblem({ year: 2026, month: 3, day: 3 }, '13:00', mondayMorning)).toBe('invalid_slot');
    expect(visitBookingProblem({ year: 2026, month: 2, day: 30 }, '09:00', mondayMorning)).toBe('invalid_date');
    expect(visitBookingProblem({ year: 2026, month: 3, day: 8 }, '09:00', mondayMorning)).toBe('sunday');
    expect(visitBookingProblem({ year: 2026, month: 3, day: 3 }, '09:00', clock({ year: 2026, month: 3, day: 2 }, 12))).toBe('cutoff');
    expect(visitBookingProblem({ year: 2026, month: 3, day: 4 }, '10:00', mondayMorning, { blocked: ['2026-03-04'] })).toBe('blocked');
  });
  it('reads days as YYYY-MM-DD and refuses days that do not exist', () => {
    expect(parseCalendarDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseCalendarDay('2026-02-29')).toBeNull();
    expect(parseCalendarDay('2026-13-01')).toBeNull();
    expect(parseCalendarDay('01/03/2026')).toBeNull();
    expect(isCalendarDay({ year: 2026, month: 4, day: 31 })).toBe(false);
    expect(isCalendarDay({ year: 2026, month: 1.5, day: 1 })).toBe(false);
  });
  it('agrees with the calendar for every real day and slot', () => {
    fc.assert(
      fc.property(anyClock, fc.integer({ min: -5, max: 40 }), fc.constantFrom(...VISIT_TIME_SLOTS), (now, offset, time) => {
        const date = addDays(now, offset);
        expect(visitBookingProblem(date, time, now)).toBe(visitDateUnavailableReason(date, now));
      }),
      { numRuns: 500 },
    );
  });
});

describe('24-hour limit to cancel or reschedule', () => {
  it('allows a change only while the visit is at least 24 hours away', () => {
    fc.assert(
      fc.property(anyClock, fc.integer({ min: -3 * 1440, max: 5 * 1440 }), (now, minutesAhead) => {
        const at = new Date(Date.UTC(now.year, now.month - 1, now.day, now.hour, now.minute) + minutesAhead * 60_000);
        const visit: LocalClock = { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate(), hour: at.getUTCHours(), minute: at.getUTCMinutes() };
        expect(minutesUntil(visit, now)).toBe(minutesAhead);
        expect(canChangeVisit(visit, now)).toBe(minutesAhead >= 24 * 60);
      }),
      { numRuns: 1000 },
    );
  });

  it('counts across the year boundary', () => {
    const visit = visitStart({ year: 2027, month: 1, day: 1 }, '10:00');
    expect(canChangeVisit(visit, clock({ year: 2026, month: 12, day: 31 }, 10, 0))).toBe(true);
    expect(canChangeVisit(visit, clock({ year: 2026, month: 12, day: 31 }, 10, 1))).toBe(false);
  });
});

describe('the customer local clock', () => {
  it('reads an instant in the state time zone', () => {
    const instant = new Date('2026-03-06T15:30:00Z'); // 12:30 in São Paulo, 11:30 in Manaus
    expect(localClockAt(instant, 'America/Sao_Paulo')).toEqual({ year: 2026, month: 3, day: 6, hour: 12, minute: 30 });
    expect(localClockAt(instant, 'America/Manaus')).toEqual({ year: 2026, month: 3, day: 6, hour: 11, minute: 30 });
    // so the same instant is past the cut-off in São Paulo but not in Manaus
    const saturday = { year: 2026, month: 3, day: 7 };
    expect(isVisitDateUnavailable(saturday, localClockAt(instant, 'America/Sao_Paulo'))).toBe(true);
    expect(isVisitDateUnavailable(saturday, localClockAt(instant, 'America/Manaus'))).toBe(false);
  });

  it('has a valid time zone for each of the 27 federative units', () => {
    expect(Object.keys(TIME_ZONE_BY_UF)).toHaveLength(27);
    const instant = new Date('2026-07-01T12:00:00Z');
    for (const zone of Object.values(TIME_ZONE_BY_UF)) {
      const local = localClockAt(instant, zone);
      expect(local.hour).toBeGreaterThanOrEqual(7); // UTC-5 (Acre) .. UTC-3
      expect(local.hour).toBeLessThanOrEqual(9);
    }
    expect(localClockAt(instant, TIME_ZONE_BY_UF.AC!).hour).toBe(7);
    expect(localClockAt(instant, TIME_ZONE_BY_UF.AM!).hour).toBe(8);
    expect(localClockAt(instant, TIME_ZONE_BY_UF.SP!).hour).toBe(9);
  });
});
