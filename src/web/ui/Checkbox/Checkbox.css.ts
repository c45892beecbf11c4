import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const wrap = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const checkbox = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.disabled } },
});

export const box = style({
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 22,
  height: 22,
  marginTop: 1,
  border: `2px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.brandContrast,
  transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
  selectors: {
    [`${checkbox}[data-selected] &`]: { background: vars.color.brand, borderColor: vars.color.brand },
    [`${checkbox}[data-focus-visible] &`]: { boxShadow: vars.shadow.focus },
    [`${checkbox}[data-invalid] &`]: { borderColor: vars.color.danger },
    [`${checkbox}[data-disabled] &`]: { background: vars.color.disabledSurface, borderColor: vars.color.border },
  },
});

export const check = style({
  opacity: 0,
  selectors: { [`${checkbox}[data-selected] &`]: { opacity: 1 } },
});
