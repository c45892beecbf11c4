import { dayNumber, dayOf, type IsoDay } from '../calendar';
/**
 * The project-status screen's rules (spec §2 "Project-status screen", §4 "Project status order"):
 * the seven steps in order, which one a status stands for, and the distributor's deadline of a
 * stage (docs/decisions/0022-project-status.md). Pure: the server passes its clock's day in.
 */

/** Spec §4, index 0 to 6. */
export const PROJECT_STATUSES = [
  'PROJECT_IN_PREPARATION',
  'PROJECT_SUBMITTED_TO_DEALERSHIP',
  'PROJECT_APPROVED_BY_THE_CONCESSIONAIRE',
  'EQUIPMENT_DISPATCHED',
  'EQUIPMENT_DELIVERED',
  'INSPECTION_APPROVED',
  'SYSTEM_CONNECTED_AND_WORKING',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const isProjectStatus = (status: unknown): status is ProjectStatus => (PROJECT_STATUSES as readonly unknown[]).includes(status);

/** The step a status stands for; an unknown status (or none yet) is step 0 (spec §4). */
export function projectStepIndex(status: string | null | undefined): number {
  const at = PROJECT_STATUSES.indexOf(status as ProjectStatus);
  return at < 0 ? 0 : at;
}

/** The status after `status`, or null at the last one. */
export function nextProjectStatus(status: string | null | undefined): ProjectStatus | null {
  if (!isProjectStatus(status)) return PROJECT_STATUSES[0];
  return PROJECT_STATUSES[PROJECT_STATUSES.indexOf(status) + 1] ?? null;
}

/** The last step: the system works, nothing is left to wait for. */
export const isProjectConnected = (status: string | null | undefined): boolean => status === 'SYSTEM_CONNECTED_AND_WORKING';

export interface ProjectStep {
  status: ProjectStatus;
  /** green check: the step is behind the customer (every step once the system is connected) */
  done: boolean;
  /** the step the project is at (aria-current="step") */
  current: boolean;
}

/** The indicator's seven steps for a status: the ones before it done, it current; all done once connected. */
export function projectSteps(status: string | null | undefined): ProjectStep[] {
  const at = projectStepIndex(status);
  const connected = isProjectConnected(status);
  return PROJECT_STATUSES.map((s, i) => ({ status: s, done: i < at || connected, current: i === at }));
}

/**
 * From PROJECT_SUBMITTED_TO_DEALERSHIP on the request is with the distributor: the screen shows its
 * protocol, the day it was filed, the stage's deadline and the days gone by.
 */
export const isWithDistributor = (status: string | null | undefined): boolean => projectStepIndex(status) >= 1;

// ---- the distributor's deadline -----------------------------------------------------------------

/** How a deadline of REN 1.000/2021 counts: calendar days, or working days (dias úteis). */
export const DEADLINE_UNITS = ['CALENDAR', 'BUSINESS'] as const;
export type DeadlineUnit = (typeof DEADLINE_UNITS)[number];

/** Calendar days from `from` to `to` (0 on the same day). */
export const daysBetween = (from: IsoDay, to: IsoDay): number => dayNumber(to) - dayNumber(from);

/** Easter Sunday of a year (anonymous Gregorian algorithm). */
function easter(year: number): IsoDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((8 * b + 13) / 25)) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Brazil's national holidays of a year (Lei 662/1949 and later laws; 20 November since Lei
 * 14.759/2023) and Good Friday. State and city holidays are not known here: a deadline in working
 * days may end a day later where one falls; the screen then says overdue a day early at worst
 * (docs/decisions/0022-project-status.md).
 */
export function nationalHolidays(year: number): Set<IsoDay> {
  const fixed = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'].map((d) => `${year}-${d}`);
  return new Set([...fixed, dayOf(dayNumber(easter(year)) - 2)]);
}

const isWorkingDay = (day: IsoDay): boolean => {
  const weekday = new Date(dayNumber(day) * 86_400_000).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !nationalHolidays(Number(day.slice(0, 4))).has(day);
};

/** The last day of a deadline of `days` counted from the day after `filedOn`. */
export function deadlineDay(filedOn: IsoDay, days: number, unit: DeadlineUnit): IsoDay {
  if (unit === 'CALENDAR') return dayOf(dayNumber(filedOn) + days);
  let n = dayNumber(filedOn);
  for (let left = days; left > 0;) {
    n += 1;
    if (isWorkingDay(dayOf(n))) left -= 1;
  }
  return dayOf(n);
}

/** A request filed with the distributor, as staff recorded it. */
export interface Filing { filed_on: IsoDay; deadline_days: number; deadline_unit: DeadlineUnit }

export interface FilingProgress {
  /** the deadline's last day */
  due_on: IsoDay;
  /** calendar days since the request was filed */
  days_elapsed: number;
  /** the deadline's last day has passed and the stage is still open */
  overdue: boolean;
}

/**
 * Where a request filed with the distributor stands on `today`: overdue once the deadline's last day
 * has passed while the project is still at that stage (a stage left behind is never overdue).
 */
export function filingProgress(filing: Filing, today: IsoDay, stillOpen: boolean): FilingProgress {
  const due = deadlineDay(filing.filed_on, filing.deadline_days, filing.deadline_unit);
  return { due_on: due, days_elapsed: Math.max(0, daysBetween(filing.filed_on, today)), overdue: stillOpen && daysBetween(due, today) > 0 };
}

// ---- talking to the team ------------------------------------------------------------------------

/** The WhatsApp chat with the team (wa.me deep link), its message prefilled: digits only in the number. */
export function whatsAppChatUrl(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** ANEEL's consumer channel: free call 167, or the site. */
export const ANEEL_PHONE = '167';
export const ANEEL_SITE = 'https://www.gov.br/aneel';

/**
 * The customer's files the team has not answered: sent after the newest mural message (customers
 * write to the team by file; the team answers on the mural). The back-office's 'unanswered' queue
 * applies the same rule in SQL (src/server/staff/queues.ts).
 */
export function unansweredFiles<F extends { created_at: string }>(files: readonly F[], messages: readonly { created_at: string }[]): F[] {
  const last = messages.reduce<number | null>((max, m) => Math.max(max ?? 0, Date.parse(m.created_at)), null);
  return files.filter((f) => last === null || Date.parse(f.created_at) > last);
}
