import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

export const cards = style({
  display: 'grid', gap: vars.space.md, gridTemplateColumns: '1fr', listStyle: 'none', margin: 0, padding: 0,
  '@media': { [up.md]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});
export const card = style({
  background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: vars.space.lg,
  display: 'flex', flexDirection: 'column', gap: vars.space.xs,
});
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.brand, fontWeight: vars.fontWeight.semibold });
export const cardText = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const progress = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const progressTrack = style({ height: 8, borderRadius: vars.radius.pill, background: vars.color.surfaceSunken, overflow: 'hidden' });
export const progressFill = style({ height: '100%', background: vars.color.brand, transition: 'width 120ms linear' });
/** the bar's width in steps of 5 % (no inline styles) */
export const fillWidth = styleVariants(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [String(i * 5), { width: `${i * 5}%` }])));
export const text = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
/** the store badges of the APP outcome (as on the welcome page) */
export const storeBadges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
export const storeBadge = style({
  display: 'inline-flex', borderRadius: vars.radius.md, outline: 'none',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
export const storeBadgeImage = style({ height: 44, width: 'auto' });
