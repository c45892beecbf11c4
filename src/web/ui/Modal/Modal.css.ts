import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { reducedMotion, up } from '../../theme/media';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({ from: { transform: 'translateY(12px)', opacity: 0 }, to: { transform: 'none', opacity: 1 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  background: vars.color.overlay,
  selectors: { '&[data-entering]': { animation: `${fadeIn} ${vars.duration.normal} ease-out` } },
  '@media': {
    [up.sm]: { alignItems: 'center', padding: vars.space.xl },
    [reducedMotion]: { animation: 'none' },
  },
});

export const modal = style({
  position: 'relative',
  width: '100%',
  maxHeight: '92vh',
  overflow: 'auto',
  background: vars.color.surface,
  borderRadius: `${vars.radius.xl} ${vars.radius.xl} 0 0`,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: { '&[data-entering]': { animation: `${rise} ${vars.duration.normal} ease-out` } },
  '@media': {
    [up.sm]: { borderRadius: vars.radius.xl },
    [reducedMotion]: { animation: 'none' },
  },
});

// Spec §2 "Other UI": the contract-signing modal is 1000 px and 1200 px wide.
export const width = styleVariants({
  sm: { maxWidth: 420 },
  md: { maxWidth: 560 },
  lg: { maxWidth: 1000 },
  xl: { maxWidth: 1200 },
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  outline: 'none',
  '@media': { [up.sm]: { padding: vars.space.xxl } },
});

// A dialog taller than the screen scrolls as a whole; its title with the close button and its
// footer stay in view (sticky), so a person never scrolls to find how to leave it.
export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  marginTop: `calc(-1 * ${vars.space.xl})`,
  paddingTop: vars.space.xl,
  paddingBottom: vars.space.xs,
  background: vars.color.surface,
  '@media': { [up.sm]: { marginTop: `calc(-1 * ${vars.space.xxl})`, paddingTop: vars.space.xxl } },
});
export const title = style({ fontSize: vars.fontSize.xl, color: vars.color.text });

export const close = style({
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  marginTop: `calc(-1 * ${vars.space.xs})`,
  marginRight: `calc(-1 * ${vars.space.sm})`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceSunken, color: vars.color.text },
    '&[data-focus-visible]': { boxShadow: vars.shadow.focus },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.4 },
  },
});

export const body = style({ color: vars.color.text, lineHeight: vars.lineHeight.body });

export const footer = style({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.md,
  marginBottom: `calc(-1 * ${vars.space.xl})`,
  paddingTop: vars.space.sm,
  paddingBottom: vars.space.xl,
  background: vars.color.surface,
  '@media': { [up.sm]: { marginBottom: `calc(-1 * ${vars.space.xxl})`, paddingBottom: vars.space.xxl } },
});
