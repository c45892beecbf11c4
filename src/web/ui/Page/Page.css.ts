import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

const page = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.xl, padding: vars.space.lg, width: '100%', boxSizing: 'border-box',
  '@media': { [up.md]: { padding: vars.space.xl } },
});
/** how wide the page's column may grow: a form and its explanations, a calendar beside the slots, a proposal's figures */
export const width = styleVariants({
  narrow: [page, { maxWidth: 880 }],
  medium: [page, { maxWidth: 960 }],
  wide: [page, { maxWidth: 1040 }],
});
export const head = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
// the title and the lead take the focus when the view under them is replaced: read, not operated, so no ring
export const title = style({ fontSize: vars.fontSize.xl, color: vars.color.text, margin: 0, outline: 'none', '@media': { [up.md]: { fontSize: vars.fontSize.xxl } } });
export const lead = style({ color: vars.color.textMuted, margin: 0, lineHeight: vars.lineHeight.body, outline: 'none' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' });
