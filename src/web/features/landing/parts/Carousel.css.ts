import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/theme.css';
import { reducedMotion } from '../../../theme/media';
import { BENEFITS_CAROUSEL_BELOW_PX, carouselQuery, INFO_CAROUSEL_BELOW_PX, type CarouselWidth } from './carouselWidths';
import { iconTarget } from '../../../theme/a11y.css';

const below = (width: CarouselWidth) => `screen and ${carouselQuery(width)}`;

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/**
 * Below its width the list is one card per view in a row that scrolls sideways (a swipe snaps to a
 * card), laid out by CSS before any script runs, so the page does not move when the buttons arrive.
 */
const trackBelow = (width: CarouselWidth) => style({
  '@media': {
    [below(width)]: {
      display: 'flex',
      gridTemplateColumns: 'none',
      position: 'relative',
      overflowX: 'auto',
      overscrollBehaviorX: 'contain',
      scrollSnapType: 'x mandatory',
      scrollbarWidth: 'none',
      gap: vars.space.lg,
      // the cards' shadows are not cut by the scrolling box
      padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.sm}`,
      margin: `calc(-1 * ${vars.space.xs})`,
    },
  },
  selectors: { '&::-webkit-scrollbar': { display: 'none' } },
});
export const track: Record<CarouselWidth, string> = {
  [INFO_CAROUSEL_BELOW_PX]: trackBelow(INFO_CAROUSEL_BELOW_PX),
  [BENEFITS_CAROUSEL_BELOW_PX]: trackBelow(BENEFITS_CAROUSEL_BELOW_PX),
};

const slideBelow = (width: CarouselWidth) => style({
  '@media': { [below(width)]: { flex: '0 0 100%', scrollSnapAlign: 'start', scrollSnapStop: 'always' } },
});
export const slide: Record<CarouselWidth, string> = {
  [INFO_CAROUSEL_BELOW_PX]: slideBelow(INFO_CAROUSEL_BELOW_PX),
  [BENEFITS_CAROUSEL_BELOW_PX]: slideBelow(BENEFITS_CAROUSEL_BELOW_PX),
};

/** The buttons' row: its height is kept below the width from the first paint, and it is gone above it. */
const controlsBelow = (width: CarouselWidth) => style({
  display: 'none',
  '@media': { [below(width)]: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: vars.space.sm, minHeight: 44 } },
});
export const controls: Record<CarouselWidth, string> = {
  [INFO_CAROUSEL_BELOW_PX]: controlsBelow(INFO_CAROUSEL_BELOW_PX),
  [BENEFITS_CAROUSEL_BELOW_PX]: controlsBelow(BENEFITS_CAROUSEL_BELOW_PX),
};

export const control = style([iconTarget, {
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.brand,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.brandSoft },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
  },
}]);

export const dots = style({ display: 'flex', gap: vars.space.xs, margin: `0 ${vars.space.sm}` });
export const dot = style({
  width: 8,
  height: 8,
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  transition: `background-color ${vars.duration.fast}, transform ${vars.duration.fast}`,
  '@media': { [reducedMotion]: { transition: 'none' } },
});
export const dotCurrent = style({ background: vars.color.brand, transform: 'scale(1.25)' });
