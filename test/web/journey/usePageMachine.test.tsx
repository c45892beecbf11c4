// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { assign, fromPromise, setup } from 'xstate';
import type { MessageKey } from '#shared/messages';
import { messages as m } from '#shared/messages';
import { usePageMachine } from '../../../src/web/journey/usePageMachine';
import { queues } from '../../../src/web/ui/Toast/toastQueue';

afterEach(() => {
  cleanup();
  for (const queue of Object.values(queues)) queue.clear();
});

/** A page flow in miniature: load, then a save that changes the menu, toasts and goes on. */
const pageMachine = setup({
  types: { context: {} as { saved: number; who: string }, events: {} as { type: 'save' } | { type: 'fail' }, input: {} as { who: string } },
  actors: { load: fromPromise<number>(async () => { throw new Error('not provided'); }) },
  actions: {
    menuChanged: () => {},
    notifySuccess: (_, _params: { key: MessageKey }) => {},
    notifyError: (_, _params: { key: MessageKey }) => {},
    goOn: () => {},
  },
}).createMachine({
  context: ({ input }) => ({ saved: 0, who: input.who }),
  initial: 'loading',
  states: {
    loading: { invoke: { src: 'load', onDone: { target: 'ready', actions: assign({ saved: ({ event }) => event.output }) } } },
    ready: {
      on: {
        save: { actions: [assign({ saved: ({ context }) => context.saved + 1 }), 'menuChanged', { type: 'notifySuccess', params: { key: 'profile.update.success' } }, 'goOn'] },
        fail: { actions: { type: 'notifyError', params: { key: 'profile.update.error' } } },
      },
    },
  },
});

describe('usePageMachine', () => {
  it('wires a page once: actors, input, menu reload, toasts by key, the latest edge actions, and send answering with the new snapshot', async () => {
    const seen: string[] = [];
    let answered = -1;
    function Flow({ label }: { label: string }) {
      const [state, send] = usePageMachine(pageMachine, { load: fromPromise(async () => 41) }, {
        input: { who: 'Ana' },
        actions: { goOn: () => seen.push(`go ${label}`) },
        onMenuChanged: () => seen.push(`menu ${label}`),
      });
      return (
        <>
          <p>{state.matches('ready') ? `${state.context.who} ${state.context.saved}` : 'carregando'}</p>
          <button type="button" onClick={() => { answered = send({ type: 'save' }).context.saved; }}>Salvar</button>
        </>
      );
    }
    const { rerender } = render(<Flow label="first" />);
    expect(await screen.findByText('Ana 41')).toBeTruthy();
    // a new render brings new callbacks: the machine is not provided again, but the new ones run
    rerender(<Flow label="second" />);
    act(() => { screen.getByRole('button', { name: 'Salvar' }).click(); });
    expect(answered).toBe(42);
    expect(screen.getByText('Ana 42')).toBeTruthy();
    expect(seen).toEqual(['menu second', 'go second']);
    expect(queues['top-right'].visibleToasts.map((t) => t.content)).toEqual([{ tone: 'success', message: m['profile.update.success'] }]);
  });

  it('shows an error toast from its key', async () => {
    function Flow() {
      const [state, send] = usePageMachine(pageMachine, { load: fromPromise(async () => 0) }, { input: { who: 'Bruno' } });
      return state.matches('ready') ? <button type="button" onClick={() => send({ type: 'fail' })}>Tentar</button> : null;
    }
    render(<Flow />);
    const button = await screen.findByRole('button', { name: 'Tentar' });
    act(() => { button.click(); });
    expect(queues['top-right'].visibleToasts.map((t) => t.content)).toEqual([{ tone: 'error', message: m['profile.update.error'] }]);
  });
});
