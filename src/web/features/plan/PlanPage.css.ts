import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';
import { visuallyHidden } from '../../theme/a11y.css';

/** The comparison table shows from 768 px; the tabs below it (spec §2). */
export const tableWrap = style({ display: 'none', '@media': { [up.md]: { display: 'block', overflowX: 'auto' } } });
export const table = style({
  width: '100%', borderCollapse: 'separate', borderSpacing: 0, background: vars.color.surface, borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`, fontSize: vars.fontSize.sm,
});
export const caption = style([visuallyHidden]);
const headBase = { padding: vars.space.lg, textAlign: 'center', verticalAlign: 'bottom', borderBottom: `1px solid ${vars.color.border}` } as const;
export const featureHead = style({ ...headBase, textAlign: 'left', color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });
export const planHead = style({ ...headBase, background: vars.color.brandSoft });
export const planHeadUnfit = style({ ...headBase, background: vars.color.surfaceSunken, color: vars.color.textMuted });
export const planName = style({ display: 'block', fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold, color: vars.color.text });
export const planPrice = style({ display: 'block', marginTop: vars.space.xs, color: vars.color.brand, fontWeight: vars.fontWeight.semibold });
export const badge = style({
  display: 'inline-block', marginTop: vars.space.xs, padding: `${vars.space.xxs} ${vars.space.sm}`, borderRadius: vars.radius.pill,
  background: vars.color.warningSoft, color: vars.color.warning, fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.xs,
});
export const rowHead = style({ padding: `${vars.space.sm} ${vars.space.lg}`, textAlign: 'left', fontWeight: vars.fontWeight.regular, color: vars.color.text, borderBottom: `1px solid ${vars.color.border}` });
export const figureRow = style({ background: vars.color.background });
export const cell = style({ padding: `${vars.space.sm} ${vars.space.lg}`, textAlign: 'center', borderBottom: `1px solid ${vars.color.border}`, color: vars.color.text });
export const cellUnfit = style([cell, { color: vars.color.textMuted }]);

export const tabs = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, '@media': { [up.md]: { display: 'none' } } });
export const tabList = style({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.xs, background: vars.color.surfaceSunken, borderRadius: vars.radius.md, padding: vars.space.xs });
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.xs}`, borderRadius: vars.radius.sm, textAlign: 'center', cursor: 'pointer', fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm, color: vars.color.textMuted, outline: 'none', minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center',
  selectors: {
    '&[data-selected]': { background: vars.color.surface, color: vars.color.brand, boxShadow: vars.shadow.sm },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
export const tabPanel = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg, background: vars.color.surface,
  border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg, outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` } },
});
export const facts = style({ display: 'flex', flexDirection: 'column', margin: 0 });
export const fact = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}` });
export const factFigure = style([fact, { fontWeight: vars.fontWeight.semibold }]);
export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, textAlign: 'right', color: vars.color.text, whiteSpace: 'nowrap' });
export const summary = style([facts, { marginBottom: vars.space.md }]);
export const confirmation = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.body });
export const modalText = style({ margin: 0, lineHeight: vars.lineHeight.body });
