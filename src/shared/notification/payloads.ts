import * as v from 'valibot';

/** One message in the customer's bell (spec §3 Notification). */
export const Notification = v.object({
  id: v.number(),
  message: v.string(),
  status: v.picklist(['UNREAD', 'READ']),
  created_at: v.string(),
});
export type Notification = v.InferOutput<typeof Notification>;

/** GET /portal/notifications: newest first. */
export const NotificationsResponse = v.object({ data: v.array(Notification) });

/** PATCH /portal/notifications/{id}: the only change a customer makes is marking it read. */
export const NotificationPatch = v.object({ status: v.literal('READ') });

/** POST admin/customers/{id}/notifications (staff): a message to the customer. */
export const StaffNotification = v.object({ message: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(1000)) });
export const NotificationSent = v.object({ id: v.number() });
