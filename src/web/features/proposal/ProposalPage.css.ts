import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';
import { row } from '../../ui/Proposal/Proposal.css';
export { rows, row, rowLabel, rowValue } from '../../ui/Proposal/Proposal.css';

export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
export const panels = style({
  display: 'grid', gap: vars.space.lg, gridTemplateColumns: '1fr', alignItems: 'start',
  '@media': { [up.lg]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
export const panel = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg, borderRadius: vars.radius.lg,
  background: vars.color.surface, border: `1px solid ${vars.color.border}`,
  '@media': { [up.md]: { padding: vars.space.xl } },
});
export const totalPanel = style([panel, { background: vars.color.brandSoft, borderColor: vars.color.brand }]);
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.text, fontWeight: vars.fontWeight.semibold });
export const total = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const totalLabel = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const totalValue = style({ margin: 0, color: vars.color.brandStrong, fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold });
export const rowTotal = style([row, { borderBottom: 'none', paddingTop: vars.space.xs }]);
export const actions = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.md,
  '@media': { [up.sm]: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center' } },
});
/** a confirmation and the button that goes on from it */
export const confirmation = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, alignItems: 'flex-start' });
/** the final proposal's payment choice: its question and the two buttons, set apart from the download */
export const choice = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.md, paddingTop: vars.space.lg, borderTop: `1px solid ${vars.color.border}`,
});
export const subscriptionText = style({ margin: 0, color: vars.color.text, lineHeight: vars.lineHeight.body });
