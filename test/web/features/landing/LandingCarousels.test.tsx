// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { LandingPage } from '../../../../src/web/features/landing/LandingPage';

/**
 * Spec §2 "Other UI" / §9: the info cards ('Como funciona') are a carousel below 1100 px, a grid
 * otherwise; the benefits are a carousel below 750 px that turns every 5000 ms, not for reduced
 * motion, nor while hovered or focused. The screen width and the motion setting come from a
 * mocked matchMedia; time from fake timers.
 */
const screenState = { width: 1280, reducedMotion: false };
function mockMatchMedia() {
  const matches = (query: string): boolean => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    if (max) return screenState.width <= Number(max[1]);
    const min = /min-width:\s*(\d+)px/.exec(query);
    if (min) return screenState.width >= Number(min[1]);
    if (query.includes('prefers-reduced-motion: reduce')) return screenState.reducedMotion;
    return false;
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      media: query, matches: matches(query), onchange: null,
      addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false,
    }),
  });
}

beforeEach(() => { screenState.width = 1280; screenState.reducedMotion = false; mockMatchMedia(); vi.useFakeTimers(); });
afterEach(() => { cleanup(); vi.useRealTimers(); });

const benefits = () => screen.getByRole('group', { name: 'Benefícios' });
const steps = () => screen.getByRole('group', { name: 'Etapas' });
/** the slide a sighted person sees: the one not hidden from screen readers */
const shown = (carousel: HTMLElement) =>
  within(carousel).getAllByRole('group', { hidden: true }).filter((g) => g.getAttribute('aria-hidden') !== 'true').map((g) => g.getAttribute('aria-label'));
const wait = (ms: number) => act(() => { vi.advanceTimersByTime(ms); });

describe('on a desktop (1280 px)', () => {
  it('both are plain lists: no carousel, no buttons but Para a minha casa', () => {
    render(<LandingPage onStart={() => {}} />);
    expect(screen.queryByRole('group', { name: 'Etapas' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Benefícios' })).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Para a minha casa']);
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(7);
  });
});

describe('info cards: a carousel below 1100 px', () => {
  it('at 1099 px: a carousel of four slides named n de 4, moved by its buttons (wrapping), that never turns by itself', () => {
    screenState.width = 1099;
    render(<LandingPage onStart={() => {}} />);
    const carousel = steps();
    expect(carousel.getAttribute('aria-roledescription')).toBe('carrossel');
    const slides = within(carousel).getAllByRole('group', { hidden: true });
    expect(slides.map((s) => [s.getAttribute('aria-roledescription'), s.getAttribute('aria-label')])).toEqual([
      ['slide', '1 de 4'], ['slide', '2 de 4'], ['slide', '3 de 4'], ['slide', '4 de 4'],
    ]);
    expect(shown(carousel)).toEqual(['1 de 4']);
    expect(within(carousel).getByRole('group', { name: '1 de 4' }).textContent).toContain('Cadastre-se');
    // not turning by itself: no stop button, and time changes nothing
    expect(within(carousel).queryByRole('button', { name: /troca automática/ })).toBeNull();
    wait(20_000);
    expect(shown(carousel)).toEqual(['1 de 4']);
    const next = within(carousel).getByRole('button', { name: 'Próxima etapa' });
    const previous = within(carousel).getByRole('button', { name: 'Etapa anterior' });
    const track = carousel.querySelector('[aria-live]')!;
    expect(next.getAttribute('aria-controls')).toBe(track.id);
    fireEvent.click(next);
    expect(shown(carousel)).toEqual(['2 de 4']);
    expect(within(carousel).getByRole('group', { name: '2 de 4' }).textContent).toContain('Envie sua conta de luz');
    fireEvent.click(previous);
    fireEvent.click(previous);
    expect(shown(carousel)).toEqual(['4 de 4']);
    fireEvent.click(next);
    expect(shown(carousel)).toEqual(['1 de 4']);
    // a change the person asked for is read out
    expect(track.getAttribute('aria-live')).toBe('polite');
  });

  it('at 1100 px: the grid', () => {
    screenState.width = 1100;
    render(<LandingPage onStart={() => {}} />);
    expect(screen.queryByRole('group', { name: 'Etapas' })).toBeNull();
    const list = document.getElementById('como-funciona')!.querySelector('ol')!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  });
});

describe('benefits: a carousel below 750 px that turns every 5000 ms', () => {
  it('at 749 px it turns every 5 seconds, wrapping, silently for screen readers while it turns', () => {
    screenState.width = 749;
    render(<LandingPage onStart={() => {}} />);
    const carousel = benefits();
    expect(within(carousel).getAllByRole('group', { hidden: true }).map((s) => s.getAttribute('aria-label'))).toEqual(['1 de 3', '2 de 3', '3 de 3']);
    expect(carousel.querySelector('[aria-live]')!.getAttribute('aria-live')).toBe('off');
    expect(shown(carousel)).toEqual(['1 de 3']);
    wait(4999);
    expect(shown(carousel)).toEqual(['1 de 3']);
    wait(1);
    expect(shown(carousel)).toEqual(['2 de 3']);
    wait(5000);
    expect(shown(carousel)).toEqual(['3 de 3']);
    wait(5000);
    expect(shown(carousel)).toEqual(['1 de 3']);
  });

  it('at 750 px: the grid, and the info cards are still a carousel', () => {
    screenState.width = 750;
    render(<LandingPage onStart={() => {}} />);
    expect(screen.queryByRole('group', { name: 'Benefícios' })).toBeNull();
    expect(steps()).toBeTruthy();
  });

  it('pauses while the pointer is over it and resumes when it leaves', () => {
    screenState.width = 390;
    render(<LandingPage onStart={() => {}} />);
    const carousel = benefits();
    fireEvent.mouseEnter(carousel);
    wait(15_000);
    expect(shown(carousel)).toEqual(['1 de 3']);
    fireEvent.mouseLeave(carousel);
    wait(5000);
    expect(shown(carousel)).toEqual(['2 de 3']);
  });

  it('pauses while the focus is inside (keyboard), and reads out the cards then', () => {
    screenState.width = 390;
    render(<LandingPage onStart={() => {}} />);
    const carousel = benefits();
    const next = within(carousel).getByRole('button', { name: 'Próximo benefício' });
    act(() => { next.focus(); });
    expect(carousel.querySelector('[aria-live]')!.getAttribute('aria-live')).toBe('polite');
    wait(15_000);
    expect(shown(carousel)).toEqual(['1 de 3']);
    fireEvent.click(next);
    expect(shown(carousel)).toEqual(['2 de 3']);
    fireEvent.click(within(carousel).getByRole('button', { name: 'Benefício anterior' }));
    expect(shown(carousel)).toEqual(['1 de 3']);
    act(() => { next.blur(); });
    wait(5000);
    expect(shown(carousel)).toEqual(['2 de 3']);
  });

  it('a button stops and restarts the turning', () => {
    screenState.width = 390;
    render(<LandingPage onStart={() => {}} />);
    const carousel = benefits();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Parar a troca automática' }));
    act(() => { (document.activeElement as HTMLElement | null)?.blur(); });
    wait(15_000);
    expect(shown(carousel)).toEqual(['1 de 3']);
    fireEvent.click(within(carousel).getByRole('button', { name: 'Retomar a troca automática' }));
    act(() => { (document.activeElement as HTMLElement | null)?.blur(); });
    wait(5000);
    expect(shown(carousel)).toEqual(['2 de 3']);
  });

  it('does not turn for a person who asked for reduced motion (the buttons still move it)', () => {
    screenState.width = 390;
    screenState.reducedMotion = true;
    render(<LandingPage onStart={() => {}} />);
    const carousel = benefits();
    expect(within(carousel).queryByRole('button', { name: /troca automática/ })).toBeNull();
    wait(20_000);
    expect(shown(carousel)).toEqual(['1 de 3']);
    fireEvent.click(within(carousel).getByRole('button', { name: 'Próximo benefício' }));
    expect(shown(carousel)).toEqual(['2 de 3']);
  });

  it('on a 390 px phone the only buttons are Para a minha casa and the carousels’ own', () => {
    screenState.width = 390;
    render(<LandingPage onStart={() => {}} />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Para a minha casa',
      'Parar a troca automática', 'Benefício anterior', 'Próximo benefício',
      'Etapa anterior', 'Próxima etapa',
    ]);
  });
});
