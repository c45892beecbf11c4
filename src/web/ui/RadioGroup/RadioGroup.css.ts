import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const options = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  selectors: { [`${group}[data-orientation="vertical"] &`]: { flexDirection: 'column' } },
});

export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 48,
  padding: `0 ${vars.space.lg}`,
  border: `1.5px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  outline: 'none',
  transition: `border-color ${vars.duration.fast}, background-color ${vars.duration.fast}`,
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.brand },
    '&[data-selected]': { borderColor: vars.color.brand, background: vars.color.brandSoft, fontWeight: vars.fontWeight.semibold },
    '&[data-focus-visible]': { boxShadow: vars.shadow.focus },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.disabled, background: vars.color.disabledSurface },
  },
});

export const dot = style({
  flexShrink: 0,
  width: 20,
  height: 20,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  transition: `border-width ${vars.duration.fast}`,
  selectors: { [`${radio}[data-selected] &`]: { borderColor: vars.color.brand, borderWidth: 6 } },
});
