import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

/** the five figure cards: two columns on a phone, three on a tablet, one row from 1100 px */
export const cards = style({
  display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', listStyle: 'none', margin: 0, padding: 0,
  '@media': {
    [up.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    'screen and (min-width: 1100px)': { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
  },
});
export const card = style({
  background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: vars.space.md,
  display: 'flex', flexDirection: 'column', gap: vars.space.xs, boxShadow: vars.shadow.sm, minWidth: 0,
  selectors: { '&:last-child:nth-child(odd)': { gridColumn: '1 / -1' } },
  '@media': {
    [up.sm]: { padding: vars.space.lg },
    [up.md]: { selectors: { '&:last-child:nth-child(odd)': { gridColumn: 'auto' } } },
  },
});
export const cardLabel = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });
export const cardValue = style({
  margin: 0, fontSize: vars.fontSize.md, color: vars.color.brand, fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap',
  '@media': { [up.sm]: { fontSize: vars.fontSize.lg } },
});
export const rows = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0 });
export const row = style({
  display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.md,
  borderBottom: `1px dashed ${vars.color.border}`, paddingBottom: vars.space.xs,
});
export const rowLabel = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.snug });
export const rowValue = style({ margin: 0, color: vars.color.text, fontWeight: vars.fontWeight.semibold, whiteSpace: 'nowrap' });
export const dialogSection = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, marginBottom: vars.space.lg });
export const dialogTitle = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.brand });
/** one block per equipment (modules, inverters, structure): stacked on a phone, side by side from 768 px */
export const equipment = style({
  display: 'grid', gap: vars.space.md, gridTemplateColumns: '1fr', listStyle: 'none', margin: 0, padding: 0,
  '@media': { [up.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const equipmentItem = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.md, borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`, background: vars.color.surfaceSunken,
});
export const equipmentName = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const rowValueWrap = style([rowValue, { whiteSpace: 'normal', textAlign: 'right' }]);
export const benefits = style({ margin: 0, paddingLeft: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xs, color: vars.color.text });
