import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&[data-pressed]': { borderColor: vars.color.brand },
    '&[data-focus-visible]': { borderColor: vars.color.brand, boxShadow: vars.shadow.focus },
    // the Select root carries data-invalid, not its button: the border turns red like the text fields'
    '[data-invalid] > &': { borderColor: vars.color.danger },
  },
});

export const value = style({
  flex: 1,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});

export const chevron = style({ flexShrink: 0, color: vars.color.textMuted });

export const popover = style({
  width: 'var(--trigger-width)',
  maxHeight: 320,
  overflow: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const listBox = style({ padding: vars.space.xs, outline: 'none' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.brandSoft },
    '&[data-selected]': { fontWeight: vars.fontWeight.semibold, color: vars.color.brand },
    '&[data-disabled]': { color: vars.color.disabled, cursor: 'not-allowed' },
  },
});

export const empty = style({ padding: vars.space.md, color: vars.color.textMuted });
