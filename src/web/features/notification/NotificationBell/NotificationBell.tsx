import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { Button as RACButton } from 'react-aria-components/Button';
import { Dialog, DialogTrigger, Heading } from 'react-aria-components/Dialog';
import { Popover } from 'react-aria-components/Popover';
import { notificationMachine } from '#machines/notification/notificationMachine';
import { arrivalAnnouncement, badgeText, bellLabel, notificationTarget, unreadCount, type BellNotification } from '#shared/notification/rules';
import type { ScreenPath } from '#shared/routes';
import { messages as m } from '#shared/messages';
import type { Api } from '../../../api/client';
import { usePageMachine } from '../../../journey/usePageMachine';
import { Button } from '../../../ui/Button/Button';
import { Spinner } from '../../../ui/Spinner/Spinner';
import { visuallyHidden } from '../../../theme/a11y.css';
import * as s from './NotificationBell.css';

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const formatWhen = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : when.format(d);
};

/** The machine's side effects against the API (spec §7 notification calls). */
export function notificationActors(getApi: () => Promise<Api>) {
  return {
    loadNotifications: fromPromise<BellNotification[]>(async () => (await getApi()).getNotifications()),
    markNotificationRead: fromPromise<BellNotification, { id: number }>(async ({ input }) => (await getApi()).markNotificationRead(input.id)),
  };
}

export interface NotificationBellProps {
  getApi: () => Promise<Api>;
  /** Changes when the menu reloads (the customer's process moved): the list is asked for again. */
  refreshKey?: unknown;
  /** A notification that names a screen was followed: the journey goes there (path without the language). */
  onOpenScreen?: (path: ScreenPath) => void;
  /** New notifications arrived while the customer was on a page (the shell looks again at what they name). */
  onArrival?: () => void;
}

/**
 * The page header's bell (spec §2): the unread count as a badge, the list in a popover. Opening a
 * notification shows it whole; closing it (again, 'Fechar', Esc or closing the list) marks an
 * unread one read. The rules are the notifications machine's.
 */
export function NotificationBell({ getApi, refreshKey, onOpenScreen, onArrival }: NotificationBellProps) {
  // a failed read is told as a toast (the machine's notifyError)
  const [state, send] = usePageMachine(notificationMachine, notificationActors(getApi));
  const [isOpen, setOpen] = useState(false);

  const firstKey = useRef(refreshKey);
  useEffect(() => {
    if (firstKey.current === refreshKey) return;
    firstKey.current = refreshKey;
    send({ type: 'notifications.refresh' });
  }, [refreshKey, send]);

  const { list, openId } = state.context;
  const loaded = state.matches('ready');
  const unread = unreadCount(list);

  // new notifications while the customer is on the page are announced once (not the first load)
  const [announcement, setAnnouncement] = useState('');
  const arrived = useRef(onArrival);
  useEffect(() => { arrived.current = onArrival; });
  const lastUnread = useRef<number | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (lastUnread.current !== null && unread > lastUnread.current) {
      setAnnouncement(arrivalAnnouncement(unread));
      arrived.current?.();
    }
    lastUnread.current = unread;
  }, [loaded, unread]);

  // following a notification reads it (as closing it does), closes the list and opens its screen
  const follow = (id: number, path: ScreenPath) => {
    if (openId !== id) {
      if (openId !== null) send({ type: 'notification.close' });
      send({ type: 'notification.open', id });
    }
    send({ type: 'notification.close' });
    setOpen(false);
    onOpenScreen?.(path);
  };

  const toggle = (id: number) => {
    if (openId !== null) send({ type: 'notification.close' });
    if (openId !== id) send({ type: 'notification.open', id });
  };

  let body;
  if (state.matches('loading')) {
    body = <p className={s.state}><Spinner size="sm" /> Carregando…</p>;
  } else if (state.matches('unavailable')) {
    body = (
      <div className={s.state}>
        <p role="alert">{m['notifications.load.error']}</p>
        <Button size="sm" variant="secondary" onPress={() => send({ type: 'notifications.refresh' })}>Tentar novamente</Button>
      </div>
    );
  } else if (list.length === 0) {
    body = <p className={s.state}>{m['notifications.empty']}</p>;
  } else {
    body = (
      <ul className={s.list}>
        {list.map((n) => {
          const open = n.id === openId;
          const isUnread = n.status === 'UNREAD';
          const target = onOpenScreen ? notificationTarget(n) : null;
          return (
            <li key={n.id} className={`${s.item} ${isUnread ? s.unread : ''}`}>
              <RACButton className={s.itemButton} aria-expanded={open} onPress={() => toggle(n.id)}>
                {isUnread ? <span className={s.dot} aria-hidden="true" /> : <span className={s.dotSpace} aria-hidden="true" />}
                <span className={s.itemText}>
                  {isUnread ? <span className={visuallyHidden}>Não lida: </span> : null}
                  <span className={open ? s.messageOpen : s.messageClamped}>{n.message}</span>
                  <span className={s.meta}>{formatWhen(n.created_at)}</span>
                </span>
              </RACButton>
              {open || target ? (
                <div className={s.itemActions}>
                  {target ? <Button size="sm" variant="link" onPress={() => follow(n.id, target.path)}>{target.label}</Button> : null}
                  {open ? <Button size="sm" variant="link" onPress={() => send({ type: 'notification.close' })}>Fechar</Button> : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      <span className={visuallyHidden} role="status" aria-live="polite">{announcement}</span>
      <DialogTrigger
        isOpen={isOpen}
        onOpenChange={(open) => {
          // closing the list with a notification open closes that notification too
          if (!open && state.context.openId !== null) send({ type: 'notification.close' });
          setOpen(open);
        }}
      >
        <RACButton className={s.bell} aria-label={loaded ? bellLabel(unread) : m['notifications.title']}>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0"
              fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"
            />
          </svg>
          {loaded && unread > 0 ? <span className={s.badge} aria-hidden="true">{badgeText(unread)}</span> : null}
        </RACButton>
        <Popover placement="bottom end" offset={8} className={s.popover}>
          <Dialog className={s.dialog}>
            <Heading slot="title" className={s.title}>{m['notifications.title']}</Heading>
            {body}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </>
  );
}
