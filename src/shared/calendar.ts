/**
 * Calendar days as 'YYYY-MM-DD' (no time zone), and the day it is in Brazil: the project's
 * deadlines, the invoice's due date and the sandbox's checks all count days on Brasília's calendar.
 */

/** A day as 'YYYY-MM-DD', read as a calendar day (no time zone). */
export type IsoDay = string;

export const dayNumber = (day: IsoDay): number => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
export const dayOf = (n: number): IsoDay => new Date(n * 86_400_000).toISOString().slice(0, 10);

export const isIsoDay = (day: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(day) && dayOf(dayNumber(day)) === day;

/** The day in Brazil's official time (Brasília, UTC-3, no daylight saving since 2019) at an instant. */
export function brazilDay(now: Date): IsoDay {
  return dayOf(Math.floor((now.getTime() - 3 * 3_600_000) / 86_400_000));
}

/** The day `days` after today in Brazil. */
export const brazilDayAfter = (now: Date, days: number): IsoDay => dayOf(dayNumber(brazilDay(now)) + days);
