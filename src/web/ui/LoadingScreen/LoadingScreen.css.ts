import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const screen = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xl,
  padding: vars.space.xl,
  background: vars.color.background,
  color: vars.color.brand,
  textAlign: 'center',
});

export const inline = style({ minHeight: 240, background: 'transparent' });

export const text = style({ color: vars.color.textMuted, fontSize: vars.fontSize.md });
