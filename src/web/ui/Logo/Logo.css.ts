import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const logo = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, textDecoration: 'none' });
export const word = style({ fontWeight: vars.fontWeight.bold, letterSpacing: '-0.02em', lineHeight: 1 });
export const tone = styleVariants({
  color: { color: vars.color.brand },
  white: { color: vars.color.textOnDark },
});
export const size = styleVariants({
  sm: { fontSize: '1.125rem' },
  md: { fontSize: '1.5rem' },
  lg: { fontSize: '2rem' },
});
