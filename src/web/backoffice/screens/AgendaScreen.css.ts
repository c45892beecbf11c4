import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { up } from '../../theme/media';
import { main } from '../backoffice.css';

/** The agenda: wider than the other back-office pages, six day columns from a laptop up, one list per day below it. */
export const page = style([main, { maxWidth: 1400 }]);

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });
export const weekTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
export const weekNav = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const week = style({
  display: 'grid', gap: vars.space.md, gridTemplateColumns: 'minmax(0, 1fr)', listStyle: 'none', padding: 0, margin: 0,
  '@media': { [up.lg]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', alignItems: 'stretch' } },
});

export const day = style({
  minWidth: 0, display: 'flex', flexDirection: 'column', padding: vars.space.md,
  background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md,
  '@media': { [up.lg]: { minHeight: 280 } },
});
export const dayBody = style({ flex: 1, display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const dayClosed = style({ background: vars.color.surfaceSunken });
export const today = style({ borderColor: vars.color.brand, boxShadow: `inset 0 3px 0 ${vars.color.brand}` });

export const dayHeading = style({
  margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.bold, color: vars.color.text,
  selectors: { '&::first-letter': { textTransform: 'uppercase' } },
});
export const badge = style({
  alignSelf: 'flex-start', margin: 0, padding: `${vars.space.xxs} ${vars.space.sm}`, borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold, background: vars.color.warningSoft, color: vars.color.warning,
  overflowWrap: 'anywhere',
});
export const empty = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const visits = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm });

const visitBase = style({
  display: 'grid', gap: vars.space.xs, padding: vars.space.sm, borderRadius: vars.radius.sm, minWidth: 0,
  border: `1px solid ${vars.color.border}`, borderLeftWidth: 4, background: vars.color.surface, fontSize: vars.fontSize.sm,
});
/** The left edge says the status at a glance; the status is written too. */
export const visit = styleVariants({
  UNCONFIRMED_APPOINTMENT: [visitBase, { borderLeftColor: vars.color.accentStrong }],
  CONFIRMED_SCHEDULE: [visitBase, { borderLeftColor: vars.color.brand }],
  ACCOMPLISHED_AND_APPROVED: [visitBase, { borderLeftColor: vars.color.success, background: vars.color.successSoft }],
  DONE_AND_NOT_APPROVED: [visitBase, { borderLeftColor: vars.color.danger, background: vars.color.dangerSoft }],
});
export const slot = style({ margin: 0, fontWeight: vars.fontWeight.bold, fontVariantNumeric: 'tabular-nums' });
export const customer = style({
  background: 'none', border: 0, padding: 0, font: 'inherit', fontWeight: vars.fontWeight.semibold, textAlign: 'left',
  color: vars.color.brand, textDecoration: 'underline', cursor: 'pointer', overflowWrap: 'anywhere', minHeight: 24,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2, borderRadius: 2 } },
});
export const detail = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const status = style({ margin: 0, fontWeight: vars.fontWeight.medium });
export const due = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.danger });
export const visitActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, marginTop: vars.space.xs });
export const dayActions = style({ marginTop: 'auto', paddingTop: vars.space.xs, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const summary = style({ display: 'grid', gap: vars.space.xs });
/** What the last action did: the keyboard is brought here, as the pressed button may be gone. */
export const said = style({
  margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.success,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
