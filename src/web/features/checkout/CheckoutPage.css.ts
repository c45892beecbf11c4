import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';
export { form } from '../../ui/CardForm/CardForm.css';

export const columns = style({
  display: 'grid', gap: vars.space.lg, gridTemplateColumns: '1fr', alignItems: 'start',
  '@media': { [up.lg]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)' } },
});
export const panel = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg, borderRadius: vars.radius.lg,
  background: vars.color.surface, border: `1px solid ${vars.color.border}`,
  '@media': { [up.md]: { padding: vars.space.xl } },
});
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text, fontWeight: vars.fontWeight.semibold });
export const facts = style({ display: 'flex', flexDirection: 'column', margin: 0 });
export const fact = style({
  display: 'flex', justifyContent: 'space-between', gap: vars.space.md, padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}`,
});
export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, textAlign: 'right', fontWeight: vars.fontWeight.semibold });
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
export const done = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, outline: 'none' });
export const statusList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
export const statusItem = style({
  display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space.sm, padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}`,
});
const pill = { padding: `${vars.space.xxs} ${vars.space.sm}`, borderRadius: vars.radius.pill, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold } as const;
export const status = styleVariants({
  PENDING: { ...pill, background: vars.color.warningSoft, color: vars.color.warning },
  DENIED: { ...pill, background: vars.color.dangerSoft, color: vars.color.danger },
  APPROVED: { ...pill, background: vars.color.successSoft, color: vars.color.success },
});
export const statusReason = style({ flexBasis: '100%', color: vars.color.danger, fontSize: vars.fontSize.sm });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
