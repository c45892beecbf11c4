import { assign, setup } from 'xstate';
import type { BellNotification } from '#shared/notification/rules';
import type { MessageKey } from '#shared/messages';
import { notProvided } from '../notProvided';

/**
 * The notification bell in the page header (spec §2, §4, §7, §9): loads GET /portal/notifications;
 * the customer opens a notification in the list and, when they close it (or close the list with it
 * open), an unread one is sent PATCH /portal/notifications/{id} {status: READ} and the list reloads
 * 700 ms later. A failed PATCH tells 'Erro ao ler notificação' and leaves the list as it was. The
 * list also reloads when the menu does (the process changed) and every minute.
 */

export interface NotificationContext {
  list: BellNotification[];
  /** the notification open in the list */
  openId: number | null;
  /** the notification being marked READ */
  markingId: number | null;
}

export type NotificationEvent =
  | { type: 'notification.open'; id: number }
  | { type: 'notification.close' }
  | { type: 'notifications.refresh' };

/** Spec §9: the list reloads 700 ms after a notification was marked read. */
export const NOTIFICATION_RELOAD_DELAY_MS = 700;
/** Notifications arrive from the company at any time: the list is asked for again every minute. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

const openedUnread = (c: NotificationContext) =>
  c.openId !== null && c.list.some((n) => n.id === c.openId && n.status === 'UNREAD');

/** Closing the open notification: an unread one is marked read, any other is just closed. */
const closeOpened = [
  { guard: 'openedIsUnread' as const, target: '#notification.ready.marking', reenter: true, actions: 'markOpened' as const },
  { actions: 'forgetOpened' as const },
];

export const notificationMachine = setup({
  types: {
    context: {} as NotificationContext,
    events: {} as NotificationEvent,
  },
  actors: {
    /** GET /portal/notifications */
    loadNotifications: notProvided<BellNotification[]>('loadNotifications'),
    /** PATCH /portal/notifications/{id} {status: 'READ'} */
    markNotificationRead: notProvided<BellNotification, { id: number }>('markNotificationRead'),
  },
  actions: {
    /** an error toast with the text of `key` ('Erro ao ler notificação'), provided at the edge */
    notifyError: (_, _params: { key: MessageKey }) => {},
    rememberList: assign({ list: ({ event }) => (event as { output?: BellNotification[] }).output ?? [] }),
    rememberOpened: assign({ openId: ({ event }) => (event.type === 'notification.open' ? event.id : null) }),
    markOpened: assign(({ context }) => ({ markingId: context.openId, openId: null })),
    forgetOpened: assign({ openId: null }),
    /** the server's answer: the notification is READ now (the badge drops at once; the list reloads after 700 ms) */
    rememberRead: assign({
      list: ({ context, event }) => {
        const read = (event as { output?: BellNotification }).output;
        return read ? context.list.map((n) => (n.id === read.id ? read : n)) : context.list;
      },
      markingId: null,
    }),
    forgetMarking: assign({ markingId: null }),
  },
  guards: {
    openedIsUnread: ({ context }) => openedUnread(context),
  },
  delays: {
    notificationReloadDelay: NOTIFICATION_RELOAD_DELAY_MS,
    refreshInterval: NOTIFICATIONS_REFRESH_MS,
  },
}).createMachine({
  id: 'notification',
  description: 'The header bell: badge with the unread count, the list, marking the closed notification READ.',
  context: { list: [], openId: null, markingId: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'First load: the bell shows no count yet.',
      invoke: {
        src: 'loadNotifications',
        onDone: { target: 'ready', actions: 'rememberList' },
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      description: 'The list could not be loaded: the bell says so and offers to try again.',
      on: { 'notifications.refresh': 'loading' },
      after: { refreshInterval: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'notification.open': { actions: 'rememberOpened' },
      },
      states: {
        idle: {
          on: {
            'notifications.refresh': 'reloading',
            'notification.close': closeOpened,
          },
          after: { refreshInterval: 'reloading' },
        },
        reloading: {
          description: 'The list is asked for again; the one shown stays until the answer (and on failure).',
          on: { 'notification.close': closeOpened },
          invoke: {
            src: 'loadNotifications',
            onDone: { target: 'idle', actions: 'rememberList' },
            onError: { target: 'idle' },
          },
        },
        marking: {
          description: 'PATCH status READ for the closed notification.',
          on: { 'notification.close': closeOpened },
          invoke: {
            src: 'markNotificationRead',
            input: ({ context }) => ({ id: context.markingId ?? 0 }),
            onDone: { target: 'waitingToReload', actions: 'rememberRead' },
            onError: { target: 'idle', actions: ['forgetMarking', { type: 'notifyError', params: { key: 'notifications.read.error' } }] },
          },
        },
        waitingToReload: {
          on: { 'notification.close': closeOpened },
          after: { notificationReloadDelay: 'reloading' },
        },
      },
    },
  },
});
