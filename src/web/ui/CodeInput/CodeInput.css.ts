import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { codeBoxCompact } from '../../theme/media';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, border: 0, padding: 0, margin: 0 });

export const boxes = style({
  display: 'flex',
  gap: vars.space.sm,
  '@media': { [codeBoxCompact]: { gap: '6px' } },
});

// Spec §9: boxes 58 px, 45 px under 500 px of width.
export const box = style({
  width: 58,
  height: 58,
  padding: 0,
  textAlign: 'center',
  fontSize: '1.625rem',
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  caretColor: vars.color.brand,
  outline: 'none',
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&:focus': { borderColor: vars.color.brand, boxShadow: vars.shadow.focus },
    '&[data-filled]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, background: vars.color.dangerSoft },
    '&:disabled': { background: vars.color.disabledSurface, color: vars.color.disabled, cursor: 'not-allowed' },
  },
  '@media': { [codeBoxCompact]: { width: 45, height: 45, fontSize: '1.25rem' } },
});
