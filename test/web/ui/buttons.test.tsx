// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../../../src/web/ui/Button/Button';
import { LightButton } from '../../../src/web/ui/Button/LightButton';
import { LoadingScreen } from '../../../src/web/ui/LoadingScreen/LoadingScreen';

afterEach(cleanup);

describe('Button', () => {
  it('while pending keeps its name, shows it is busy and ignores presses', async () => {
    const onPress = vi.fn();
    render(<Button isPending onPress={onPress}>Receber código por SMS</Button>);
    const button = screen.getByRole('button', { name: /Receber código por SMS/ });
    expect(button.hasAttribute('data-pending')).toBe(true);
    await userEvent.setup().click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('a disabled button ignores presses', async () => {
    const onPress = vi.fn();
    render(<Button isDisabled onPress={onPress}>Confirmar</Button>);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(onPress).not.toHaveBeenCalled();
  });
});

describe('LightButton (landing page)', () => {
  it('is a native button that presses by mouse and keyboard and marks its pressed state', async () => {
    const onPress = vi.fn();
    const user = userEvent.setup();
    render(<LightButton onPress={onPress}>Para a minha casa</LightButton>);
    const button = screen.getByRole('button', { name: 'Para a minha casa' });
    expect(button.getAttribute('type')).toBe('button');
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(2);
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    expect(button.hasAttribute('data-pressed')).toBe(true);
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    expect(button.hasAttribute('data-pressed')).toBe(false);
  });
});

describe('LoadingScreen', () => {
  it('announces that the page is loading', () => {
    render(<LoadingScreen />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toContain('Carregando');
  });
});
