import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 48,
  padding: `0 ${vars.space.xl}`,
  border: '2px solid transparent',
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1.2,
  textDecoration: 'none',
  cursor: 'pointer',
  userSelect: 'none',
  WebkitTapHighlightColor: 'transparent',
  transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}, transform ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { boxShadow: vars.shadow.focus },
    '&[data-pressed]': { transform: 'translateY(1px)' },
    '&[data-disabled]': { cursor: 'not-allowed' },
    '&[data-pending]': { cursor: 'progress' },
  },
});

export const variant = styleVariants({
  primary: [
    base,
    {
      background: vars.color.accent,
      color: vars.color.accentContrast,
      boxShadow: vars.shadow.sm,
      selectors: {
        '&[data-hovered]': { background: vars.color.accentStrong },
        '&[data-pressed]': { background: vars.color.accentStrong },
        '&[data-disabled]': { background: vars.color.disabledSurface, color: vars.color.disabled, boxShadow: 'none' },
      },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.brand,
      borderColor: vars.color.brand,
      selectors: {
        '&[data-hovered]': { background: vars.color.brandSoft },
        '&[data-pressed]': { background: vars.color.brandSoft },
        '&[data-disabled]': { borderColor: vars.color.border, color: vars.color.disabled, background: vars.color.surface },
      },
    },
  ],
  brand: [
    base,
    {
      background: vars.color.brand,
      color: vars.color.brandContrast,
      selectors: {
        '&[data-hovered]': { background: vars.color.brandStrong },
        '&[data-pressed]': { background: vars.color.brandStrong },
        '&[data-disabled]': { background: vars.color.disabledSurface, color: vars.color.disabled },
      },
    },
  ],
  link: [
    base,
    {
      minHeight: 'auto',
      padding: `${vars.space.xs} ${vars.space.xxs}`,
      borderRadius: vars.radius.sm,
      background: 'transparent',
      color: vars.color.brand,
      textDecoration: 'underline',
      textUnderlineOffset: '3px',
      selectors: {
        '&[data-hovered]': { color: vars.color.brandStrong, textDecorationThickness: '2px' },
        '&[data-disabled]': { color: vars.color.disabled, textDecoration: 'none' },
      },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: 'inherit',
      selectors: {
        '&[data-hovered]': { background: 'rgba(127, 127, 127, 0.12)' },
        '&[data-disabled]': { color: vars.color.disabled },
      },
    },
  ],
});

export const size = styleVariants({
  md: {},
  sm: { minHeight: 38, padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.sm },
  lg: { minHeight: 56, padding: `0 ${vars.space.xxl}`, fontSize: vars.fontSize.lg },
});

export const fullWidth = style({ width: '100%' });

/** Keeps the label's width (and accessible name) while the spinner covers it, so the button does not jump. */
export const pendingLabel = style({ opacity: 0 });
export const pendingLayer = style({ position: 'relative', display: 'inline-flex', alignItems: 'center', justifyContent: 'center' });
export const spinnerSlot = style({ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' });
