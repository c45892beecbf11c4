import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.lg,
  padding: vars.space.xl,
  textAlign: 'center',
  background: vars.color.background,
});
export const title = style({ fontSize: vars.fontSize.xxl, color: vars.color.brand, margin: 0 });
export const text = style({ color: vars.color.textMuted, fontSize: vars.fontSize.md, margin: 0 });
export const count = style({ fontWeight: vars.fontWeight.bold, color: vars.color.text, fontVariantNumeric: 'tabular-nums' });
