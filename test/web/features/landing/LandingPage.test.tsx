// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LandingPage } from '../../../../src/web/features/landing/LandingPage';

afterEach(cleanup);

describe('LandingPage', () => {
  it('tells the offer: subscription solar, zero investment, 100% digital, savings up to 30%', () => {
    render(<LandingPage onStart={() => {}} />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toMatch(/Energia solar/);
    expect(heading.textContent).toMatch(/sem investimento/);
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/por assinatura/);
    expect(text).toMatch(/até 30%/);
    expect(text).toMatch(/100% digital/);
  });

  it('has exactly one button, Para a minha casa, which hands over to the machine (desktop: no carousel controls)', async () => {
    const onStart = vi.fn();
    (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport({ width: 1280, height: 900 });
    render(<LandingPage onStart={onStart} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Para a minha casa']);
    await userEvent.setup().click(buttons[0]!);
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('the header link to sign in is a real link that the machine follows on a plain click', async () => {
    const onLogin = vi.fn();
    render(<LandingPage onStart={() => {}} onLogin={onLogin} />);
    const link = screen.getByRole('link', { name: 'Já sou cliente' });
    expect(link.getAttribute('href')).toBe('/pt/login');
    await userEvent.setup().click(link);
    expect(onLogin).toHaveBeenCalledTimes(1);
  });

  it('has footer links to how it works, residential, about us and the privacy policy', () => {
    render(<LandingPage onStart={() => {}} />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Como funciona' }).getAttribute('href')).toBe('/pt#como-funciona');
    expect(within(footer).getByRole('link', { name: 'Residencial' }).getAttribute('href')).toBe('/pt#residencial');
    expect(within(footer).getByRole('link', { name: 'Sobre nós' }).getAttribute('href')).toBe('/pt#sobre-nos');
    const privacy = within(footer).getByRole('link', { name: /Política de privacidade/ });
    expect(privacy.getAttribute('href')).toBe('/politica-de-privacidade.pdf');
    expect(privacy.getAttribute('target')).toBe('_blank');
    // the anchors exist on the page
    for (const id of ['como-funciona', 'residencial', 'sobre-nos']) expect(document.getElementById(id)).not.toBeNull();
  });
});
