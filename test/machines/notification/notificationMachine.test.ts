import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { NOTIFICATION_RELOAD_DELAY_MS, notificationMachine } from '#machines/notification/notificationMachine';
import type { BellNotification } from '#shared/notification/rules';
import { badgeText, bellLabel, unreadCount } from '#shared/notification/rules';

const note = (id: number, status: BellNotification['status'] = 'UNREAD'): BellNotification =>
  ({ id, message: `Mensagem ${id}`, status, created_at: '2026-03-02T13:00:00.000Z' });

function start(server: { list: BellNotification[]; failPatch?: boolean }) {
  const calls: string[] = [];
  let readFailures = 0;
  const machine = notificationMachine.provide({
    actors: {
      loadNotifications: fromPromise(async () => { calls.push('GET'); return server.list.map((n) => ({ ...n })); }),
      markNotificationRead: fromPromise(async ({ input }: { input: { id: number } }) => {
        calls.push(`PATCH ${input.id}`);
        if (server.failPatch) throw new Error('Erro ao ler notificação');
        server.list = server.list.map((n) => (n.id === input.id ? { ...n, status: 'READ' as const } : n));
        return server.list.find((n) => n.id === input.id)!;
      }),
    },
    actions: { notifyError: () => { readFailures++; } },
  });
  const actor = createActor(machine).start();
  return { actor, calls, readFailures: () => readFailures, unread: () => unreadCount(actor.getSnapshot().context.list) };
}

const settle = async () => { await vi.advanceTimersByTimeAsync(0); };

describe('notification bell machine', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('closing an opened unread notification marks it READ, then reloads the list after 700 ms', async () => {
    const server = { list: [note(2), note(1, 'READ')] };
    const { actor, calls, unread } = start(server);
    await settle();
    expect(unread()).toBe(1);
    actor.send({ type: 'notification.open', id: 2 });
    expect(actor.getSnapshot().context.openId).toBe(2);
    expect(calls).toEqual(['GET']);
    actor.send({ type: 'notification.close' });
    await settle();
    expect(calls).toEqual(['GET', 'PATCH 2']);
    expect(unread()).toBe(0);
    expect(actor.getSnapshot().context.openId).toBeNull();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_RELOAD_DELAY_MS - 1);
    expect(calls).toEqual(['GET', 'PATCH 2']);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['GET', 'PATCH 2', 'GET']);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it("a failed PATCH says 'Erro ao ler notificação' and leaves the list unchanged", async () => {
    const server = { list: [note(5)], failPatch: true };
    const { actor, unread, readFailures, calls } = start(server);
    await settle();
    actor.send({ type: 'notification.open', id: 5 });
    actor.send({ type: 'notification.close' });
    await settle();
    expect(readFailures()).toBe(1);
    expect(unread()).toBe(1);
    expect(actor.getSnapshot().context.list).toEqual([note(5)]);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_RELOAD_DELAY_MS * 2);
    expect(calls).toEqual(['GET', 'PATCH 5']);
  });

  it('closing a notification already read sends nothing', async () => {
    const { actor, calls } = start({ list: [note(1, 'READ')] });
    await settle();
    actor.send({ type: 'notification.open', id: 1 });
    actor.send({ type: 'notification.close' });
    await settle();
    expect(calls).toEqual(['GET']);
  });

  it('asks for the list again on refresh and every minute, keeping the shown list when that fails', async () => {
    const server = { list: [note(1)] };
    const { actor, calls, unread } = start(server);
    await settle();
    server.list = [note(2), note(1)];
    actor.send({ type: 'notifications.refresh' });
    await settle();
    expect(unread()).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual(['GET', 'GET', 'GET']);
  });

  it('a list that cannot be loaded can be asked for again', async () => {
    let fail = true;
    const machine = notificationMachine.provide({
      actors: { loadNotifications: fromPromise(async () => { if (fail) throw new Error('offline'); return [note(1)]; }) },
    });
    const actor = createActor(machine).start();
    await settle();
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
    fail = false;
    actor.send({ type: 'notifications.refresh' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.list).toHaveLength(1);
  });
});

describe('bell texts', () => {
  it('names the unread count for screen readers and caps the badge', () => {
    expect(bellLabel(0)).toBe('Notificações, nenhuma não lida');
    expect(bellLabel(1)).toBe('Notificações, 1 não lida');
    expect(bellLabel(3)).toBe('Notificações, 3 não lidas');
    // past nine the badge shows '9+', and what is seen is in the name
    expect(bellLabel(12)).toBe('Notificações, 9+ não lidas (12)');
    expect(bellLabel(12)).toContain(badgeText(12));
    expect(badgeText(4)).toBe('4');
    expect(badgeText(12)).toBe('9+');
  });
});
