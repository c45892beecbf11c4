import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

export const section = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.xl, padding: vars.space.lg, maxWidth: 960, width: '100%', boxSizing: 'border-box',
  '@media': { [up.md]: { padding: vars.space.xl } },
});
export const title = style({ fontSize: vars.fontSize.xl, color: vars.color.text, margin: 0, '@media': { [up.md]: { fontSize: vars.fontSize.xxl } } });
export const lead = style({ color: vars.color.textMuted, margin: 0, lineHeight: vars.lineHeight.body, outline: 'none' });
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
export const calendar = style({ width: '100%', maxWidth: 340 });
export const calendarHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, marginBottom: vars.space.sm });
export const calendarHeading = style({
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
export const slots = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: vars.space.sm });
export const fields = style({
  display: 'grid', gap: vars.space.lg, gridTemplateColumns: '1fr',
  '@media': { [up.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }, [up.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const wide = style({ '@media': { [up.sm]: { gridColumn: 'span 2' } } });
export const cepStatus = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted, selectors: { '&:not(:empty)': { marginTop: vars.space.xs } } });
export const notice = styleVariants({
  error: { margin: 0, padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.dangerSoft, color: vars.color.text, borderLeft: `4px solid ${vars.color.danger}`, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.body },
  info: { margin: 0, padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.brandSoft, color: vars.color.text, borderLeft: `4px solid ${vars.color.brand}`, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.body },
});
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' });
export const banner = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: vars.space.lg, borderRadius: vars.radius.lg, borderLeft: '6px solid transparent', outline: 'none',
});
export const bannerTone = styleVariants({
  UNCONFIRMED_APPOINTMENT: { background: vars.color.warningSoft, borderLeftColor: vars.color.warning },
  CONFIRMED_SCHEDULE: { background: vars.color.brandSoft, borderLeftColor: vars.color.brand },
  ACCOMPLISHED_AND_APPROVED: { background: vars.color.successSoft, borderLeftColor: vars.color.success },
  DONE_AND_NOT_APPROVED: { background: vars.color.dangerSoft, borderLeftColor: vars.color.danger },
});
export const bannerTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const bannerText = style({ margin: 0, color: vars.color.text, lineHeight: vars.lineHeight.body });
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
