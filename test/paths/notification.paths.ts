import { definePathModel, sample } from './engine';
import { notificationMachine, type NotificationContext } from '#machines/notification/notificationMachine';
import type { BellNotification } from '#shared/notification/rules';
import { apiErrors } from './samples';

/**
 * Path model of the notification bell (spec §2 header bell, §7, §9): what the customer has in the
 * list (nothing, or an unread message from the team and bill outcome beside a read proposal), which one they open and close, and
 * what the server answers to the list and to marking one read.
 */

const billApproved: BellNotification = { id: 11, message: 'Sua conta de luz foi aprovada!', status: 'UNREAD', created_at: '2026-03-02T13:00:00.000Z' };
const proposalReady: BellNotification = { id: 12, message: 'Sua proposta inicial está disponível!', status: 'READ', created_at: '2026-03-02T13:05:00.000Z' };
const teamMessage: BellNotification = { id: 13, message: 'Olá! Sua visita técnica pode ser agendada a partir de amanhã.', status: 'UNREAD', created_at: '2026-03-02T14:00:00.000Z' };

export const notificationsPaths = definePathModel({
  name: 'notification',
  machine: notificationMachine,
  events: {
    'notification.open': [
      sample('unreadBillOutcome', { type: 'notification.open', id: billApproved.id }),
      sample('readProposal', { type: 'notification.open', id: proposalReady.id }),
      sample('unreadTeamMessage', { type: 'notification.open', id: teamMessage.id }),
    ],
  },
  actors: {
    loadNotifications: {
      done: [sample('nothingYet', []), sample('twoUnread', [teamMessage, proposalReady, billApproved])],
      error: [sample('offline', apiErrors.offline)],
    },
    markNotificationRead: {
      done: [sample('markedRead', { ...billApproved, status: 'READ' as const })],
      error: [sample('offline', apiErrors.offline)],
    },
  },
  // What steers the bell: which notifications are unread, which one is open, which one is being marked.
  context: (c: NotificationContext) => ({
    unread: c.list.filter((n) => n.status === 'UNREAD').map((n) => n.id),
    all: c.list.length,
    openId: c.openId,
    markingId: c.markingId,
  }),
  checks: {
    'ready.marking': (s) => {
      const c = s.context as NotificationContext;
      return c.markingId !== null ? undefined : 'marking without a notification';
    },
  },
});
