import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme';
import { narrow } from '../../../theme/media';

/**
 * The seven steps: a row with a line through the markers on wide screens; a column with the line
 * running down the left at 800 px or narrower (spec §2 "vertical at 800 px or narrower").
 */
const MARKER = 36;

export const list = style({
  listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: vars.space.xs,
  '@media': { [narrow.nav]: { gridTemplateColumns: '1fr', gap: 0 } },
});

const step = style({
  position: 'relative', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm, textAlign: 'center',
  // the line to the next step, behind the markers
  selectors: {
    '&:not(:last-child)::after': {
      content: '""', position: 'absolute', top: MARKER / 2 - 2, left: `calc(50% + ${MARKER / 2 + 4}px)`, right: `calc(-50% + ${MARKER / 2 + 4}px)`,
      height: 4, borderRadius: vars.radius.pill, background: vars.color.border,
    },
  },
  '@media': {
    [narrow.nav]: {
      flexDirection: 'row', alignItems: 'flex-start', textAlign: 'left', gap: vars.space.md, paddingBottom: vars.space.lg,
      selectors: {
        '&:not(:last-child)::after': { top: MARKER + 4, bottom: 4, left: MARKER / 2 - 2, right: 'auto', width: 4, height: 'auto' },
      },
    },
  },
});

export const stepOf = styleVariants({
  done: [step, { selectors: { '&:not(:last-child)::after': { background: vars.color.success } } }],
  current: [step],
  upcoming: [step],
});

const marker = style({
  position: 'relative', zIndex: 1, flexShrink: 0, display: 'inline-flex', alignItems: 'center', justifyContent: 'center',
  width: MARKER, height: MARKER, borderRadius: '50%', fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.sm, boxSizing: 'border-box',
});
export const markerOf = styleVariants({
  done: [marker, { background: vars.color.success, color: vars.color.brandContrast }],
  current: [marker, { background: vars.color.accent, color: vars.color.accentContrast, boxShadow: `0 0 0 5px ${vars.color.accentSoft}` }],
  upcoming: [marker, { background: vars.color.surface, color: vars.color.textMuted, border: `2px solid ${vars.color.border}` }],
});

const label = style({ fontSize: vars.fontSize.xs, lineHeight: vars.lineHeight.snug, color: vars.color.textMuted, maxWidth: '14ch', '@media': { [narrow.nav]: { maxWidth: 'none', fontSize: vars.fontSize.sm, paddingTop: 7 } } });
export const labelOf = styleVariants({
  done: [label, { color: vars.color.text }],
  current: [label, { color: vars.color.text, fontWeight: vars.fontWeight.bold }],
  upcoming: [label],
});
