/**
 * The spec's breakpoints (§9) and media queries built from them, for `@media` blocks in
 * vanilla-extract styles. Mobile first: `up.md` means 768 px and wider.
 * `narrow.md` is "768 px or narrower", the spec's wording for the auth screens' column swap.
 */
export const breakpoints = {
  sm: 640,
  md: 768,
  nav: 800,
  lg: 1024,
  xl: 1280,
  xxl: 1400,
} as const;
export type Breakpoint = keyof typeof breakpoints;

const minWidth = (px: number) => `screen and (min-width: ${px}px)`;
const maxWidth = (px: number) => `screen and (max-width: ${px}px)`;

/** min-width queries: the rule applies from the breakpoint up. */
export const up = {
  sm: minWidth(breakpoints.sm),
  md: minWidth(breakpoints.md),
  nav: minWidth(breakpoints.nav),
  lg: minWidth(breakpoints.lg),
  xl: minWidth(breakpoints.xl),
  xxl: minWidth(breakpoints.xxl),
} as const;

/** max-width queries: the rule applies at the breakpoint and below (spec "768 px or narrower"). */
export const narrow = {
  sm: maxWidth(breakpoints.sm),
  md: maxWidth(breakpoints.md),
  nav: maxWidth(breakpoints.nav),
  lg: maxWidth(breakpoints.lg),
  xl: maxWidth(breakpoints.xl),
  xxl: maxWidth(breakpoints.xxl),
} as const;

/** Code boxes shrink from 58 px to 45 px under 500 px wide (spec §9). */
export const codeBoxCompact = maxWidth(499);

/** Respect the person's reduced-motion setting. */
export const reducedMotion = '(prefers-reduced-motion: reduce)';
