import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

export const grid = style({
  display: 'grid', gap: vars.space.lg, gridTemplateColumns: 'minmax(0, 1fr)', alignItems: 'start',
  '@media': { [up.lg]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
/** a block that takes the grid's whole row (the step block, the customer's data) */
export const wide = style({ '@media': { [up.lg]: { gridColumn: '1 / -1' } } });
export const panel = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg, borderRadius: vars.radius.lg, minWidth: 0,
  background: vars.color.surface, border: `1px solid ${vars.color.border}`,
  '@media': { [up.md]: { padding: vars.space.xl } },
});
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text, fontWeight: vars.fontWeight.semibold });
export const subTitle = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.text, fontWeight: vars.fontWeight.semibold });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const facts = style({ display: 'flex', flexDirection: 'column', margin: 0 });
export const fact = style({
  display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.md, padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const factLabel = style({ color: vars.color.textMuted, flexShrink: 0 });
export const factValue = style({ margin: 0, textAlign: 'right', fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
// a long e-mail address breaks inside itself rather than running off a phone's screen
export const text = style({ margin: 0, lineHeight: vars.lineHeight.body, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const session = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });
export const sessionName = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, fontWeight: vars.fontWeight.semibold });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
export const item = style({
  display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm, padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
const pill = { padding: `${vars.space.xxs} ${vars.space.sm}`, borderRadius: vars.radius.pill, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold } as const;
export const status = styleVariants({
  PENDING: { ...pill, background: vars.color.warningSoft, color: vars.color.warning },
  DENIED: { ...pill, background: vars.color.dangerSoft, color: vars.color.danger },
  // the success green on its soft background is 4.4:1, under WCAG's 4.5:1 for this size: the darker brand green reads
  APPROVED: { ...pill, background: vars.color.successSoft, color: vars.color.brandStrong },
});
export const steps = style({
  display: 'grid', gap: vars.space.lg, gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [up.md]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
export const step = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const stepButtons = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, alignItems: 'stretch', '@media': { [up.sm]: { alignItems: 'flex-start' } } });
export const dataActions = style({
  display: 'grid', gap: vars.space.lg, gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [up.md]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
/** A button that deletes: red text and border (doubled class: it must win over the Button's variant whatever the CSS order). */
export const danger = style({
  selectors: {
    '&&': { color: vars.color.danger, borderColor: vars.color.danger },
    '&&[data-hovered]': { background: vars.color.dangerSoft },
  },
});
/** The button that confirms a deletion: white on red (6.5:1). */
export const dangerSolid = style({
  selectors: {
    '&&, &&[data-hovered], &&[data-pressed]': { color: vars.color.brandContrast, background: vars.color.danger, borderColor: vars.color.danger },
    '&&[data-hovered]': { boxShadow: vars.shadow.md },
  },
});
export const retention = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const retentionItem = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: vars.space.md, borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken, lineHeight: vars.lineHeight.body,
});
export const retentionLine = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const deleted = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, alignItems: 'flex-start', outline: 'none' });
