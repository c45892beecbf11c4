import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

export const cards = style({
  listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md, gridTemplateColumns: '1fr',
  '@media': { [up.md]: { gridTemplateColumns: '1fr 1fr' } },
});
export const card = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.lg, borderRadius: vars.radius.lg,
  background: vars.color.surface, border: `1px solid ${vars.color.border}`,
});
export const cardHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const stepNo = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
const pill = { padding: `${vars.space.xxs} ${vars.space.sm}`, borderRadius: vars.radius.pill, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold } as const;
export const pillOf = styleVariants({
  signed: { ...pill, background: vars.color.successSoft, color: vars.color.success },
  pending: { ...pill, background: vars.color.warningSoft, color: vars.color.warning },
  locked: { ...pill, background: vars.color.border, color: vars.color.textMuted },
});
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const stepBar = style({
  display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap',
  paddingTop: vars.space.md, borderTop: `1px solid ${vars.color.border}`,
});
export const faq = style({ position: 'relative', display: 'inline-block' });
export const faqTip = style({
  position: 'absolute', bottom: 'calc(100% + 8px)', left: 0, zIndex: 5, width: 'min(320px, 80vw)', padding: vars.space.md,
  borderRadius: vars.radius.md, background: vars.color.surface, border: `1px solid ${vars.color.border}`, boxShadow: vars.shadow.lg,
  color: vars.color.text, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.body,
});
export const terms = style({
  maxHeight: 360, overflowY: 'auto', padding: vars.space.md, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`,
  display: 'flex', flexDirection: 'column', gap: vars.space.sm, lineHeight: vars.lineHeight.body,
});
export const termsTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
export const termsText = style({ margin: 0 });
export const follow = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, alignItems: 'flex-start', outline: 'none' });
