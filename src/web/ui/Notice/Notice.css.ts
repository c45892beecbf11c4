import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const notice = style({
  display: 'flex', alignItems: 'flex-start', gap: vars.space.md, margin: 0, padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md, borderLeft: '4px solid transparent', color: vars.color.text, lineHeight: vars.lineHeight.body,
  // a notice that takes the focus (a page's confirmation) shows no ring: it is read, not operated
  outline: 'none',
});

/** One palette per tone: background, the edge and the icon take the tone's colour; the text stays dark (WCAG AA on every tint). */
export const tone = styleVariants({
  info: { background: vars.color.brandSoft, borderLeftColor: vars.color.brand },
  success: { background: vars.color.successSoft, borderLeftColor: vars.color.success },
  warning: { background: vars.color.warningSoft, borderLeftColor: vars.color.warning },
  error: { background: vars.color.dangerSoft, borderLeftColor: vars.color.danger },
});
export const iconTone = styleVariants({
  info: { color: vars.color.brand },
  success: { color: vars.color.success },
  warning: { color: vars.color.warning },
  error: { color: vars.color.danger },
});

export const icon = style({ flexShrink: 0, marginTop: 2 });
export const content = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const size = styleVariants({
  sm: { fontSize: vars.fontSize.sm },
  md: { fontSize: vars.fontSize.md },
});
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.text, lineHeight: vars.lineHeight.snug, outline: 'none' });
