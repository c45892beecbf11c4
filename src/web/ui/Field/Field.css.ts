import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** Shared look of every form field: label on top, control, description, error. */
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const required = style({ color: vars.color.danger, marginLeft: vars.space.xxs });

export const control = style({
  width: '100%',
  minHeight: 50,
  padding: `0 ${vars.space.lg}`,
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  outline: 'none',
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 0.8 },
    '&[data-hovered]': { borderColor: vars.color.brand },
    '&[data-focused], &:focus-visible': { borderColor: vars.color.brand, boxShadow: vars.shadow.focus },
    '&[data-invalid], &[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-disabled], &:disabled': {
      background: vars.color.disabledSurface,
      color: vars.color.disabled,
      borderColor: vars.color.border,
      cursor: 'not-allowed',
    },
  },
});

export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const error = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.danger,
});

/** An input with a fixed prefix ("R$", "+") drawn inside the box. */
export const affixGroup = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
});
export const prefix = style({
  position: 'absolute',
  left: vars.space.lg,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
  pointerEvents: 'none',
});
export const withPrefix = style({ paddingLeft: '2.6em' });
