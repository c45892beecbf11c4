import { and, asc, between, eq, ne } from 'drizzle-orm';
import { brazilDay } from '#shared/calendar';
import { agendaDays, isOpenVisitStatus, mondayOf, staffRescheduleProblem, visitChangeable, visitOutcomeDue, visitTimeZone } from '#shared/visit/agenda';
import { localClockAt, parseCalendarDay, visitStart, type VisitTimeSlot } from '#shared/visit/rules';
import { visitWhen, type AgendaVisit, type AgendaWeek, type Visit, type VisitStatus } from '#shared/visit/payloads';
import type { Clock } from '../config';
import type { Db } from '../platform/db/index';
import { calendarBlockedDays, customers, technicalVisits } from '../platform/db/schema';
import { DomainError } from '../errors';
import { noticeText, notify } from '../notification/service';
import { emailOfNotice } from '../notification/emails';
import { audit } from '../staff/audit';
import { blockedDays, visitJson, zonedInstant } from './service';

/**
 * The scheduler's agenda (back-office): the week's visits in one query, and staff moving a visit
 * to another day and slot with the customer's calendar rules and the 24-hour rule
 * (src/shared/visit/agenda.ts), audited, the customer told.
 */

/** GET admin/visits: the week of `week` (any of its days; this week in Brazil when left out). */
export async function weekAgenda(db: Db, clock: Clock, week: string | undefined): Promise<AgendaWeek> {
  const monday = mondayOf(week ?? brazilDay(clock.now()));
  const days = agendaDays(monday);
  const first = days[0] ?? monday;
  const last = days[days.length - 1] ?? monday;
  const [rows, blocked] = await Promise.all([
    db.select({ v: technicalVisits, name: customers.name, uf: customers.stateCode })
      .from(technicalVisits).innerJoin(customers, eq(customers.id, technicalVisits.customerId))
      .where(and(between(technicalVisits.day, first, last), ne(technicalVisits.status, 'CANCELLED')))
      .orderBy(asc(technicalVisits.day), asc(technicalVisits.slot), asc(technicalVisits.id)),
    db.select().from(calendarBlockedDays).where(between(calendarBlockedDays.day, first, last)).orderBy(asc(calendarBlockedDays.day)),
  ]);
  const at = clock.now();
  const visits = rows.map(({ v, name, uf }): AgendaVisit => {
    const json = visitJson(v);
    const day = parseCalendarDay(v.day);
    const start = day ? visitStart(day, v.slot as VisitTimeSlot) : null;
    const now = localClockAt(at, v.timeZone);
    return {
      id: v.id, customer_id: v.customerId, customer_name: name, uf, city: v.city, state: v.state,
      date: v.day, time: v.slot, schedule: json.schedule, status: json.status,
      outcome_due: start !== null && visitOutcomeDue(v.status, start, now),
      changeable: visitChangeable({ date: v.day, time: v.slot, status: v.status }, now),
    };
  });
  return { week: monday, days, blocked: blocked.map((b) => ({ day: b.day, reason: b.reason })), visits };
}

export interface RescheduleInput { visit_id: number; seen: { date: string; time: string }; date: string; time: string }

/**
 * PUT admin/customers/{id}/visit/date: the open visit moves to another day and slot and keeps its
 * status (a confirmed visit stays confirmed: staff set the new time, usually with the customer).
 * The visit row, the customer's notice and the audit line commit together.
 */
export async function staffRescheduleVisit(db: Db, clock: Clock, staffId: number, customerId: number, req: RescheduleInput): Promise<Visit> {
  return db.transaction(async (tx) => {
    const [customer] = await tx.select({ uf: customers.stateCode }).from(customers).where(eq(customers.id, customerId));
    if (!customer) throw new DomainError('NOT_FOUND');
    const [row] = await tx.select().from(technicalVisits)
      .where(and(eq(technicalVisits.id, req.visit_id), eq(technicalVisits.customerId, customerId))).for('update');
    if (!row) throw new DomainError('VISIT_NOT_FOUND');
    // moved, confirmed away or cancelled since the staff member saw it: they decide again on what it is now
    if (!isOpenVisitStatus(row.status) || row.day !== req.seen.date || row.slot !== req.seen.time) {
      throw new DomainError('PROCESS_STALE', { status: row.status, date: row.day, time: row.slot });
    }
    const timeZone = visitTimeZone(customer.uf);
    const now = localClockAt(clock.now(), timeZone);
    const problem = staffRescheduleProblem({ date: row.day, time: row.slot }, req, now, { uf: customer.uf, blocked: await blockedDays(tx) });
    if (problem === 'too_close') throw new DomainError('VISIT_TOO_CLOSE', { schedule: visitJson(row).schedule });
    const day = parseCalendarDay(req.date);
    if (problem || !day) throw new DomainError('VISIT_DATE_UNAVAILABLE', { field: 'date', reason: problem ?? 'invalid_date' });
    const slot = req.time as VisitTimeSlot;
    const [updated] = await tx.update(technicalVisits).set({
      day: req.date, slot, timeZone, scheduledAt: zonedInstant(visitStart(day, slot), timeZone), updatedAt: clock.now(),
    }).where(eq(technicalVisits.id, row.id)).returning();
    if (!updated) throw new Error('visit update returned nothing');
    const when = { when: visitWhen(req.date, req.time) };
    await notify(tx, clock, customerId, noticeText('notification.visit.rescheduled', when), emailOfNotice('notification.visit.rescheduled', when));
    const status = row.status as VisitStatus;
    await audit(tx, clock, {
      staffId, action: 'visit:reschedule', customerId,
      before: { visit_id: row.id, date: row.day, time: row.slot, status },
      after: { visit_id: row.id, date: req.date, time: req.time, status },
    });
    return visitJson(updated);
  });
}
