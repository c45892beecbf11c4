// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from '../../../src/web/ui/Modal/Modal';
import { Button } from '../../../src/web/ui/Button/Button';
import { Toaster, toast, PHONE_SCREEN_ERROR_TOAST, DEFAULT_TOAST_TIMEOUT } from '../../../src/web/ui/Toast/Toast';
import { BotCheck, BotCheckProvider } from '../../../src/web/features/auth/parts/BotCheck/BotCheck';

afterEach(() => {
  act(() => toast.clear());
  cleanup();
  vi.useRealTimers();
});

function ModalHarness({ isLoading = false }: { isLoading?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span>{open ? 'aberto' : 'fechado'}</span>
      <Modal isOpen={open} onOpenChange={setOpen} title="Conta de luz enviada!" isLoading={isLoading} footer={<Button onPress={() => setOpen(false)}>Entendi</Button>}>
        Vamos analisar em até 24 h.
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title and closes with Esc', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    expect(screen.getByRole('dialog', { name: 'Conta de luz enviada!' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('fechado')).toBeTruthy();
  });

  it('closes with the close icon', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with a click on the overlay', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    const overlay = screen.getByRole('dialog').parentElement!.parentElement!; // dialog < modal < overlay
    await user.click(overlay);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close while loading: Esc, overlay and close icon do nothing', async () => {
    const user = userEvent.setup();
    render(<ModalHarness isLoading />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    const overlay = screen.getByRole('dialog').parentElement!.parentElement!; // dialog < modal < overlay
    await user.click(overlay);
    expect(screen.getByRole('dialog')).toBeTruthy();
    const close = screen.getByRole('button', { name: 'Fechar' });
    expect(close.hasAttribute('disabled')).toBe(true);
    await user.click(close);
    expect(screen.getByText('aberto')).toBeTruthy();
  });
});

describe('Toast', () => {
  it('shows a success toast that closes after the default 3 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Cadastro Efetuado com Sucesso.');
    });
    expect(screen.getByText('Cadastro Efetuado com Sucesso.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_TIMEOUT - 100));
    expect(screen.queryByText('Cadastro Efetuado com Sucesso.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Cadastro Efetuado com Sucesso.')).toBeNull();
  });

  it('phone-screen error toasts sit in the top-left region and stay 10 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.error('Algo deu errado. Tente novamente!', PHONE_SCREEN_ERROR_TOAST);
    });
    const message = screen.getByText('Algo deu errado. Tente novamente!');
    const regions = screen.getAllByRole('region', { name: 'Notificações' });
    expect(regions).toHaveLength(1);
    expect(regions[0]!.contains(message)).toBe(true);
    act(() => vi.advanceTimersByTime(9_000));
    expect(screen.queryByText('Algo deu errado. Tente novamente!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.queryByText('Algo deu errado. Tente novamente!')).toBeNull();
  });

  it('a toast raised before the (lazily loaded) Toaster mounts is shown when it mounts', async () => {
    const { toast: early } = await import('../../../src/web/ui/Toast/toastQueue');
    act(() => {
      early.error('Não foi possível fazer logout', { timeout: 60_000 });
    });
    render(<Toaster />);
    expect(screen.getByText('Não foi possível fazer logout')).toBeTruthy();
  });

  it('can be closed by its close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.error('Erro', { timeout: 60_000 });
    });
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByText('Erro')).toBeNull();
  });
});

describe('BotCheck stub', () => {
  it('yields the given payload at once, under a checkbox named with "robô"', () => {
    const onVerified = vi.fn();
    render(
      <BotCheckProvider stub={{ payload: 'cGF5bG9hZA==' }}>
        <BotCheck onVerified={onVerified} />
      </BotCheckProvider>,
    );
    const box = screen.getByRole('checkbox', { name: /robô/ }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(onVerified).toHaveBeenCalledWith('cGF5bG9hZA==');
  });

  it('without auto, waits for the person; unchecking resets; a reset signal starts over', async () => {
    const onVerified = vi.fn();
    const onReset = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <BotCheckProvider stub={{ payload: 'p1', auto: false }}>
        <BotCheck onVerified={onVerified} onReset={onReset} resetSignal={0} errorMessage="Por favor, complete o desafio de racaptcha!" />
      </BotCheckProvider>,
    );
    expect(onVerified).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Por favor, complete o desafio de racaptcha!');
    const box = screen.getByRole('checkbox', { name: /robô/ }) as HTMLInputElement;
    await user.click(box);
    expect(onVerified).toHaveBeenCalledWith('p1');
    await user.click(box);
    expect(onReset).toHaveBeenCalled();
    await user.click(box);
    rerender(
      <BotCheckProvider stub={{ payload: 'p1', auto: false }}>
        <BotCheck onVerified={onVerified} onReset={onReset} resetSignal={1} />
      </BotCheckProvider>,
    );
    expect((screen.getByRole('checkbox', { name: /robô/ }) as HTMLInputElement).checked).toBe(false);
  });
});
