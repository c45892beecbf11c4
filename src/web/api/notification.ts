import { markNotificationRead, notifications } from '#shared/notification/endpoints';
import type { Notification } from '#shared/notification/payloads';
import type { Transport } from './transport';

/** The customer's bell. */
export const notificationCalls = (t: Transport) => ({
  /** GET /portal/notifications: newest first */
  async getNotifications(): Promise<Notification[]> {
    const { data } = await t.call(notifications, {});
    return data.data;
  },

  /** PATCH /portal/notifications/{id} {status: 'READ'} */
  async markNotificationRead(id: number): Promise<Notification> {
    const { data } = await t.call(markNotificationRead, { params: { id }, json: { status: 'READ' }, fallback: 'notifications.read.error' });
    return data;
  },
});
