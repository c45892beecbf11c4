import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
/** calendar and slots side by side from the tablet width, stacked on phones */
export const when = style({
  // minmax(0, …): the calendar's table must not push the column wider than a 320 px screen
  display: 'grid', gap: vars.space.xl, gridTemplateColumns: 'minmax(0, 1fr)', alignItems: 'start',
  '@media': { [up.md]: { gridTemplateColumns: 'minmax(0, 340px) minmax(0, 1fr)' } },
});
export const panel = style({
  background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg, padding: vars.space.md,
  display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0,
  '@media': { [up.sm]: { padding: vars.space.lg } },
});
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const chosen = style({ color: vars.color.textMuted, margin: 0, lineHeight: vars.lineHeight.body });
export const fields = style({
  display: 'grid', gap: vars.space.lg, gridTemplateColumns: '1fr',
  '@media': { [up.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }, [up.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const wide = style({ '@media': { [up.sm]: { gridColumn: 'span 2' } } });
export const cepStatus = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted, selectors: { '&:not(:empty)': { marginTop: vars.space.xs } } });
export const text = style({ margin: 0, color: vars.color.text, lineHeight: vars.lineHeight.body });
export const details = style({
  // two columns already on a phone: the values are short, one column made a long scroll
  display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', margin: 0,
  background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg, padding: vars.space.lg,
  '@media': { [up.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
/** long values (phone, street) take the whole row on phones */
export const detailWide = style({ gridColumn: '1 / -1', '@media': { [up.lg]: { gridColumn: 'auto' } } });
export const term = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, textTransform: 'uppercase', letterSpacing: '0.04em', fontWeight: vars.fontWeight.semibold });
export const value = style({ margin: 0, color: vars.color.text, fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });
export const stepBar = style({
  display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap',
  borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.lg,
});
