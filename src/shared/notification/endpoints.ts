import { endpoint, failure, staffFailures } from '../endpoint';
import { Notification, NotificationPatch, NotificationSent, NotificationsResponse, StaffNotification } from './payloads';

/** The customer's bell, and staff writing to it. */

export const notifications = endpoint({
  method: 'get', path: '/portal/notifications', auth: 'customer', tag: 'notifications', summary: "The customer's notifications, newest first.",
  responses: { 200: { description: 'notifications', schema: NotificationsResponse }, 401: failure('no valid session') },
});

export const markNotificationRead = endpoint({
  method: 'patch', path: '/portal/notifications/:id', auth: 'customer', tag: 'notifications', body: NotificationPatch, summary: 'Mark a notification READ.',
  responses: { 200: { description: 'the notification', schema: Notification }, 401: failure('no valid session'), 404: failure('not one of this customer\'s notifications') },
});

// ---- staff --------------------------------------------------------------------------------------

export const sendNotification = endpoint({
  method: 'post', path: '/admin/customers/:id/notifications', auth: 'staff', roles: ['support'], tag: 'admin', body: StaffNotification,
  summary: 'Send the customer a notification (audited).',
  responses: { 201: { description: 'sent', schema: NotificationSent }, ...staffFailures, 404: failure('no such customer') },
});

export const notificationEndpoints = [notifications, markNotificationRead, sendNotification];
