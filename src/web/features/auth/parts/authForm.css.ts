import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

/** Shared by the sign-in / sign-up screens (login, sign-up, access-code, create-account). */
export const title = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  margin: 0,
});
export const lead = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, marginTop: vars.space.xl });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' });
export const twoColumns = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
});
export const phone = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const countdown = style({ fontVariantNumeric: 'tabular-nums' });
