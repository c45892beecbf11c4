import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

export const layout = style({
  display: 'grid', gap: vars.space.lg, gridTemplateColumns: '1fr',
  '@media': { [up.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' } },
});
export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });
export const card = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg, borderRadius: vars.radius.lg,
  background: vars.color.surface, border: `1px solid ${vars.color.border}`, minWidth: 0,
  '@media': { [up.md]: { padding: vars.space.xl } },
});
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const subTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });

export const mural = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
const message = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: vars.space.md, borderRadius: vars.radius.md, borderLeft: '4px solid' });
export const messageOf = styleVariants({
  // the newest stands out: the brand's colour, larger type
  newest: [message, { background: vars.color.brandSoft, borderLeftColor: vars.color.brand, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold }],
  older: [message, { background: vars.color.surfaceSunken, borderLeftColor: vars.color.border, fontSize: vars.fontSize.sm, color: vars.color.text }],
});
export const newestTag = style({
  alignSelf: 'flex-start', padding: `${vars.space.xxs} ${vars.space.sm}`, borderRadius: vars.radius.pill, background: vars.color.brand,
  color: vars.color.brandContrast, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold,
});
export const messageText = style({ margin: 0, lineHeight: vars.lineHeight.body, overflowWrap: 'anywhere' });
export const messageWhen = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.regular, color: vars.color.textMuted });

export const facts = style({ display: 'grid', gridTemplateColumns: '1fr', gap: vars.space.sm, margin: 0, '@media': { [up.sm]: { gridTemplateColumns: '1fr 1fr' } } });
export const fact = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const factWide = style([fact, { gridColumn: '1 / -1' }]);
export const factNote = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.text, lineHeight: vars.lineHeight.body });
export const factValue = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, color: vars.color.text, overflowWrap: 'anywhere' });
export const factOverdue = style([factValue, { color: vars.color.danger }]);
export const noticeText = style({ margin: 0, lineHeight: vars.lineHeight.body });
export const nextSteps = style({ margin: `${vars.space.sm} 0 0`, paddingLeft: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xs, lineHeight: vars.lineHeight.body });
export const link = style({ color: vars.color.brand, fontWeight: vars.fontWeight.semibold, textUnderlineOffset: '3px' });

export const files = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const fileList = style({ margin: 0, paddingLeft: vars.space.lg, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.body });
export const fileName = style({ overflowWrap: 'anywhere' });

export const help = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, alignItems: 'flex-start' });
export const whatsapp = style({
  display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, minHeight: 44, padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.pill, background: vars.color.success, color: vars.color.brandContrast, fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none', outline: 'none',
  selectors: { '&:hover': { background: vars.color.brandStrong }, '&:focus-visible': { boxShadow: vars.shadow.focus } },
});
