import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { messages } from '#shared/messages';
import {
  canChangeVisit, localClockAt, parseCalendarDay, visitBookingProblem, visitOutcomeTooEarly, visitStart,
  type LocalClock, type VisitTimeSlot,
} from '#shared/visit/rules';
import { visitTimeZone } from '#shared/visit/agenda';
import { OPEN_VISIT_STATUSES, visitWhen, type CancelledVisit, type Visit, type VisitStatus } from '#shared/visit/payloads';
import type * as v from 'valibot';
import type { VisitRequest, STAFF_VISIT_STATUSES } from '#shared/visit/payloads';
import type { AppDeps, Clock } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { calendarBlockedDays, customers, technicalVisits } from '../platform/db/schema';
import { DomainError } from '../errors';
import { noticeText, notify } from '../notification/service';
import { byCustomer, byStaff, moveProcessIn, type ProcessMove } from '../process/host';
import { audit } from '../staff/audit';


/** What a visit change needs: the database, the time, and the process's reactions (it moves the process). */
type VisitDeps = Pick<AppDeps, 'db' | 'clock' | 'reactions'>;
/**
 * The technical visit on the server (spec §2, §4, §5, §7): booking re-checks every calendar rule
 * of src/shared/visitCalendar.ts in the customer's time zone (their state's capital) with the
 * staff-blocked days; one open visit per customer; each change moves the customer's process
 * (visit.requested / visit.cancelled / visit.confirmed / visit.approved / visit.notApproved) in the
 * same transaction, and the move's reactions tell the customer, naming the visit.
 */

type VisitRow = typeof technicalVisits.$inferSelect;
type VisitInput = v.InferOutput<typeof VisitRequest>;
type StaffVisitStatus = (typeof STAFF_VISIT_STATUSES)[number];

/** The customer's time zone (their state's capital), as the agenda reads it too. */
export const timeZoneOf = visitTimeZone;

const wallMs = (c: LocalClock) => Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);

/** The instant at which the wall clock in `timeZone` shows `local` (Brazil has no DST since 2019; one correction pass covers offsets). */
export function zonedInstant(local: LocalClock, timeZone: string): Date {
  const guess = wallMs(local);
  const offset = wallMs(localClockAt(new Date(guess), timeZone)) - guess;
  const first = guess - offset;
  const offset2 = wallMs(localClockAt(new Date(first), timeZone)) - first;
  return new Date(guess - offset2);
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
/** '2026-11-24T09:00:00-03:00': the visit's start with the customer's offset. */
function isoWithOffset(local: LocalClock, instant: Date): string {
  const minutes = Math.round((wallMs(local) - instant.getTime()) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  return `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:00${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

const startOf = (row: Pick<VisitRow, 'day' | 'slot'>): LocalClock => {
  const day = parseCalendarDay(row.day);
  if (!day) throw new Error(`bad visit day ${row.day}`);
  return visitStart(day, row.slot as VisitTimeSlot);
};

export function visitJson(row: VisitRow): Visit {
  return {
    id: row.id,
    schedule: isoWithOffset(startOf(row), row.scheduledAt),
    date: row.day,
    time: row.slot,
    status: row.status as VisitStatus,
    phone: row.phone,
    cep: row.cep,
    address: row.address,
    number: row.number,
    complement: row.complement,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
  };
}

/** The staff-blocked days, oldest first (what GET /portal/config-calendar lists). */
export async function blockedDays(db: Db | Tx): Promise<string[]> {
  const rows = await db.select({ day: calendarBlockedDays.day }).from(calendarBlockedDays).orderBy(asc(calendarBlockedDays.day));
  return rows.map((r) => r.day);
}

async function customerState(db: Db | Tx, customerId: number): Promise<string> {
  const [c] = await db.select({ state: customers.stateCode }).from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('NOT_FOUND');
  return c.state;
}

/** The customer's visit: the open one, else the last one the company concluded; null when none. */
export async function currentVisit(db: Db | Tx, customerId: number): Promise<Visit | null> {
  const row = await currentVisitRow(db, customerId);
  return row ? visitJson(row) : null;
}

/** The team's view of the current visit: the customer's, with the technician's notes (never shown to the customer). */
export async function currentVisitWithNotes(db: Db | Tx, customerId: number): Promise<(Visit & { notes: string | null }) | null> {
  const row = await currentVisitRow(db, customerId);
  return row ? { ...visitJson(row), notes: row.notes ?? null } : null;
}

async function currentVisitRow(db: Db | Tx, customerId: number) {
  const [row] = await db.select().from(technicalVisits)
    .where(and(eq(technicalVisits.customerId, customerId), ne(technicalVisits.status, 'CANCELLED')))
    .orderBy(desc(technicalVisits.id)).limit(1);
  return row;
}

/**
 * The visit cancelled last, when the customer has no current one: the page says it was cancelled
 * (by the customer or by staff) and fills the new booking with its address.
 */
export async function lastCancelledVisit(db: Db | Tx, customerId: number): Promise<CancelledVisit | null> {
  const [row] = await db.select().from(technicalVisits)
    .where(and(eq(technicalVisits.customerId, customerId), eq(technicalVisits.status, 'CANCELLED')))
    .orderBy(desc(technicalVisits.id)).limit(1);
  return row ? { ...visitJson(row), status: 'CANCELLED' } : null;
}

/** GET /portal/customers/scheduling: the current visit, or null with the one cancelled last. */
export async function visitPage(db: Db | Tx, customerId: number): Promise<{ data: Visit | null; cancelled: CancelledVisit | null }> {
  const data = await currentVisit(db, customerId);
  return { data, cancelled: data ? null : await lastCancelledVisit(db, customerId) };
}

async function openVisit(tx: Tx, customerId: number): Promise<VisitRow | undefined> {
  const [row] = await tx.select().from(technicalVisits)
    .where(and(eq(technicalVisits.customerId, customerId), inArray(technicalVisits.status, [...OPEN_VISIT_STATUSES])))
    .for('update');
  return row;
}

interface Checked { day: string; slot: VisitTimeSlot; timeZone: string; scheduledAt: Date; local: LocalClock }

/** Every calendar rule again, in the customer's time zone (ARCHITECTURE: the server re-checks on booking). */
async function checkBooking(tx: Tx, clock: Clock, uf: string, req: VisitInput): Promise<Checked> {
  const timeZone = timeZoneOf(uf);
  const now = localClockAt(clock.now(), timeZone);
  const day = parseCalendarDay(req.date);
  const problem = day ? visitBookingProblem(day, req.time, now, { uf, blocked: await blockedDays(tx) }) : 'invalid_date';
  if (!day || problem) throw new DomainError('VISIT_DATE_UNAVAILABLE', { field: 'date', reason: problem ?? 'invalid_date' });
  const local = visitStart(day, req.time);
  return { day: req.date, slot: req.time, timeZone, scheduledAt: zonedInstant(local, timeZone), local };
}

const address = (req: VisitInput) => ({
  phone: req.phone, cep: req.cep, address: req.address, number: req.number, complement: req.complement ?? null,
  neighborhood: req.neighborhood, city: req.city, state: req.state,
});

/** POST /portal/customers/scheduling: books the visit (UNCONFIRMED_APPOINTMENT) and moves the process to requested. */
export async function bookVisit(deps: VisitDeps, customerId: number, req: VisitInput): Promise<Visit> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const uf = await customerState(tx, customerId);
    if (await openVisit(tx, customerId)) throw new DomainError('VISIT_ALREADY_OPEN');
    const checked = await checkBooking(tx, clock, uf, req);
    // the move tells the customer the day asked for
    await moveProcessIn(tx, deps, customerId, { type: 'visit.requested' }, { by: byCustomer, visit: { day: checked.day, slot: checked.slot } });
    const now = clock.now();
    const [row] = await tx.insert(technicalVisits).values({
      customerId, day: checked.day, slot: checked.slot, timeZone: checked.timeZone, scheduledAt: checked.scheduledAt,
      status: 'UNCONFIRMED_APPOINTMENT', ...address(req), createdAt: now, updatedAt: now,
    }).returning();
    if (!row) throw new Error('visit insert returned nothing');
    return visitJson(row);
  });
}

/** The customer's own open visit `id`, changeable only while it is 24 hours away or more. */
async function changeableVisit(tx: Tx, clock: Clock, customerId: number, id: number): Promise<VisitRow> {
  const row = await openVisit(tx, customerId);
  if (!row || row.id !== id) throw new DomainError('VISIT_NOT_FOUND');
  if (!canChangeVisit(startOf(row), localClockAt(clock.now(), row.timeZone))) throw new DomainError('VISIT_TOO_CLOSE');
  return row;
}

/**
 * PUT /portal/customers/scheduling/{id}: another day, slot or address. The visit goes back to
 * UNCONFIRMED_APPOINTMENT; a confirmed one is cancelled and requested again in the process.
 */
export async function rescheduleVisit(deps: VisitDeps, customerId: number, id: number, req: VisitInput): Promise<Visit> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const row = await changeableVisit(tx, clock, customerId, id);
    const checked = await checkBooking(tx, clock, await customerState(tx, customerId), req);
    if (row.status === 'CONFIRMED_SCHEDULE') {
      // their own cancel tells the customer nothing; the new request tells them the new day
      await moveProcessIn(tx, deps, customerId, { type: 'visit.cancelled' }, { by: byCustomer, visit: { day: row.day, slot: row.slot } });
      await moveProcessIn(tx, deps, customerId, { type: 'visit.requested' }, { by: byCustomer, visit: { day: checked.day, slot: checked.slot } });
    } else {
      // still a request: the process stays, and the customer is told the new day as at booking
      await notify(tx, clock, customerId, noticeText('notification.visit.requested', { when: visitWhen(checked.day, checked.slot) }));
    }
    const [updated] = await tx.update(technicalVisits).set({
      day: checked.day, slot: checked.slot, timeZone: checked.timeZone, scheduledAt: checked.scheduledAt,
      status: 'UNCONFIRMED_APPOINTMENT', ...address(req), updatedAt: clock.now(),
    }).where(eq(technicalVisits.id, row.id)).returning();
    if (!updated) throw new Error('visit update returned nothing');
    return visitJson(updated);
  });
}

/** DELETE /portal/customers/scheduling/{id}: the customer cancels; the visit step opens again. */
export async function cancelVisit(deps: VisitDeps, customerId: number, id: number): Promise<void> {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    const row = await changeableVisit(tx, clock, customerId, id);
    await moveProcessIn(tx, deps, customerId, { type: 'visit.cancelled' }, { by: byCustomer, visit: { day: row.day, slot: row.slot } });
    await tx.update(technicalVisits).set({ status: 'CANCELLED', updatedAt: clock.now() }).where(eq(technicalVisits.id, row.id));
  });
}

/** Which staff move is allowed from which status, and the process event it sends (whose reactions tell the customer). */
const STAFF_MOVES: Record<StaffVisitStatus, { from: readonly VisitStatus[]; event: 'visit.confirmed' | 'visit.approved' | 'visit.notApproved' | 'visit.cancelled' }> = {
  CONFIRMED_SCHEDULE: { from: ['UNCONFIRMED_APPOINTMENT'], event: 'visit.confirmed' },
  ACCOMPLISHED_AND_APPROVED: { from: ['CONFIRMED_SCHEDULE'], event: 'visit.approved' },
  DONE_AND_NOT_APPROVED: { from: ['CONFIRMED_SCHEDULE'], event: 'visit.notApproved' },
  CANCELLED: { from: OPEN_VISIT_STATUSES, event: 'visit.cancelled' },
};

/**
 * Staff move the customer's open visit on (endpoint and CLI share this): the visit row, the process
 * event, the customer's notification and the audit line commit together. Staff are not bound by the
 * customer's 24-hour limit. A move the current status does not allow answers 409/4090; an outcome
 * before the visit's booked start answers 409/4096 unless staff confirm an early visit (`early`).
 * An outcome keeps the technician's notes (`notes`), for the team only.
 */
export async function staffMoveVisit(
  deps: VisitDeps, staffId: number, customerId: number, status: StaffVisitStatus, options: { early?: boolean; notes?: string } = {},
): Promise<{ visit: Visit; move: ProcessMove }> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(technicalVisits)
      .where(and(eq(technicalVisits.customerId, customerId), ne(technicalVisits.status, 'CANCELLED')))
      .orderBy(desc(technicalVisits.id)).limit(1).for('update');
    if (!row) throw new DomainError('VISIT_NOT_FOUND');
    const rule = STAFF_MOVES[status];
    if (!rule.from.includes(row.status as VisitStatus)) throw new DomainError('PROCESS_REFUSED', { status: row.status });
    const start = startOf(row);
    const now = localClockAt(clock.now(), row.timeZone);
    if (visitOutcomeTooEarly(status, start, now, options.early === true)) {
      throw new DomainError('VISIT_NOT_STARTED', { field: 'early', schedule: visitJson(row).schedule });
    }
    // an outcome staff confirmed as early says so in the audit line
    const early = visitOutcomeTooEarly(status, start, now, false);
    // the technician's notes go with an outcome; a confirmation or cancellation keeps what was written
    const outcome = status === 'ACCOMPLISHED_AND_APPROVED' || status === 'DONE_AND_NOT_APPROVED';
    const notes = outcome && options.notes ? options.notes : row.notes;
    const after = { visit_id: row.id, status, ...(early ? { early: true } : {}), ...(notes !== row.notes ? { notes } : {}) };
    const move = await moveProcessIn(tx, deps, customerId, { type: rule.event }, {
      by: byStaff(staffId), visit: { day: row.day, slot: row.slot },
      audit: { action: `visit:${status}`, subject: { before: { visit_id: row.id, status: row.status }, after } },
    });
    const [updated] = await tx.update(technicalVisits).set({ status, notes, updatedAt: clock.now() }).where(eq(technicalVisits.id, row.id)).returning();
    if (!updated) throw new Error('visit update returned nothing');
    return { visit: visitJson(updated), move };
  });
}

/** Staff block a day for visits (audited); blocking it again changes only the reason. */
export async function blockDay(db: Db, clock: Clock, staffId: number, day: string, reason: string | null): Promise<void> {
  if (!parseCalendarDay(day)) throw new DomainError('VALIDATION', { field: 'day' }, messages['visit.dayAndTime.required']);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(calendarBlockedDays).where(eq(calendarBlockedDays.day, day));
    await tx.insert(calendarBlockedDays).values({ day, reason, createdAt: clock.now() })
      .onConflictDoUpdate({ target: calendarBlockedDays.day, set: { reason } });
    await audit(tx, clock, { staffId, action: 'calendar:block', customerId: null, before: before ? { day, reason: before.reason } : null, after: { day, reason } });
  });
}

/** Staff open a blocked day again (audited when it was blocked). */
export async function unblockDay(db: Db, clock: Clock, staffId: number, day: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(calendarBlockedDays).where(eq(calendarBlockedDays.day, day)).returning();
    if (before) await audit(tx, clock, { staffId, action: 'calendar:unblock', customerId: null, before: { day, reason: before.reason }, after: null });
    return Boolean(before);
  });
}

/** GET admin/config-calendar (staff): the blocked days with their reasons, in day order. */
export async function blockedDaysWithReasons(db: Db): Promise<{ day: string; reason: string | null }[]> {
  const rows = await db.select().from(calendarBlockedDays).orderBy(calendarBlockedDays.day);
  return rows.map((r) => ({ day: r.day, reason: r.reason }));
}
