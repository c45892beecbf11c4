import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** The projects card spans the row: its seven status counts side by side (wrapping on a phone). */
export const wideCard = style({ gridColumn: '1 / -1' });
export const statusCounts = style({
  listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
});
export const statusCount = style({
  width: '100%', height: '100%', display: 'grid', gap: vars.space.xxs, alignContent: 'start', textAlign: 'left',
  padding: vars.space.sm, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, background: vars.color.surfaceSunken,
  font: 'inherit', color: vars.color.text, cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.brand },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[aria-pressed="true"]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
    '&:disabled': { cursor: 'default' },
  },
});
/** the count shows above its status, which comes first for a screen reader ("Projeto em elaboração 1") */
export const statusNumber = style({ fontSize: '1.4rem', fontWeight: 700, order: -1 });
export const statusName = style({ fontSize: '0.8rem', color: vars.color.textMuted, lineHeight: 1.3 });
export const openButton = style({ justifySelf: 'start', textAlign: 'left' });
export const pager = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', flexWrap: 'wrap' });
