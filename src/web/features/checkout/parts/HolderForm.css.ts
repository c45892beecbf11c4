import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/theme.css';
import { up } from '../../../theme/media';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const lead = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
/** one column on a phone, two from 640 px */
export const fields = style({
  display: 'grid', gap: vars.space.md, gridTemplateColumns: 'minmax(0, 1fr)', alignItems: 'start',
  '@media': { [up.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
/** a field that takes the whole row (the name) */
export const wide = style({
  '@media': { [up.sm]: { gridColumn: '1 / -1' } },
});
export const actions = style({
  display: 'flex', flexDirection: 'column-reverse', gap: vars.space.sm,
  '@media': { [up.sm]: { flexDirection: 'row', justifyContent: 'flex-end' } },
});
