import { and, desc, eq } from 'drizzle-orm';
import { fill } from '#shared/messages';
import type { NotificationKey } from '#machines/process/processMachine';
import type { Clock } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { customers, notifications } from '../platform/db/schema';
import { DomainError } from '../errors';
import { enqueue } from '../platform/queue/queue';
import { audit } from '../staff/audit';
import { STAFF_MESSAGE, type EmailNotice } from './emails';

/** The queue's job that renders a notice's e-mail and sends it (./jobs.ts). */
export const EMAIL_NOTICE_JOB = 'email.notification';

/**
 * A message in the customer's bell (process events and staff create them); with `email`, the
 * notice's e-mail is queued in the same transaction (the worker reads the address when it sends,
 * so a changed or erased address is honoured).
 */
export async function notify(db: Db | Tx, clock: Clock, customerId: number, message: string, email?: EmailNotice): Promise<number> {
  const [row] = await db.insert(notifications).values({ customerId, message, createdAt: clock.now() }).returning({ id: notifications.id });
  if (!row) throw new Error('notification insert returned nothing');
  if (email) await enqueue(db, clock, EMAIL_NOTICE_JOB, { customer_id: customerId, template: email.template, values: email.values ?? {} });
  return row.id;
}

/** A catalogue notification with its `{name}` placeholders filled ('... para {when}.' -> '... para 24/11/2026 às 09:00.'). */
export function noticeText(key: NotificationKey, values: Record<string, string> = {}): string {
  return fill(key, values);
}

export async function listNotifications(db: Db, customerId: number) {
  const rows = await db.select().from(notifications).where(eq(notifications.customerId, customerId)).orderBy(desc(notifications.id)).limit(100);
  return rows.map((r) => ({ id: r.id, message: r.message, status: r.status, created_at: r.createdAt.toISOString() }));
}

/** Marks one of the customer's own notifications READ; another customer's id is simply not found. */
export async function markRead(db: Db, clock: Clock, customerId: number, id: number) {
  const [row] = await db.update(notifications).set({ status: 'READ', readAt: clock.now() })
    .where(and(eq(notifications.id, id), eq(notifications.customerId, customerId)))
    .returning();
  if (!row) throw new DomainError('NOT_FOUND');
  return { id: row.id, message: row.message, status: row.status, created_at: row.createdAt.toISOString() };
}

/** POST admin/customers/{id}/notifications: a staff member writes to the customer's bell; audited in the same transaction. */
export async function sendStaffNotification(db: Db, clock: Clock, staffId: number, id: number, message: string): Promise<number> {
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  if (!customer) throw new DomainError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const nid = await notify(tx, clock, id, message, { template: STAFF_MESSAGE });
    await audit(tx, clock, { staffId, action: 'notification:send', customerId: id, before: null, after: { notification_id: nid, message } });
    return nid;
  });
}
