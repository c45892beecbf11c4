import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { reducedMotion } from '../../theme/media';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  borderStyle: 'solid',
  borderColor: 'currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  '@media': { [reducedMotion]: { animationDuration: '2.4s' } },
});

export const size = {
  sm: style({ width: 16, height: 16, borderWidth: 2 }),
  md: style({ width: 24, height: 24, borderWidth: 3 }),
  lg: style({ width: 44, height: 44, borderWidth: 4 }),
};
