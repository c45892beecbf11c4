import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

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
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({
  display: 'grid', gap: vars.space.md, gridTemplateColumns: '1fr 1fr',
  '@media': { [up.sm]: { gridTemplateColumns: '1fr 1fr 1fr' } },
});
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
export const done = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, outline: 'none' });
