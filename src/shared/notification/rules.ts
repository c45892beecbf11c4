/** The notification bell's rules (spec §2 header bell, §3 Notification {id, message, status}). */

export interface BellNotification { id: number; message: string; status: 'UNREAD' | 'READ'; created_at: string }

/** How many notifications the badge counts: the unread ones. */
export function unreadCount(list: readonly Pick<BellNotification, 'status'>[]): number {
  return list.filter((n) => n.status === 'UNREAD').length;
}

/** The bell's name for a screen reader: 'Notificações, 3 não lidas' (the badge's number is hidden from it). */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notificações, nenhuma não lida';
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
