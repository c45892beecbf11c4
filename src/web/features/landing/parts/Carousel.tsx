import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { reducedMotion } from '../../../theme/media';
import { carouselQuery, type CarouselWidth } from './carouselWidths';
import * as styles from './Carousel.css';

/** Whether a media query matches; false until mounted (the page's first HTML is the same for every width). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export interface CarouselProps<T> {
  /** The carousel's name ('Benefícios'). */
  label: string;
  /** The previous and next buttons' names ('Benefício anterior', 'Próximo benefício'). */
  previousLabel: string;
  nextLabel: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Below this width the list is a carousel; from it on, the list as `listClassName` lays it out. */
  below: CarouselWidth;
  /** Turns to the next card this often while a carousel (none by default). */
  autoplayMs?: number;
  /** The list's element and style as a grid, and each card's. */
  as: 'ul' | 'ol';
  listClassName: string;
  itemClassName: string;
}

const Chevron = ({ to }: { to: 'left' | 'right' }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
    <path d={to === 'left' ? 'M15 5 8 12l7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * A list that is a carousel below a width (spec §2 "Other UI"), after the WAI-ARIA carousel pattern:
 * a group (its section is already the region) described as 'carrossel', each card a group described as 'slide' and named 'n de N',
 * previous and next buttons, and, when it turns by itself, a button to stop and restart that. It
 * does not turn for a person who asked for reduced motion, nor while the pointer is over it or the
 * focus inside it; while it turns, screen readers are not told each change. A swipe moves the cards
 * too (the CSS makes them a row that snaps). Above the width it is the plain list. No library and no
 * react-aria here: the landing page's first load stays small.
 */
export function Carousel<T>({
  label, previousLabel, nextLabel, items, itemKey, renderItem, below, autoplayMs, as: List, listClassName, itemClassName,
}: CarouselProps<T>) {
  const isCarousel = useMediaQuery(carouselQuery(below));
  const reduced = useMediaQuery(reducedMotion);
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // until the code runs, whether the row scrolls (a narrow window) is CSS's to know
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const trackId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  /** the card shown came from a swipe: the row is already there */
  const fromSwipe = useRef(false);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shown = useRef(0);
  shown.current = index;
  const count = items.length;
  const turns = isCarousel && autoplayMs !== undefined && !reduced;
  const playing = turns && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!playing || !autoplayMs) return undefined;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), autoplayMs);
    return () => clearTimeout(timer);
  }, [playing, autoplayMs, index, count]);

  // the row scrolls to the card shown (by the buttons or the turning), without moving the page
  useEffect(() => {
    if (fromSwipe.current) { fromSwipe.current = false; return; }
    const track = trackRef.current;
    const card = track?.children[index] as HTMLElement | undefined;
    if (track && card && typeof track.scrollTo === 'function') {
      track.scrollTo({ left: card.offsetLeft - (track.firstElementChild as HTMLElement).offsetLeft, behavior: reduced ? 'auto' : 'smooth' });
    }
  }, [index, reduced, isCarousel]);

  useEffect(() => () => clearTimeout(settle.current), []);

  /** After a swipe (or a scroll) comes to rest, the card nearest the start is the one shown. */
  const onScroll = () => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const track = trackRef.current;
      if (!track) return;
      const lefts = Array.from(track.children, (c) => (c as HTMLElement).offsetLeft);
      const start = lefts[0] ?? 0;
      if (lefts.every((l) => l === start)) return; // not laid out as a row
      let nearest = 0;
      lefts.forEach((l, i) => { if (Math.abs(l - start - track.scrollLeft) < Math.abs((lefts[nearest] ?? 0) - start - track.scrollLeft)) nearest = i; });
      if (nearest !== shown.current) {
        fromSwipe.current = true;
        setIndex(nearest);
      }
    }, 120);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  if (!isCarousel) {
    return (
      <div className={styles.root}>
        {/* from the page's HTML, a narrow window scrolls this row sideways before any code: it takes
            the keyboard's focus until the carousel's buttons arrive (a wide one has no need of it) */}
        <List className={`${listClassName} ${styles.track[below]}`} tabIndex={live ? undefined : 0} aria-label={live ? undefined : label}>
          {items.map((item, i) => (
            <li key={itemKey(item)} className={`${itemClassName} ${styles.slide[below]}`}>{renderItem(item, i)}</li>
          ))}
        </List>
        {/* the buttons' row keeps its height below the width from the first paint */}
        <div className={styles.controls[below]} />
      </div>
    );
  }

  return (
    <div
      className={styles.root}
      role="group"
      aria-roledescription="carrossel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* the track scrolls sideways: focusable so a keyboard can scroll it too (axe scrollable-region-focusable) */}
      <div id={trackId} ref={trackRef} tabIndex={0} className={`${listClassName} ${styles.track[below]}`} aria-live={playing ? 'off' : 'polite'} onScroll={onScroll}>
        {items.map((item, i) => (
          <div
            key={itemKey(item)}
            className={`${itemClassName} ${styles.slide[below]}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${count}`}
            aria-hidden={i === index ? undefined : true}
          >
            {renderItem(item, i)}
          </div>
        ))}
      </div>
      <div className={styles.controls[below]}>
        {turns ? (
          <button type="button" className={styles.control} onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? 'Retomar a troca automática' : 'Parar a troca automática'}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              {stopped ? <path d="M8 5v14l11-7z" fill="currentColor" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />}
            </svg>
          </button>
        ) : null}
        <button type="button" className={styles.control} aria-controls={trackId} aria-label={previousLabel}
          onClick={() => setIndex((i) => (i - 1 + count) % count)}>
          <Chevron to="left" />
        </button>
        <span className={styles.dots} aria-hidden="true">
          {items.map((item, i) => <span key={itemKey(item)} className={`${styles.dot} ${i === index ? styles.dotCurrent : ''}`} />)}
        </span>
        <button type="button" className={styles.control} aria-controls={trackId} aria-label={nextLabel}
          onClick={() => setIndex((i) => (i + 1) % count)}>
          <Chevron to="right" />
        </button>
      </div>
    </div>
  );
}
