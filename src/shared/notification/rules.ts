import { messages, type MessageKey } from '../messages';
import { SCREENS, type PrivateScreenKey, type ScreenPath } from '../routes';

/** The notification bell's rules (spec §2 header bell, §3 Notification {id, message, status}). */

export interface BellNotification { id: number; message: string; status: 'UNREAD' | 'READ'; created_at: string }

/** How many notifications the badge counts: the unread ones. */
export function unreadCount(list: readonly Pick<BellNotification, 'status'>[]): number {
  return list.filter((n) => n.status === 'UNREAD').length;
}

/** The bell's name for a screen reader: 'Notificações, 3 não lidas' (the badge's number is hidden from it). */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notificações, nenhuma não lida';
  if (unread > 9) return `Notificações, ${badgeText(unread)} não lidas (${unread})`; // the badge's '9+' is in the name too (WCAG 2.5.3)
  return unread === 1 ? 'Notificações, 1 não lida' : `Notificações, ${unread} não lidas`;
}

/** The badge text: the count, '9+' past nine. */
export function badgeText(unread: number): string {
  return unread > 9 ? '9+' : String(unread);
}

/** Said politely to screen readers when new notifications arrive while the customer is on a page. */
export function arrivalAnnouncement(unread: number): string {
  return unread === 1 ? 'Você tem 1 notificação não lida.' : `Você tem ${unread} notificações não lidas.`;
}

/** The screen a notification names and the bell's button to open it ('Ver proposta final'). */
export interface NotificationTarget { screen: PrivateScreenKey; path: ScreenPath; label: string }

/**
 * Which catalogue notification names which screen (spec §3 Notification is {id, message, status}:
 * the message itself names it). The process, bill and visit notices are these texts, with
 * `{when}` filled in and a disapproval's reason after its prefix.
 */
const NOTIFICATION_SCREENS: readonly (readonly [MessageKey, PrivateScreenKey])[] = [
  ['notification.bill.approved', 'bill'],
  ['notification.bill.waiting', 'bill'],
  ['notification.bill.disapproved', 'bill'],
  ['bill.outcome.disapproved', 'bill'],
  ['notification.bill.app', 'bill'],
  ['notification.proposal.initial', 'proposalInitial'],
  ['notification.proposal.final', 'proposalFinal'],
  ['notification.visit.requested', 'technicalVisit'],
  ['notification.visit.confirmed', 'technicalVisit'],
  ['notification.visit.approved', 'technicalVisit'],
  ['notification.visit.notApproved', 'technicalVisit'],
  ['notification.visit.cancelled', 'technicalVisit'],
];

const TARGET_LABEL: Partial<Record<PrivateScreenKey, string>> = {
  bill: 'Ver conta de luz',
  proposalInitial: 'Ver proposta inicial',
  proposalFinal: 'Ver proposta final',
  technicalVisit: 'Ver visita técnica',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A catalogue text as a pattern: `{name}` placeholders match any text, a text ending in ': ' is a prefix (a reason follows). */
const patternOf = (text: string) =>
  new RegExp(`^${escapeRegExp(text).replace(/\\\{\w+\\\}/g, '.+')}${/:\s$/.test(text) ? '' : '$'}`, 's');
const PATTERNS = NOTIFICATION_SCREENS.map(([key, screen]) => [patternOf(messages[key]), screen] as const);

/**
 * The screen a notification names, with the bell's button label; null for one that names none
 * (a staff member's free text). Pure, so the bell only renders what this decides.
 */
export function notificationTarget(notification: Pick<BellNotification, 'message'>): NotificationTarget | null {
  const message = notification.message.trim();
  const screen = PATTERNS.find(([pattern]) => pattern.test(message))?.[1];
  if (!screen) return null;
  return { screen, path: SCREENS[screen].path, label: TARGET_LABEL[screen] ?? `Ver ${SCREENS[screen].title.toLowerCase()}` };
}
