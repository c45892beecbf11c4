import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** The mural as the customer sees it, and the files they sent, inside the project panel. */
export const section = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const item = style({
  display: 'grid', gap: vars.space.xs, padding: vars.space.md, borderRadius: vars.radius.sm, background: vars.color.surfaceSunken,
  overflowWrap: 'anywhere', minWidth: 0,
});
/** a file the team has not answered yet (sent after the last mural message) */
export const unanswered = style([item, { background: vars.color.accentSoft, borderLeft: `4px solid ${vars.color.accent}` }]);
export const text = style({ margin: 0, whiteSpace: 'pre-wrap' });
export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.85rem' });
export const tag = style({
  justifySelf: 'start', padding: `${vars.space.xxs} ${vars.space.sm}`, borderRadius: vars.radius.pill, background: vars.color.accent,
  color: vars.color.accentContrast, fontSize: '0.8rem', fontWeight: 600,
});

export const progress = style({ display: 'grid', gap: vars.space.xs });
export const progressTrack = style({ height: 8, borderRadius: vars.radius.pill, background: vars.color.surfaceSunken, overflow: 'hidden' });
export const progressFill = style({ height: '100%', background: vars.color.brand, transition: 'width 120ms linear' });
/** the bar's width in 5 % steps (no inline styles under the CSP) */
export const fillWidth = styleVariants(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [String(i * 5), { width: `${i * 5}%` }])));
/** a part's title inside the panel: a step below the panel's own */
export const partTitle = style({ margin: 0, fontSize: '1rem' });
/** a file to download, at the start of its row (a button centres its text) */
export const fileButton = style({
  justifySelf: 'start', textAlign: 'left', background: 'none', border: 0, padding: 0, font: 'inherit', color: vars.color.brand,
  textDecoration: 'underline', cursor: 'pointer', overflowWrap: 'anywhere',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
