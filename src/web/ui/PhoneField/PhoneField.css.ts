import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const group = style({
  display: 'grid',
  gridTemplateColumns: '5.5rem minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
});
