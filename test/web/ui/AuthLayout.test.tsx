// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthLayout } from '../../../src/web/ui/AuthLayout/AuthLayout';

afterEach(cleanup);

describe('AuthLayout', () => {
  it('puts the form in the main landmark and the promise in a complementary panel', () => {
    render(
      <AuthLayout panelAction={<button>Acesso</button>}>
        <h1>Entrar</h1>
      </AuthLayout>,
    );
    expect(screen.getByRole('main').textContent).toContain('Entrar');
    const panel = screen.getByRole('complementary', { name: 'Sobre o serviço' });
    expect(panel.textContent).toContain('Economia de até 30% na conta de luz');
    expect(screen.getByRole('button', { name: 'Acesso' })).toBeTruthy();
  });

  it('the form comes before the brand panel for the keyboard and screen readers (the panel is drawn below it on phones)', async () => {
    render(
      <AuthLayout panelAction={<button>Acesso</button>}>
        <h1>Entrar</h1>
        <input aria-label="Celular" />
      </AuthLayout>,
    );
    const main = screen.getByRole('main');
    const panel = screen.getByRole('complementary', { name: 'Sobre o serviço' });
    expect(main.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.setup().tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Celular'));
  });

  it('the logo goes home when the screen asks for it', async () => {
    const onHome = vi.fn();
    render(
      <AuthLayout onHome={onHome}>
        <h1>Entrar</h1>
      </AuthLayout>,
    );
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Sol de Casa, página inicial' })[0]!);
    expect(onHome).toHaveBeenCalledTimes(1);
  });
});
