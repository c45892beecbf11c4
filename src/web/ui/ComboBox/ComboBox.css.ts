import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const inputWrap = style({ position: 'relative', display: 'flex', alignItems: 'center' });
export const input = style({ paddingRight: 48 });
export const button = style({
  position: 'absolute',
  right: vars.space.xs,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { boxShadow: vars.shadow.focus },
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.disabled },
  },
});
