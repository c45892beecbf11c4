import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const calendar = style({ width: '100%', maxWidth: 340 });
export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, marginBottom: vars.space.sm });
export const heading = style({
  margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, color: vars.color.text,
  // 'novembro de 2026' -> 'Novembro de 2026'
  selectors: { '&::first-letter': { textTransform: 'uppercase' } },
});
export const navButton = style({
  width: 44, height: 44, display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`, background: vars.color.surface, color: vars.color.text, cursor: 'pointer', fontSize: vars.fontSize.lg,
  selectors: {
    '&[data-hovered]': { background: vars.color.brandSoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-disabled]': { color: vars.color.disabled, cursor: 'not-allowed', background: vars.color.disabledSurface },
  },
});
export const grid = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' });
// lower case ('dom.', 'seg.') and smaller under 360 px: in capitals the seven names ran together on a 320 px screen
export const weekday = style({
  fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold, paddingBottom: vars.space.xs,
  '@media': { 'screen and (max-width: 359px)': { fontSize: '0.6875rem', fontWeight: vars.fontWeight.medium } },
});
export const cell = style({
  width: '100%', aspectRatio: '1', maxWidth: 44, minHeight: 36, margin: '1px auto', display: 'flex', alignItems: 'center', justifyContent: 'center',
  borderRadius: vars.radius.pill, fontSize: vars.fontSize.sm, color: vars.color.text, cursor: 'pointer', outline: 'none', fontWeight: vars.fontWeight.medium,
  selectors: {
    '&[data-outside-month]': { visibility: 'hidden' },
    '&[data-hovered]': { background: vars.color.brandSoft },
    '&[data-unavailable], &[data-disabled]': { color: vars.color.disabled, textDecoration: 'line-through', cursor: 'not-allowed', background: 'transparent', fontWeight: vars.fontWeight.regular },
    // today is never bookable, but a person looks for it to find their way: ringed, not struck through
    '&[data-today]': { textDecoration: 'none', boxShadow: `inset 0 0 0 1px ${vars.color.textMuted}` },
    '&[data-selected]': { background: vars.color.brand, color: vars.color.brandContrast, textDecoration: 'none' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focus}` },
  },
});
