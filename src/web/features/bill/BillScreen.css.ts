import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

export const section = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.xl, padding: vars.space.lg, maxWidth: 880, width: '100%', boxSizing: 'border-box',
  '@media': { [up.md]: { padding: vars.space.xl } },
});
export const title = style({ fontSize: vars.fontSize.xl, color: vars.color.text, margin: 0, '@media': { [up.md]: { fontSize: vars.fontSize.xxl } } });
export const lead = style({ color: vars.color.textMuted, margin: 0, lineHeight: vars.lineHeight.body });
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
export const uploadBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
/** the upload areas take the portal's field label, description and error styles; paragraphs lose their margin */
export const flush = style({ margin: 0 });
export const dropZone = style({
  display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: vars.space.sm, textAlign: 'center',
  border: `2px dashed ${vars.color.borderStrong}`, borderRadius: vars.radius.lg, padding: vars.space.xl, background: vars.color.surfaceSunken,
  color: vars.color.textMuted, outline: 'none',
  selectors: {
    '&[data-drop-target]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
/** "drag it here" means nothing on a touch screen: there the button alone */
export const dragHint = style({ '@media': { '(hover: none) and (pointer: coarse)': { display: 'none' } } });
export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const fileRow = style({
  display: 'flex', alignItems: 'center', gap: vars.space.sm, padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.success}`, borderRadius: vars.radius.md, background: vars.color.successSoft, color: vars.color.text,
});
export const fileName = style({ flex: 1, minWidth: 0, fontWeight: vars.fontWeight.medium, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const successIcon = style({ color: vars.color.success, flexShrink: 0 });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
export const progress = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const progressTrack = style({ height: 8, borderRadius: vars.radius.pill, background: vars.color.surfaceSunken, overflow: 'hidden' });
export const progressFill = style({ height: '100%', background: vars.color.brand, transition: 'width 120ms linear' });
export const outcome = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xl, borderRadius: vars.radius.lg,
  background: vars.color.surface, border: `1px solid ${vars.color.border}`,
});
/** the outcome's colour (the icon takes it): approved, not approved, or in review (a person or the assistant) */
export const outcomeTone = styleVariants({
  success: { borderColor: vars.color.success, background: vars.color.successSoft, color: vars.color.success },
  danger: { borderColor: vars.color.danger, background: vars.color.dangerSoft, color: vars.color.danger },
  review: { borderColor: vars.color.warning, background: vars.color.warningSoft, color: vars.color.warning },
});
export const outcomeHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });
export const outcomeIcon = style({ flexShrink: 0 });
export const outcomeTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text, outline: 'none' });
export const outcomeText = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
/** the bar's width in steps of 5 % (no inline styles) */
export const fillWidth = styleVariants(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [String(i * 5), { width: `${i * 5}%` }])));
/** the store badges of the APP outcome (as on the welcome page) */
export const storeBadges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
export const storeBadge = style({
  display: 'inline-flex', borderRadius: vars.radius.md, outline: 'none',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
export const storeBadgeImage = style({ height: 44, width: 'auto' });
