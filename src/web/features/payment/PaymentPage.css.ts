import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { up } from '../../theme/media';

export const top = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });
/** the buyer's step beside the side cards (banks, total): stacked on a phone, two columns from 1024 px */
export const columns = style({
  display: 'grid', gap: vars.space.lg, gridTemplateColumns: '1fr', alignItems: 'start',
  '@media': { [up.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });
export const panel = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg, borderRadius: vars.radius.lg,
  background: vars.color.surface, border: `1px solid ${vars.color.border}`, minWidth: 0, outline: 'none',
  '@media': { [up.md]: { padding: vars.space.xl } },
});
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text, fontWeight: vars.fontWeight.semibold, outline: 'none' });
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
export const actions = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.sm, alignItems: 'stretch',
  '@media': { [up.sm]: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center' } },
});

// ---- the status card (financing) ----
const statusBase = { borderLeftWidth: 6, borderLeftStyle: 'solid' } as const;
export const statusCard = styleVariants({
  NOT_REQUESTED: [panel, { ...statusBase, borderLeftColor: vars.color.accent }],
  IN_EVALUATION: [panel, { ...statusBase, borderLeftColor: vars.color.warning }],
  APPROVED: [panel, { ...statusBase, borderLeftColor: vars.color.success }],
  DENIED: [panel, { ...statusBase, borderLeftColor: vars.color.danger }],
});

// ---- the contracts ----
export const contracts = style({
  listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md, gridTemplateColumns: '1fr',
  '@media': { [up.md]: { gridTemplateColumns: '1fr 1fr' } },
});
export const contract = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.md, borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`, background: vars.color.surfaceSunken,
});
export const contractHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
export const contractName = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
const pill = { padding: `${vars.space.xxs} ${vars.space.sm}`, borderRadius: vars.radius.pill, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold } as const;
export const pillOf = styleVariants({
  // the success green on its soft background is under 4.5:1 at this size: the text colour keeps the contrast
  signed: { ...pill, background: vars.color.successSoft, color: vars.color.brandStrong, border: `1px solid ${vars.color.success}` },
  pending: { ...pill, background: vars.color.warningSoft, color: vars.color.warning },
  locked: { ...pill, background: vars.color.border, color: vars.color.textMuted },
});

// ---- the invoice ----
export const facts = style({ display: 'flex', flexDirection: 'column', margin: 0, gap: vars.space.sm });
export const fact = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.xxs, paddingBottom: vars.space.sm, borderBottom: `1px dashed ${vars.color.border}`,
  '@media': { [up.sm]: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md } },
});
export const factLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const factValue = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const code = style({ margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const codeBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const codeText = style({
  display: 'block', padding: vars.space.sm, borderRadius: vars.radius.sm, background: vars.color.surfaceSunken, border: `1px solid ${vars.color.border}`,
  fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, wordBreak: 'break-all', color: vars.color.text, userSelect: 'all', flex: '1 1 16rem', minWidth: 0,
});
export const linkButton = style({
  display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minHeight: 44, padding: `0 ${vars.space.lg}`, borderRadius: vars.radius.md,
  background: vars.color.brand, color: vars.color.brandContrast, fontWeight: vars.fontWeight.semibold, textDecoration: 'none',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 }, '&:hover': { background: vars.color.brandStrong } },
});

// ---- the banks ----
export const banks = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const bank = style({
  display: 'flex', alignItems: 'center', justifyContent: 'center', padding: vars.space.sm, borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`, background: vars.color.surface, width: 96, height: 56,
});
export const bankLogo = style({ display: 'block', width: 84, height: 34 });

// ---- the contract-data form ----
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const fields = style({
  display: 'grid', gap: vars.space.md, gridTemplateColumns: '1fr',
  '@media': { [up.sm]: { gridTemplateColumns: '1fr 1fr' } },
});
export const wide = style({ '@media': { [up.sm]: { gridColumn: '1 / -1' } } });
export const formActions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm });

// ---- SUPPLY ----
export const supply = style([panel, { alignItems: 'flex-start', background: vars.color.successSoft, borderColor: vars.color.success }]);
export const supplyTitle = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text, fontWeight: vars.fontWeight.bold });
export const total = style({ margin: 0, fontSize: vars.fontSize.xxl, color: vars.color.brandStrong, fontWeight: vars.fontWeight.bold });
