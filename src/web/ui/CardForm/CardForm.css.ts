import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({
  display: 'grid', gap: vars.space.md, gridTemplateColumns: '1fr 1fr',
  '@media': { [up.sm]: { gridTemplateColumns: '1fr 1fr 1fr' } },
});
