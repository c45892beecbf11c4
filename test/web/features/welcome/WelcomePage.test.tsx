// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WelcomePage } from '../../../../src/web/features/welcome/WelcomePage';

afterEach(cleanup);

describe('WelcomePage', () => {
  it('promotes the monitoring app with both store badges, opening in a new tab', () => {
    render(<WelcomePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/app/);
    const appStore = screen.getByRole('img', { name: 'Baixar na App Store' });
    const googlePlay = screen.getByRole('img', { name: 'Disponível no Google Play' });
    expect(appStore.getAttribute('src')).toBe('/badges/app-store.svg');
    expect(googlePlay.getAttribute('src')).toBe('/badges/google-play.svg');
    expect(appStore.closest('a')!.getAttribute('target')).toBe('_blank');
  });

  it('is no dead end: a button leads into the portal (the login)', async () => {
    let logins = 0;
    render(<WelcomePage onLogin={() => { logins++; }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Acessar o portal' }));
    expect(logins).toBe(1);
  });

  it('has social links and the footer with how it works, residential and about us', () => {
    render(<WelcomePage />);
    const footer = screen.getByRole('contentinfo');
    for (const name of ['Como funciona', 'Residencial', 'Sobre nós']) expect(within(footer).getByRole('link', { name })).toBeTruthy();
    for (const name of ['Instagram', 'Facebook', 'LinkedIn', 'YouTube']) {
      const link = within(footer).getByRole('link', { name: new RegExp(name) });
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });
});
